import { describe, expect, it } from 'vitest';
import { NO_QUERY_TERMS, queryTermsBytes } from './query-terms.ts';

describe('queryTermsBytes', () => {
  it('grows with the words, their expansions and the known words, from nothing for no lookup', () => {
    const one = { expansions: new Map([['brand', ['brands']]]), known: new Set(['brand']) };
    const fifty = { expansions: new Map([['brand', Array.from({ length: 50 }, (_, i) => `brand${i}`)]]), known: new Set(['brand']) };
    expect(queryTermsBytes(NO_QUERY_TERMS)).toBe(0);
    expect(queryTermsBytes(one)).toBeGreaterThan(0);
    // Fifty expansions of ~6 characters: 50 × (8 + 40 + 2 × 6..7) more than one.
    expect(queryTermsBytes(fifty) - queryTermsBytes(one)).toBeGreaterThanOrEqual(49 * 60);
  });
});
