import { describe, expect, it } from 'vitest';
import { lastJsonLine } from './fill-store.ts';

describe('lastJsonLine: what the child that fills a new store reported', () => {
  it('reads its last line as JSON, after whatever else was printed', () => {
    expect(lastJsonLine('{"designers":500,"openRoles":40}\n')).toEqual({ designers: 500, openRoles: 40 });
    expect(lastJsonLine('a dependency says hello\n{"designers":500,"openRoles":40}\n')).toEqual({ designers: 500, openRoles: 40 });
    expect(lastJsonLine('null\n')).toBeNull();
  });

  it('keeps text that is not JSON as text instead of throwing, so the start goes on', () => {
    expect(lastJsonLine('not json')).toBe('not json');
    expect(lastJsonLine('')).toBe('');
  });
});
