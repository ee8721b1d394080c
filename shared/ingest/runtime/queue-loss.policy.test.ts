import { describe, expect, it } from 'vitest';
import { intactOn, type QueueMarker, recoverLostQueue } from './queue-loss.policy.ts';

/** Redis's marker key in memory; `lose()` is a FLUSHALL, `restartFrom()` a restart from a snapshot. */
class MemoryMarker implements QueueMarker {
  value: string | null = null;
  serverId = 'run-1';
  lose(): void {
    this.value = null;
  }
  restartFrom(snapshot: string | null): void {
    this.serverId = `run-${Number(this.serverId.slice(4)) + 1}`;
    this.value = snapshot;
  }
  async read() {
    return this.value;
  }
  async server() {
    return this.serverId;
  }
  async write(value: string) {
    this.value = value;
  }
  async replace(expected: string, value: string) {
    if (this.value !== expected) return false;
    this.value = value;
    return true;
  }
}

function world(unconfirmed = 3) {
  const marker = new MemoryMarker();
  const calls: string[] = [];
  const deps = {
    marker,
    relayUnconfirmedAgain: async () => {
      calls.push('relay again');
      return unconfirmed;
    },
    restoreSchedules: async () => void calls.push('schedules'),
    logger: { warn: () => undefined },
  };
  return { marker, calls, deps };
}

describe('recoverLostQueue', () => {
  it('does nothing while the marker says Redis is intact', async () => {
    const w = world();
    w.marker.value = intactOn('run-1');
    expect(await recoverLostQueue(w.deps)).toBeNull();
    expect(w.calls).toEqual([]);
  });

  it('relays the unconfirmed changes again and restores the schedules once the marker is gone, then marks Redis intact', async () => {
    const w = world(3);
    w.marker.value = intactOn('run-1');
    w.marker.lose();
    expect(await recoverLostQueue(w.deps)).toBe(3);
    expect(w.calls).toEqual(['relay again', 'schedules']);
    expect(w.marker.value).toBe(intactOn('run-1'));
    expect(await recoverLostQueue(w.deps)).toBeNull();
  });

  it('recovers when another Redis server process answers with the marker of an older snapshot', async () => {
    const w = world(2);
    w.marker.value = intactOn('run-1');
    w.marker.restartFrom(intactOn('run-1')); // a crash with RDB persistence: jobs added since the last save are gone
    expect(await recoverLostQueue(w.deps)).toBe(2);
    expect(w.marker.value).toBe(intactOn('run-2'));
    expect(await recoverLostQueue(w.deps)).toBeNull();
  });

  it('starts over when Redis loses its data again during a recovery', async () => {
    const w = world();
    w.deps.relayUnconfirmedAgain = async () => {
      w.calls.push('relay again');
      if (w.calls.length === 1) w.marker.lose(); // the relay may have enqueued into the Redis that is lost now
      return 1;
    };
    await recoverLostQueue(w.deps);
    expect(w.marker.value).toBeNull();
    await recoverLostQueue(w.deps);
    expect(w.calls.filter((c) => c === 'relay again')).toHaveLength(2);
    expect(w.marker.value).toBe(intactOn('run-1'));
  });

  it('repeats a recovery that failed half-way (a crash, Postgres away): the marker stays "recovering"', async () => {
    const w = world();
    w.deps.restoreSchedules = async () => {
      throw new Error('Redis went away');
    };
    await expect(recoverLostQueue(w.deps)).rejects.toThrow('Redis went away');
    expect(w.marker.value).toMatch(/^recovering:/);
    w.deps.restoreSchedules = async () => void w.calls.push('schedules');
    await recoverLostQueue(w.deps);
    expect(w.calls).toEqual(['relay again', 'relay again', 'schedules']);
    expect(w.marker.value).toBe(intactOn('run-1'));
  });
});
