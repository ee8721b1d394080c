import { describe, expect, it } from 'vitest';
import { QUEUE_INTACT, type QueueMarker, recoverLostQueue } from './queue-loss.policy.ts';

/** Redis's marker key in memory; `lose()` is a FLUSHALL. */
class MemoryMarker implements QueueMarker {
  value: string | null = null;
  lose(): void {
    this.value = null;
  }
  async read() {
    return this.value;
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
    w.marker.value = QUEUE_INTACT;
    expect(await recoverLostQueue(w.deps)).toBeNull();
    expect(w.calls).toEqual([]);
  });

  it('relays the unconfirmed changes again and restores the schedules once the marker is gone, then marks Redis intact', async () => {
    const w = world(3);
    w.marker.value = QUEUE_INTACT;
    w.marker.lose();
    expect(await recoverLostQueue(w.deps)).toBe(3);
    expect(w.calls).toEqual(['relay again', 'schedules']);
    expect(w.marker.value).toBe(QUEUE_INTACT);
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
    expect(w.marker.value).toBe(QUEUE_INTACT);
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
    expect(w.marker.value).toBe(QUEUE_INTACT);
  });
});
