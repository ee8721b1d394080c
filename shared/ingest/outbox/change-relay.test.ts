import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logging/logger.ts';
import type { Change } from './change.ts';
import { ChangeRelay } from './change-relay.ts';

/** An outbox in memory: claim takes the oldest unclaimed rows and keeps them only when relay succeeds. */
function outbox(size: number) {
  const rows: Change[] = Array.from({ length: size }, (_, i) => ({ id: i + 1, entity: 'designer', entityId: `d${i}`, op: 'insert', version: 1 }));
  return {
    rows,
    async claim(limit: number, relay: (changes: Change[]) => Promise<void>): Promise<number> {
      const taken = rows.slice(0, limit);
      if (taken.length === 0) return 0;
      await relay(taken);
      rows.splice(0, taken.length);
      return taken.length;
    },
  };
}

async function drain(relay: ChangeRelay, until: () => boolean): Promise<void> {
  relay.start();
  const deadline = Date.now() + 5000;
  while (!until() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  await relay.stop();
}

const logger = createLogger('silent', 'relay-test');

/** A relay over `log` in claims of 10, recording the size of each claim it relays. */
function relayOver(log: ReturnType<typeof outbox>, burstCheckMs: number, onBurst: () => Promise<unknown>) {
  const relayed: number[] = [];
  const relay = new ChangeRelay(log, async (c) => relayed.push(c.length), logger, { batchSize: 10, burstCheckMs }, undefined, onBurst);
  return { relay, relayed };
}

describe('ChangeRelay and bursts', () => {
  it('weighs the backlog after a full claim only, and never more often than burstCheckMs', async () => {
    const log = outbox(25);
    let bursts = 0;
    const { relay, relayed } = relayOver(log, 60_000, async () => {
      bursts += 1;
    });
    await drain(relay, () => log.rows.length === 0);
    expect(relayed).toEqual([10, 10, 5]);
    expect(bursts).toBe(1);
  });

  it('a burst hook that takes the rest of the backlog leaves the claims nothing to relay', async () => {
    const log = outbox(100);
    const { relay, relayed } = relayOver(log, 0, async () => log.rows.splice(0));
    await drain(relay, () => log.rows.length === 0);
    expect(relayed).toEqual([10]);
  });

  it('a failing burst hook leaves the claims to drain the backlog as before', async () => {
    const log = outbox(35);
    let bursts = 0;
    const { relay, relayed } = relayOver(log, 0, async () => {
      bursts += 1;
      throw new Error('Elasticsearch is down');
    });
    await drain(relay, () => log.rows.length === 0);
    expect(relayed).toEqual([10, 10, 10, 5]);
    expect(bursts).toBe(3);
    expect(relay.stats.lastError).toBeNull();
  });
});
