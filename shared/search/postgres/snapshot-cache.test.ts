import { describe, expect, it } from 'vitest';
import { SnapshotCache } from './snapshot-cache.ts';

/** A read that resolves when told to, counting its calls. */
function gatedRead<V>(value: V) {
  let calls = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return {
    read: async () => {
      calls += 1;
      await gate;
      return value;
    },
    open: () => open(),
    calls: () => calls,
  };
}

describe('SnapshotCache', () => {
  it('searches that ask together in one snapshot share one read, and later ones reuse its value', async () => {
    const cache = new SnapshotCache<number>();
    const count = gatedRead(42);
    const together = Array.from({ length: 8 }, () => cache.get('s1', 'count brand', count.read));
    count.open();
    expect(await Promise.all(together)).toEqual(Array(8).fill(42));
    expect(count.calls()).toBe(1);
    expect(await cache.get('s1', 'count brand', count.read)).toBe(42);
    expect(count.calls()).toBe(1);
  });

  it('another snapshot or another read is read on its own', async () => {
    const cache = new SnapshotCache<number>();
    const reads: string[] = [];
    const read = (what: string, value: number) => async () => {
      reads.push(what);
      return value;
    };
    const [a, b, c] = await Promise.all([
      cache.get('s1', 'count brand', read('s1 brand', 1)),
      cache.get('s2', 'count brand', read('s2 brand', 2)),
      cache.get('s1', 'count motion', read('s1 motion', 3)),
    ]);
    expect([a, b, c]).toEqual([1, 2, 3]);
    expect(reads.sort()).toEqual(['s1 brand', 's1 motion', 's2 brand']);
  });

  it('when the shared read fails, its caller gets the error and a waiting search reads for itself, and its value is the one remembered', async () => {
    const cache = new SnapshotCache<number>();
    let fail!: (error: Error) => void;
    const failing = cache.get('s1', 'count', () => new Promise<number>((_, reject) => (fail = reject)));
    let ownReads = 0;
    const waiting = cache.get('s1', 'count', async () => {
      ownReads += 1;
      return 7;
    });
    fail(new Error('statement timeout'));
    await expect(failing).rejects.toThrow('statement timeout');
    expect(await waiting).toBe(7);
    expect(ownReads).toBe(1);
    expect(cache.peek('s1', 'count')).toBe(7);
  });
});

describe('SnapshotCache bounds', () => {
  it('holds what its sizeOf estimates up to its byte bound, the least recently used leaving first', () => {
    const cache = new SnapshotCache<{ n: number }>({ sizeOf: () => 1000, maxBytes: 10_000 });
    for (let n = 0; n < 20; n += 1) cache.set('s1', `read ${n}`, { n });
    const kept = Array.from({ length: 20 }, (_, n) => cache.peek('s1', `read ${n}`)?.n).filter((n) => n !== undefined);
    // 1,000 estimated bytes and 200 of the entry's own: eight entries fit in 10,000.
    expect(kept).toEqual([12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it('keeps long keys apart though only their digest is held: two reads differing in their last character', async () => {
    const cache = new SnapshotCache<number>();
    const sql = `SELECT count(*) FROM designer_search WHERE ${'x'.repeat(20_000)}`;
    cache.set('s1', `${sql}1`, 1);
    cache.set('s1', `${sql}2`, 2);
    expect([cache.peek('s1', `${sql}1`), cache.peek('s1', `${sql}2`), cache.peek('s1', `${sql}3`)]).toEqual([1, 2, undefined]);
    expect(await cache.get('s2', `${sql}1`, async () => 10)).toBe(10);
  });
});
