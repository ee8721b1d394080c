import type { QueryWords } from '../query-words.ts';
import type { WordExpansion } from '../query-synonyms.ts';
import type { QueryTerms } from './query-terms.ts';
import { anyOf, followedBy, formLexeme, lexeme, type Weight } from './text-search.ts';

/**
 * The words of a free-text query as tsqueries: each way a word can match (exact, form, prefix, synonym,
 * fuzzy) in each field, and its scoring tests best first. free-text.sql.ts builds the match and score on them.
 */

/** Relevance points per tsvector weight, from the engine-neutral field boosts. */
export type FieldWeights = Readonly<Record<Weight, number>>;

/**
 * The twin of MATCH_TIER_BOOSTS in the Elasticsearch engine: per word, only its best match counts, an
 * exact word beats another form of it, that a prefix, that a synonym, and all beat a word within the
 * typo allowance in any field.
 */
export const MATCH_TIER_POINTS = { exact: 10, form: 8, prefix: 6, synonym: 4, knownPrefix: 3, fuzzy: 1 } as const;

/** What the word matchers are built from (a part of FreeTextOptions). */
export interface WordMatcherInput {
  query: QueryWords;
  /** Per word, the vocabulary words within its typo allowance, and which words some record holds as they are (see query-terms.ts). */
  terms: QueryTerms;
  weights: FieldWeights;
  /**
   * Per word of `query` (expandQueryWords), its stem and synonym phrases, matched as stems in the fields
   * at `formWeights` (the stemmed fields: TextField.forms). Absent: the literal words alone.
   */
  expansions?: readonly WordExpansion[] | undefined;
  formWeights?: string | undefined;
  /** Words spelled right (spelledWords: those of a concept the synonym rules know, a required place's name), matched without their typo allowance. */
  spelled?: ReadonlySet<string> | undefined;
  /**
   * The words that name a tool (toolWords) and the weights of the company's name: there such a word scores by
   * a title's stems alone, so a company named after the tool earns it nothing (it still matches).
   */
  tools?: readonly number[] | undefined;
  toolWeights?: string | undefined;
  /** The weights whose fields say where the record is: a place the request names (`places`) earns its bonus there. */
  placeWeights?: string | undefined;
  /** The place words every match holds, in `placeWeights` where given (placeOnlyWords), and scores there alone. */
  placeOnlyWords?: readonly number[] | undefined;
}


/** One scoring test of a word: a tsquery and the points it earns. */
export interface WordTest {
  q: string;
  points: number;
}

/** The tsqueries of the query's words: per word and field, each way it can match. */
export interface WordMatchers {
  /** The best-weighted field (the name): where filler and initials count, and its points. */
  nameWeight: Weight;
  namePoints: number;
  /** Some record holds the word as it is (else its exact tests would fail on every row). */
  held(word: string): boolean;
  exact(word: string, restrict?: string): string;
  /** Word i as a prefix within `restrict` (every weight when unset): anywhere, or an initial in the name; else null. */
  prefix(i: number, restrict?: string): string | null;
  fuzzy(word: string, restrict?: string): string[];
  /** Word i by its stem, in the stemmed fields within `restrict`; null without expansions. */
  form(i: number, restrict?: string): string | null;
  /** Word i by its synonym phrases, in the stemmed fields within `restrict`. */
  synonyms(i: number, restrict?: string): string[];
  /** Word i by what its phrase in another language means (WordExpansion.meanings), in the stemmed fields within `restrict`. */
  meanings(i: number, restrict?: string): string[];
  /**
   * Every way word i matches within `restrict`, as one tsquery; within its typo allowance only in
   * `typosIn` when given (a place's name, spelled right, is held by a typo only in the name).
   */
  alternatives(i: number, restrict?: string, typosIn?: string): string;
  /** The most operands one word's alternatives hold. */
  widest: number;
}

