import { describe, expect, it } from 'vitest';
import { SHORT_PREFIX_FRESH_MS, SHORT_PREFIX_STALE_MS, ShortPrefixCache } from './short-prefix-cache.ts';

function counting() {
  let calls = 0;
  let fail = false;
  return {
    load: async () => {
      calls += 1;
      if (fail) throw new Error('engine down');
      return { n: calls };
    },
    calls: () => calls,
    failNext: () => {
      fail = true;
    },
  };
}

/** A cache on a clock the test moves (from 1: lru-cache reads a start of 0 as none), and an engine that counts what it is asked. */
function fixture() {
  const clock = { t: 1 };
  return { clock, cache: new ShortPrefixCache<{ n: number }>(() => clock.t), engine: counting() };
}

describe('ShortPrefixCache', () => {
  it('serves a fresh entry without asking again', async () => {
    const { clock, cache, engine } = fixture();
    expect(await cache.get('s', engine.load)).toEqual({ n: 1 });
    clock.t = SHORT_PREFIX_FRESH_MS;
    expect(await cache.get('s', engine.load)).toEqual({ n: 1 });
    expect(engine.calls()).toBe(1);
    // Each key on its own.
    expect(await cache.get('t', engine.load)).toEqual({ n: 2 });
  });

  it('serves an older entry at once and refreshes it behind the request, once however many ask', async () => {
    const { clock, cache, engine } = fixture();
    await cache.get('s', engine.load);
    clock.t = SHORT_PREFIX_FRESH_MS + 2;
    const [a, b] = await Promise.all([cache.get('s', engine.load), cache.get('s', engine.load)]);
    expect([a, b]).toEqual([{ n: 1 }, { n: 1 }]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(engine.calls()).toBe(2);
    expect(await cache.get('s', engine.load)).toEqual({ n: 2 });
  });

  it('never serves an entry past the stale bound: the request waits for fresh completions', async () => {
    const { clock, cache, engine } = fixture();
    await cache.get('s', engine.load);
    clock.t = SHORT_PREFIX_STALE_MS + 1;
    expect(await cache.get('s', engine.load)).toEqual({ n: 2 });
  });

  it('drops an entry whose refresh fails, so the next request sees the engine\'s error', async () => {
    const { clock, cache, engine } = fixture();
    await cache.get('s', engine.load);
    clock.t = SHORT_PREFIX_FRESH_MS + 2;
    engine.failNext();
    expect(await cache.get('s', engine.load)).toEqual({ n: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    await expect(cache.get('s', engine.load)).rejects.toThrow('engine down');
  });
});
