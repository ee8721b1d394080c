import type { Client } from '@elastic/elasticsearch';
import { describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../../domain/errors.ts';
import { SNAPSHOT_KEEP_ALIVE_MS, SnapshotPool } from './snapshot-pool.ts';

/** Just the two calls the pool makes, recording what it asked for. */
function fakeClient() {
  let n = 0;
  const closed: string[] = [];
  const client = {
    openPointInTime: async () => ({ id: `pit-${++n}` }),
    closePointInTime: async ({ id }: { id: string }) => {
      closed.push(id);
      return { succeeded: true, num_freed: 1 };
    },
  } as unknown as Client;
  return { client, closed };
}

describe('SnapshotPool', () => {
  it('opens up to maxOpen, then refuses with a retryable 503 error', async () => {
    const { client } = fakeClient();
    const pool = new SnapshotPool(client, { maxOpen: 2 });
    await pool.open('i');
    await pool.open('i');
    const error = await pool.open('i').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect((error as ServiceUnavailableError).retryAfterSeconds).toBeGreaterThan(0);
    expect(pool.size()).toBe(2);
  });

  it('concurrent opens cannot overshoot the bound', async () => {
    const { client } = fakeClient();
    const pool = new SnapshotPool(client, { maxOpen: 3 });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => pool.open('i')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(pool.size()).toBe(3);
  });

  it('close frees a slot at once and closes the context on the cluster', async () => {
    const { client, closed } = fakeClient();
    const pool = new SnapshotPool(client, { maxOpen: 1 });
    const id = await pool.open('i');
    await pool.close(id);
    expect(closed).toEqual([id]);
    expect(pool.size()).toBe(0);
    await expect(pool.open('i')).resolves.toBe('pit-2');
  });

  it('tracks the snapshots it opened while they are open', async () => {
    const { client } = fakeClient();
    const pool = new SnapshotPool(client, { maxOpen: 2 });
    const id = await pool.open('i');
    expect(pool.tracks(id)).toBe(true);
    expect(pool.tracks('made-up-id-of-someone-elses-context')).toBe(false);
    await pool.release(id);
    await pool.finish(id);
    expect(pool.tracks(id)).toBe(false);
  });

  it('a finished snapshot closes when the last request reading it lets go, and is given to no new request', async () => {
    const { client, closed } = fakeClient();
    const pool = new SnapshotPool(client, { maxOpen: 3 });
    const id = await pool.open('i', { walk: 'first-cursor' });
    const again = await pool.open('i', { walk: 'first-cursor' });
    expect(again).toBe(id);
    // One request reached the last page; the other still reads the snapshot.
    await pool.finish(id);
    await pool.release(id);
    expect(closed).toEqual([]);
    expect(pool.tracks(id)).toBe(true);
    // A new follower of the same first cursor gets a snapshot of its own.
    const third = await pool.open('i', { walk: 'first-cursor' });
    expect(third).not.toBe(id);
    await pool.release(id);
    expect(closed).toEqual([id]);
    expect(pool.tracks(id)).toBe(false);
    expect(pool.size()).toBe(1);
  });

  it('an abandoned snapshot stops counting when its keep-alive runs out; each page extends it', async () => {
    const { client } = fakeClient();
    let now = 0;
    const pool = new SnapshotPool(client, { maxOpen: 1, now: () => now });
    const id = await pool.open('i');
    now += SNAPSHOT_KEEP_ALIVE_MS - 1;
    pool.touch(id, id);
    now += SNAPSHOT_KEEP_ALIVE_MS - 1;
    expect(pool.size()).toBe(1);
    now += 2;
    expect(pool.size()).toBe(0);
  });

  it('follows a snapshot whose id Elasticsearch changed', async () => {
    const { client } = fakeClient();
    const pool = new SnapshotPool(client, { maxOpen: 2 });
    const id = await pool.open('i');
    pool.touch(id, 'renamed');
    expect(pool.size()).toBe(1);
  });

  it('a first cursor followed again while its snapshot is open reads the same one, whatever the bound', async () => {
    const { client } = fakeClient();
    const pool = new SnapshotPool(client, { maxOpen: 2 });
    const replays = await Promise.all(Array.from({ length: 10 }, () => pool.open('i', { walk: 'cursor-a' })));
    expect(new Set(replays)).toEqual(new Set(['pit-1']));
    expect(await pool.open('i', { walk: 'cursor-a' })).toBe('pit-1');
    expect(pool.size()).toBe(1);
    // Another walk's first cursor has a snapshot of its own.
    expect(await pool.open('i', { walk: 'cursor-b' })).toBe('pit-2');
    expect(pool.size()).toBe(2);
  });

  it('a first cursor whose snapshot was closed, expired or renamed gets the open one, or a new one', async () => {
    const { client } = fakeClient();
    let now = 0;
    const pool = new SnapshotPool(client, { maxOpen: 5, now: () => now });
    const first = await pool.open('i', { walk: 'cursor-a' });
    pool.touch(first, 'renamed');
    expect(await pool.open('i', { walk: 'cursor-a' })).toBe('renamed');
    await pool.close('renamed');
    const second = await pool.open('i', { walk: 'cursor-a' });
    expect(second).toBe('pit-2');
    now += SNAPSHOT_KEEP_ALIVE_MS;
    expect(await pool.open('i', { walk: 'cursor-a' })).toBe('pit-3');
    expect(pool.size()).toBe(1);
  });

  it('a first cursor refused at the bound is not remembered: followed later, it opens its snapshot', async () => {
    const { client } = fakeClient();
    const pool = new SnapshotPool(client, { maxOpen: 1 });
    const other = await pool.open('i', { walk: 'cursor-a' });
    await expect(pool.open('i', { walk: 'cursor-b' })).rejects.toBeInstanceOf(ServiceUnavailableError);
    await pool.close(other);
    expect(await pool.open('i', { walk: 'cursor-b' })).toBe('pit-2');
  });

  describe('a snapshot another replica opened (from a signed cursor)', () => {
    it('is counted, kept alive and closed on the walk\'s last page as if this pool had opened it', async () => {
      const { client, closed } = fakeClient();
      let now = 0;
      const pool = new SnapshotPool(client, { maxOpen: 3, now: () => now });
      expect(await pool.adopt('elsewhere', { client: 'r1' })).toBe('elsewhere');
      expect(pool.tracks('elsewhere')).toBe(true);
      expect(pool.size()).toBe(1);
      expect(pool.sizeOf('r1')).toBe(1);
      now += SNAPSHOT_KEEP_ALIVE_MS - 1;
      pool.touch('elsewhere', 'elsewhere');
      now += SNAPSHOT_KEEP_ALIVE_MS - 1;
      expect(pool.size()).toBe(1);
      // The last page: held by its request, it closes when that request lets go.
      await pool.finish('elsewhere');
      expect(closed).toEqual([]);
      await pool.release('elsewhere');
      expect(closed).toEqual(['elsewhere']);
      expect(pool.size()).toBe(0);
    });

    it('taken in again while counted, it is the same one and counts once', async () => {
      const { client } = fakeClient();
      const pool = new SnapshotPool(client, { maxOpen: 3 });
      const own = await pool.open('i', { client: 'r1' });
      expect(await pool.adopt(own, { client: 'r1' })).toBe(own);
      await pool.adopt('elsewhere', { client: 'r1' });
      await pool.adopt('elsewhere', { client: 'r1' });
      expect(pool.size()).toBe(2);
      expect(pool.sizeOf('r1')).toBe(2);
    });

    it('counts against the bound: at it, a retryable refusal, and nothing is counted', async () => {
      const { client, closed } = fakeClient();
      const pool = new SnapshotPool(client, { maxOpen: 2 });
      await pool.open('i');
      await pool.adopt('elsewhere-1');
      const refused = await pool.adopt('elsewhere-2').catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ServiceUnavailableError);
      expect((refused as ServiceUnavailableError).retryAfterSeconds).toBeGreaterThan(0);
      expect(pool.tracks('elsewhere-2')).toBe(false);
      expect(pool.size()).toBe(2);
      expect(closed).toEqual([]);
    });

    it('counts against its client\'s share: past it the client\'s least recently read idle snapshot is closed', async () => {
      const { client, closed } = fakeClient();
      let now = 0;
      const pool = new SnapshotPool(client, { maxOpen: 10, maxPerClient: 2, now: () => now });
      const a = await pool.open('i', { client: 'r1' });
      await pool.release(a);
      now += 10;
      await pool.release(await pool.adopt('elsewhere-1', { client: 'r1' }));
      now += 10;
      await pool.adopt('elsewhere-2', { client: 'r1' });
      expect(closed).toEqual([a]);
      expect(pool.sizeOf('r1')).toBe(2);
      await pool.adopt('other-client', { client: 'r2' });
      expect(pool.sizeOf('r2')).toBe(1);
      expect(closed).toEqual([a]);
    });

    it('one the cluster no longer has stops counting at once, though a request holds it', async () => {
      const { client, closed } = fakeClient();
      const pool = new SnapshotPool(client, { maxOpen: 1 });
      await pool.adopt('closed-elsewhere', { client: 'r1' });
      pool.gone('closed-elsewhere');
      expect(pool.size()).toBe(0);
      expect(pool.sizeOf('r1')).toBe(0);
      await pool.release('closed-elsewhere');
      expect(closed).toEqual([]);
      await expect(pool.open('i', { client: 'r1' })).resolves.toBe('pit-1');
    });
  });

  describe('one client cannot take the pool', () => {
    it('past its share, a new walk of the client closes its least recently read snapshot', async () => {
      const { client, closed } = fakeClient();
      let now = 0;
      const pool = new SnapshotPool(client, { maxOpen: 10, maxPerClient: 2, now: () => now });
      const a = await pool.open('i', { walk: 'a', client: 'r1' });
      now += 10;
      const b = await pool.open('i', { walk: 'b', client: 'r1' });
      pool.release(a);
      pool.release(b);
      now += 10;
      pool.touch(a, a); // a was read after b: b is now the least recently read
      const c = await pool.open('i', { walk: 'c', client: 'r1' });
      pool.release(c);
      expect(closed).toEqual([b]);
      expect(pool.sizeOf('r1')).toBe(2);
      expect(pool.size()).toBe(2);
      // b's first cursor, followed again, no longer finds its snapshot: it opens another (and evicts again).
      const again = await pool.open('i', { walk: 'b', client: 'r1' });
      expect(again).not.toBe(b);
      expect(closed).toEqual([b, a]);
    });

    it('another client keeps its snapshots and opens its own, whatever the first one does', async () => {
      const { client, closed } = fakeClient();
      const pool = new SnapshotPool(client, { maxOpen: 10, maxPerClient: 2 });
      const mine = await pool.open('i', { walk: 'mine', client: 'r2' });
      pool.release(mine);
      for (let n = 0; n < 20; n++) pool.release(await pool.open('i', { walk: `flood-${n}`, client: 'r1' }));
      expect(pool.sizeOf('r1')).toBe(2);
      expect(pool.sizeOf('r2')).toBe(1);
      expect(closed).not.toContain(mine);
      expect(await pool.open('i', { walk: 'mine', client: 'r2' })).toBe(mine);
      expect(pool.size()).toBe(3);
    });

    it('never closes a snapshot a request is reading: with all of its share in use, the client is refused', async () => {
      const { client, closed } = fakeClient();
      const pool = new SnapshotPool(client, { maxOpen: 10, maxPerClient: 2 });
      const a = await pool.open('i', { client: 'r1' });
      const b = await pool.open('i', { client: 'r1' });
      pool.release(b);
      pool.hold(b); // a cursor's request reads b
      const refused = await pool.open('i', { client: 'r1' }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ServiceUnavailableError);
      expect((refused as Error).message).toMatch(/this client/i);
      expect(closed).toEqual([]);
      pool.release(a);
      const c = await pool.open('i', { client: 'r1' });
      expect(closed).toEqual([a]);
      expect(c).not.toBe(a);
      pool.release(b);
    });

    it('concurrent walks of one client cannot overshoot its share, and the cluster never holds more than the bound', async () => {
      let n = 0;
      let live = 0;
      let peak = 0;
      const client = {
        openPointInTime: async () => {
          live += 1;
          peak = Math.max(peak, live);
          await new Promise((resolve) => setTimeout(resolve, 1));
          return { id: `pit-${++n}` };
        },
        closePointInTime: async () => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          live -= 1;
          return { succeeded: true, num_freed: 1 };
        },
      } as unknown as Client;
      const pool = new SnapshotPool(client, { maxOpen: 4, maxPerClient: 3 });
      for (let round = 0; round < 5; round++) {
        const ids = await Promise.allSettled(Array.from({ length: 8 }, (_, k) => pool.open('i', { walk: `w${round}-${k}`, client: 'r1' })));
        for (const r of ids) if (r.status === 'fulfilled') pool.release(r.value);
        expect(pool.sizeOf('r1')).toBeLessThanOrEqual(3);
      }
      expect(peak).toBeLessThanOrEqual(4);
      expect(pool.size()).toBe(live);
    });

    it('a renamed snapshot stays its client\'s, and the hold on it moves with it', async () => {
      const { client, closed } = fakeClient();
      const pool = new SnapshotPool(client, { maxOpen: 10, maxPerClient: 1 });
      const a = await pool.open('i', { client: 'r1' });
      pool.touch(a, 'renamed');
      expect(pool.sizeOf('r1')).toBe(1);
      await expect(pool.open('i', { client: 'r1' })).rejects.toBeInstanceOf(ServiceUnavailableError);
      pool.release('renamed');
      await pool.open('i', { client: 'r1' });
      expect(closed).toEqual(['renamed']);
    });

    it('a walk without a client counts only against the bound', async () => {
      const { client } = fakeClient();
      const pool = new SnapshotPool(client, { maxOpen: 3, maxPerClient: 1 });
      await pool.open('i');
      await pool.open('i');
      expect(pool.size()).toBe(2);
    });
  });
});