export function wordMatchers({ query, terms, weights, expansions, formWeights, spelled }: WordMatcherInput): WordMatchers {
  const { words, prefix } = query;
  const [best] = Object.entries(weights).sort(([, a], [, b]) => b - a);
  const nameWeight = best![0] as Weight;
  const { known } = terms;
  // "ux writer" names a concept: "writes" is no typo of it, as in the Elasticsearch engine.
  const typos = spelled ? new Map([...terms.expansions].filter(([word]) => !spelled.has(word))) : terms.expansions;
  /** The stemmed weights within `restrict`, or null when none is left. */
  const stemmedWithin = (restrict?: string): string | null => {
    if (!expansions || !formWeights) return null;
    const letters = [...formWeights].filter((l) => restrict === undefined || restrict.includes(l)).join('');
    return letters || null;
  };
  const matchers: WordMatchers = {
    nameWeight,
    namePoints: best![1],
    held: (word) => known === undefined || known.has(word),
    exact: (word, restrict) => lexeme(word, { weights: restrict }),
    prefix: (i, restrict) => {
      if (prefix[i] === 'any') return lexeme(words[i]!, { prefix: true, weights: restrict });
      if (prefix[i] === 'name' && (restrict === undefined || restrict.includes(nameWeight))) return lexeme(words[i]!, { prefix: true, weights: nameWeight });
      return null;
    },
    fuzzy: (word, restrict) => (typos.get(word) ?? []).map((t) => lexeme(t, { weights: restrict })),
    form: (i, restrict) => {
      const letters = stemmedWithin(restrict);
      const expansion = expansions?.[i];
      return letters && expansion ? formLexeme(expansion.form, letters) : null;
    },
    synonyms: (i, restrict) => stemPhrases(expansions?.[i]?.synonyms, stemmedWithin(restrict)),
    meanings: (i, restrict) => stemPhrases(expansions?.[i]?.meanings, stemmedWithin(restrict)),
    alternatives: (i, restrict, typosIn) => {
      const word = words[i]!;
      const asPrefix = matchers.prefix(i, restrict);
      const form = matchers.form(i, restrict);
      const typoWeights = typosIn === undefined ? restrict : [...typosIn].filter((l) => restrict === undefined || restrict.includes(l)).join('');
      return anyOf([
        lexeme(word, { weights: restrict }),
        ...(typoWeights === '' ? [] : matchers.fuzzy(word, typoWeights)),
        ...(asPrefix ? [asPrefix] : []),
        ...(form ? [form] : []),
        ...matchers.synonyms(i, restrict),
      ]);
    },
    widest: 0,
  };
  const synonymOperands = (i: number) => (expansions?.[i]?.synonyms ?? []).reduce((sum, phrase) => sum + phrase.length, 0);
  matchers.widest = Math.max(...words.map((w, i) => 2 + (typos.get(w)?.length ?? 0) + (expansions && formWeights ? 1 + synonymOperands(i) : 0)));
  return matchers;
}

/** Phrases of stems as tsqueries over the stemmed weights `letters` (none without them). */
function stemPhrases(phrases: readonly string[][] | undefined, letters: string | null): string[] {
  if (!letters || !phrases) return [];
  return phrases.map((phrase) => (phrase.length === 1 ? formLexeme(phrase[0]!, letters) : followedBy(phrase.map((stem) => formLexeme(stem, letters)))));
}

/** Per word, the (tier, field) tests it can match at all, best first. */
export function wordTests({ query, weights, tools, toolWeights, spelled, placeWeights, placeOnlyWords }: WordMatcherInput, m: WordMatchers): WordTest[][] {
  // A place the request introduces ("in Berlin") scores where the record is, alone: every match holds it there,
  // and held by a company ("Berlin Design Studio") or a bio that mentions it, it ranked those first among the
  // designers there, as the Elasticsearch engine scores it.
  const place = new Set(placeWeights ? (placeOnlyWords ?? []) : []);
  const elsewhere = (i: number, letter: string) => place.has(i) && !placeWeights!.includes(letter);
  // A known word as the start of a longer word in the best field (a name): below the word exactly anywhere.
  const knownInName = (i: number, letter: string) => letter === m.nameWeight && (spelled?.has(query.words[i]!) ?? false);
  // A tool's name where the company's name is (shared with the titles): a title's stems hold it, not the company.
  const tool = new Set(tools ?? []);
  const inCompany = (i: number, letter: string) => tool.has(i) && (toolWeights ?? '').includes(letter);
  const tiers: { points: number; query: (i: number, letter: string) => string | null }[] = [
    {
      points: MATCH_TIER_POINTS.exact,
      query: (i, l) => {
        if (inCompany(i, l)) return m.form(i, l);
        return m.held(query.words[i]!) ? m.exact(query.words[i]!, l) : null;
      },
    },
    {
      points: MATCH_TIER_POINTS.form,
      query: (i, l) => {
        const found = [m.form(i, l), ...m.meanings(i, l)].filter((q) => q !== null);
        return found.length > 1 ? anyOf(found) : (found[0] ?? null);
      },
    },
    { points: MATCH_TIER_POINTS.prefix, query: (i, l) => (inCompany(i, l) || knownInName(i, l) ? null : m.prefix(i, l)) },
    { points: MATCH_TIER_POINTS.knownPrefix, query: (i, l) => (knownInName(i, l) ? m.prefix(i, l) : null) },
    {
      points: MATCH_TIER_POINTS.synonym,
      query: (i, l) => {
        const phrases = m.synonyms(i, l);
        return phrases.length > 0 ? anyOf(phrases) : null;
      },
    },
    {
      points: MATCH_TIER_POINTS.fuzzy,
      query: (i, l) => {
        const terms = m.fuzzy(query.words[i]!, l);
        return terms.length > 0 ? anyOf(terms) : null;
      },
    },
  ];
  // Every (tier, field) pair, best first: a CASE takes the first that matches, which is the best.
  const pairs = tiers
    .flatMap((tier) => Object.entries(weights).map(([letter, points]) => ({ tier, letter, points: tier.points * points })))
    .sort((a, b) => b.points - a.points);
  return query.words.map((_, i) =>
    pairs.flatMap(({ tier, letter, points }) => {
      const q = elsewhere(i, letter) ? null : tier.query(i, letter);
      return q ? [{ q, points }] : [];
    }),
  );
}
