import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { synonymRuleSchema, synonymRuleText } from './synonym-rule.schema.ts';
import { CURATED_SYNONYMS } from './synonyms.rules.ts';

describe('synonymRuleSchema', () => {
  it('reads equivalents: every phrase finds the others', () => {
    expect(synonymRuleSchema.parse(' Art Director, creative director ')).toEqual({
      from: [['art', 'director'], ['creative', 'director']],
      to: [['art', 'director'], ['creative', 'director']],
      oneWay: false,
    });
  });

  it('reads one-way rules and folds accents', () => {
    expect(synonymRuleSchema.parse('Diseñadora UX => ux designer')).toEqual({ from: [['disenadora', 'ux']], to: [['ux', 'designer']], oneWay: true });
  });

  it('refuses rules that say nothing, with the reason', () => {
    const message = (text: string) => synonymRuleSchema.safeParse(text).error?.issues[0]?.message;
    expect(message('')).toMatch(/empty/);
    expect(message('figma')).toMatch(/at least two phrases/);
    expect(message('a => b => c')).toMatch(/one "=>"/);
    expect(message('ux =>')).toMatch(/both sides/);
    expect(message('one two three four five six seven, x')).toMatch(/at most 6 words/);
    expect(message('x, '.repeat(200))).toMatch(/at most 500 characters/);
  });

  it('writes back a text that reads as the same rule', () => {
    const phrase = fc.array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(fc.array(phrase, { minLength: 2, maxLength: 4 }), fc.boolean(), (phrases, oneWay) => {
        const text = oneWay ? `${phrases[0]} => ${phrases.slice(1).join(', ')}` : phrases.join(', ');
        const rule = synonymRuleSchema.parse(text);
        expect(synonymRuleSchema.parse(synonymRuleText(rule))).toEqual(rule);
      }),
    );
  });

  it('reads every curated rule, and the list is broad', () => {
    for (const text of CURATED_SYNONYMS) expect(synonymRuleSchema.safeParse(text).success, text).toBe(true);
    expect(CURATED_SYNONYMS.length).toBeGreaterThanOrEqual(300);
  });
});
