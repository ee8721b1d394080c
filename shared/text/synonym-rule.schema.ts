import { z } from 'zod';
import { tokenize } from './fold.ts';

/**
 * One synonym rule as curators write it, in the forms Typesense and Algolia use:
 * - equivalents, comma-separated: `art director, creative director` (each finds the others);
 * - one way, with `=>`: `cdo => chief design officer` (the left side finds the right, not back).
 * Each side is a list of phrases of one or more words; words are folded as search folds them, so
 * `diseñadora` and `disenadora` are one rule.
 */
export interface SynonymRule {
  /** Phrases (folded words) a query may hold. */
  from: string[][];
  /** Phrases each `from` phrase also finds. For equivalents, the same list as `from`. */
  to: string[][];
  oneWay: boolean;
}

/** Longest phrase a rule may hold, in words: queries are matched phrase by phrase, up to this length. */
export const MAX_SYNONYM_PHRASE_WORDS = 6;
/** Longest rule text a curator may store. */
export const MAX_SYNONYM_RULE_LENGTH = 500;

const phrases = (side: string): string[][] =>
  side
    .split(',')
    .map((phrase) => tokenize(phrase))
    .filter((words) => words.length > 0);

/** The text of a rule: trimmed, one `=>` at most, and at least two phrases in all (one on each side for `=>`). */
export const synonymRuleSchema = z
  .string()
  .trim()
  .min(1, 'a synonym rule is empty')
  .max(MAX_SYNONYM_RULE_LENGTH, `a synonym rule holds at most ${MAX_SYNONYM_RULE_LENGTH} characters`)
  .transform((text, ctx): SynonymRule => {
    const sides = text.split('=>');
    if (sides.length > 2) {
      ctx.addIssue({ code: 'custom', message: 'a synonym rule holds at most one "=>"' });
      return z.NEVER;
    }
    const from = phrases(sides[0]!);
    const to = sides.length === 2 ? phrases(sides[1]!) : from;
    const oneWay = sides.length === 2;
    if (oneWay ? from.length === 0 || to.length === 0 : from.length < 2) {
      ctx.addIssue({ code: 'custom', message: oneWay ? 'a one-way rule names words on both sides of "=>"' : 'a synonym rule lists at least two phrases, separated by commas' });
      return z.NEVER;
    }
    if ([...from, ...to].some((words) => words.length > MAX_SYNONYM_PHRASE_WORDS)) {
      ctx.addIssue({ code: 'custom', message: `a synonym phrase holds at most ${MAX_SYNONYM_PHRASE_WORDS} words` });
      return z.NEVER;
    }
    return { from, to, oneWay };
  });

/** The normal text of a rule (folded words, ", " and " => "): what the store keeps and lists. */
export function synonymRuleText(rule: SynonymRule): string {
  const side = (list: string[][]) => list.map((words) => words.join(' ')).join(', ');
  return rule.oneWay ? `${side(rule.from)} => ${side(rule.to)}` : side(rule.from);
}
