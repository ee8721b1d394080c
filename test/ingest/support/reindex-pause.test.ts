import { describe, expect, it } from 'vitest';
import { reindexPause } from './reindex-pause.ts';

describe('reindexPause (crash-test rebuild observer)', () => {
  it('does nothing when unset', () => {
    expect(reindexPause(undefined)).toEqual({});
  });

  it('rejects an unknown pause point', () => {
    expect(() => reindexPause('loading@2')).toThrow();
    expect(() => reindexPause('nowhere')).toThrow();
  });

  it('holds at the named phase, once, announcing it, until the job is cancelled', async () => {
    const lines: string[] = [];
    const controller = new AbortController();
    const hooks = reindexPause('swapping', controller.signal, (l) => lines.push(l));
    expect(hooks.onPhase!('designers', 'replaying')).toBeUndefined();
    const held = hooks.onPhase!('designers', 'swapping') as Promise<void>;
    let settled = false;
    void held.catch(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    expect(lines).toEqual(['reindex-test-paused swapping designers\n']);
    controller.abort(new Error('cancelled'));
    await expect(held).rejects.toThrow('cancelled');
    expect(hooks.onPhase!('designers', 'swapping')).toBeUndefined();
  });

  it('holds during the load once the loaded fraction reaches the threshold', () => {
    const lines: string[] = [];
    const hooks = reindexPause('loading@0.5', undefined, (l) => lines.push(l));
    expect(hooks.onAdvance!('designers', 49, 100)).toBeUndefined();
    expect(hooks.onAdvance!('designers', 50, 100)).toBeInstanceOf(Promise);
    expect(lines).toEqual(['reindex-test-paused loading@0.5 designers 50/100\n']);
  });
});
