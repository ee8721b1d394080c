import { describe, expect, it } from 'vitest';
import { MAX_RESULT_WINDOW, resolvePage, REST_PAGE_RULES, TOOL_PAGE_RULES } from './pagination.ts';

describe('resolvePage', () => {
  it('REST: default limit 50, offset 0', () => {
    expect(resolvePage({}, REST_PAGE_RULES)).toEqual({ limit: 50, offset: 0 });
  });

  it('REST: a limit above 100 is clamped to 100, not refused', () => {
    expect(resolvePage({ limit: 500 }, REST_PAGE_RULES).limit).toBe(100);
    expect(resolvePage({ limit: 101 }, REST_PAGE_RULES).limit).toBe(100);
    expect(resolvePage({ limit: 100 }, REST_PAGE_RULES).limit).toBe(100);
    expect(resolvePage({ limit: 7 }, REST_PAGE_RULES).limit).toBe(7);
  });

  it('limit 0 stays 0 (only the total is wanted)', () => {
    expect(resolvePage({ limit: 0 }, REST_PAGE_RULES).limit).toBe(0);
  });

  it('tools: default 10, maximum 50', () => {
    expect(resolvePage({}, TOOL_PAGE_RULES).limit).toBe(10);
    expect(resolvePage({ limit: 80 }, TOOL_PAGE_RULES).limit).toBe(50);
  });

  it('keeps offset and cursor as given', () => {
    expect(resolvePage({ offset: 30, cursor: 'c' }, REST_PAGE_RULES)).toEqual({ limit: 50, offset: 30, cursor: 'c' });
    expect(resolvePage({ offset: undefined, cursor: undefined }, REST_PAGE_RULES)).not.toHaveProperty('cursor');
  });

  it('the result window is that of Elasticsearch', () => {
    expect(MAX_RESULT_WINDOW).toBe(10_000);
  });
});
