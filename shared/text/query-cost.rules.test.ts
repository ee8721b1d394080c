import { describe, expect, it } from 'vitest';
import { tokenize } from './fold.ts';
import { QUERY_TEXT_LIMITS, queryCostProblem, queryLimitsText } from './query-cost.rules.ts';

const MAX = 200;

describe('queryCostProblem: the cost of a free-text value, measured after folding', () => {
  it('passes everyday text, accents, ligatures and fullwidth letters that stay near their length', () => {
    for (const value of ['brand designer in berlin', 'Zoë Müller', 'ﬁnance ﬂow', 'ｐｒｏｄｕｃｔ ｄｅｓｉｇｎ', 'Straße', '株式会社 デザイン']) {
      expect(queryCostProblem(value, MAX), value).toBeNull();
    }
  });

  it('refuses 171 × ㍿: 171 characters that fold to one word of 684 letters', () => {
    const value = '\u337f'.repeat(171);
    expect(tokenize(value).map((w) => w.length)).toEqual([684]);
    expect(queryCostProblem(value, MAX)).toBe(
      'must be at most 240 characters once folded for matching (this value has 684; compatibility characters count as the letters they stand for, such as ㍿ as 株式会社 and ﬃ as ffi)',
    );
  });

  it('refuses a word longer than the word limit, short of the folded limit (9 × ㍿ is a word of 36)', () => {
    expect(queryCostProblem('\u337f'.repeat(9), MAX)).toMatch(/^must have words of at most 32 letters or digits \(one has 36; compatibility/);
    expect(queryCostProblem('\u337f'.repeat(8), MAX)).toBeNull();
    expect(queryCostProblem('a'.repeat(33), MAX)).toBe('must have words of at most 32 letters or digits (one has 33)');
    expect(queryCostProblem('a'.repeat(32), MAX)).toBeNull();
  });

  it('refuses more words than the limit, counted after folding (U+FDFA is four words)', () => {
    expect(tokenize('\ufdfa')).toHaveLength(4);
    expect(queryCostProblem('\ufdfa '.repeat(11), MAX)).toMatch(/^must have at most 40 words \(this value has 44; compatibility/);
    expect(queryCostProblem('\ufdfa '.repeat(10), MAX)).toBeNull();
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    expect(queryCostProblem(words(QUERY_TEXT_LIMITS.words), MAX)).toBeNull();
    expect(queryCostProblem(words(QUERY_TEXT_LIMITS.words + 1), MAX)).toBe('must have at most 40 words (this value has 41)');
  });

  it('bounds the folded length at 1.2 times the character limit: some ß and ﬃ fit, a value of ﬃ alone does not', () => {
    expect(queryCostProblem('Straße '.repeat(28).trim(), MAX)).toBeNull();
    // 100 × "ﬃ " is 200 characters that fold to 400: refused by the folded limit, whatever its words.
    expect(queryCostProblem('ﬃ '.repeat(100), MAX)).toMatch(/^must be at most 240 characters once folded for matching \(this value has 400;/);
    expect(queryCostProblem('ﬃ '.repeat(50), 100)).toMatch(/^must be at most 120 characters once folded/);
  });

  it('counts code points, not UTF-16 units: 32 letters outside the BMP are one allowed word', () => {
    expect(queryCostProblem('𠀀'.repeat(32), MAX)).toBeNull();
    expect(queryCostProblem('𠀀'.repeat(33), MAX)).toMatch(/one has 33/);
  });

  it('documents the limits it applies', () => {
    expect(queryLimitsText(MAX)).toBe(
      'At most 200 characters; once folded for matching (ﬃ is ffi, ㍿ is 株式会社), at most 240 characters, 40 words and 32 letters or digits a word.',
    );
  });
});
