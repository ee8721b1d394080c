import { describe, expect, it } from 'vitest';
import { tokenize } from './fold.ts';
import { QUERY_TEXT_LIMITS, queryCostProblem } from './query-cost.rules.ts';

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
      'must be at most 400 characters once folded for matching (this value has 684; compatibility characters count as the letters they stand for, such as ㍿ as 株式会社 and ﬃ as ffi)',
    );
  });

  it('refuses a word longer than the word limit, short of the folded limit (17 × ㍿ is a word of 68)', () => {
    expect(queryCostProblem('\u337f'.repeat(17), MAX)).toMatch(/^must have words of at most 64 letters or digits \(one has 68; compatibility/);
    expect(queryCostProblem('\u337f'.repeat(16), MAX)).toBeNull();
    expect(queryCostProblem('a'.repeat(65), MAX)).toBe('must have words of at most 64 letters or digits (one has 65)');
    expect(queryCostProblem('a'.repeat(64), MAX)).toBeNull();
  });

  it('refuses more words than the limit, counted after folding (U+FDFA is four words)', () => {
    expect(tokenize('\ufdfa')).toHaveLength(4);
    expect(queryCostProblem('\ufdfa '.repeat(11), MAX)).toMatch(/^must have at most 40 words \(this value has 44; compatibility/);
    expect(queryCostProblem('\ufdfa '.repeat(10), MAX)).toBeNull();
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    expect(queryCostProblem(words(QUERY_TEXT_LIMITS.words), MAX)).toBeNull();
    expect(queryCostProblem(words(QUERY_TEXT_LIMITS.words + 1), MAX)).toBe('must have at most 40 words (this value has 41)');
  });

  it('bounds the folded length at twice the character limit: ß and ﬃ fit, a value of ﬃ alone does not', () => {
    expect(queryCostProblem('ß'.repeat(32).replace(/(.{4})/g, '$1 '), MAX)).toBeNull();
    // 150 × ﬃ folds to 450 letters (and would be refused for its word length too): the folded limit says so first.
    expect(queryCostProblem('ﬃ'.repeat(150), MAX)).toMatch(/^must be at most 400 characters once folded for matching \(this value has 450;/);
    expect(queryCostProblem('ﬃ '.repeat(66), 100)).toMatch(/^must be at most 200 characters once folded/);
  });

  it('counts code points, not UTF-16 units: 64 letters outside the BMP are one allowed word', () => {
    expect(queryCostProblem('𠀀'.repeat(64), MAX)).toBeNull();
    expect(queryCostProblem('𠀀'.repeat(65), MAX)).toMatch(/one has 65/);
  });
});
