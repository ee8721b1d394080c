import type { QueryWords } from '../query-words.ts';
import type { QueryTerms } from './query-terms.ts';
import type { Params } from './sql-builder.ts';
import { allOf, anyOf, followedBy, lexeme, type Weight } from './text-search.ts';

/** Relevance points per tsvector weight, from the engine-neutral field boosts. */
export type FieldWeights = Readonly<Record<Weight, number>>;

export interface FreeTextSql {
  /** At least `required` content words match some field: exactly, within their typo allowance, or as a prefix (the last word; an initial in the name). */
  where: string;
  /** An integer relevance (see MATCH_TIER_POINTS and the bonuses below). */
  score: string;
  /**
   * Every match outside the top (the matches `where` selects with the `top` option) scores at most `bound`
   * (see topOfRanking). Null where a top would set nothing apart: one word, or no bonus to earn.
   */
  top: { bound: number } | null;
}

/**
 * The twin of MATCH_TIER_BOOSTS in the Elasticsearch backend: per word, only its best match counts, an
 * exact word beats a prefix, and both beat a word within the typo allowance in any field.
 */
export const MATCH_TIER_POINTS = { exact: 10, prefix: 6, fuzzy: 1 } as const;

/** Past this size (operands of the spelt-out tsquery) enough-words matching counts words instead. */
const MAX_SUBSET_OPERANDS = 400;

/** n choose k, without building the subsets. */
function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

/** Every `k`-element subset of 0..n-1, in lexicographic order. */
function combinations(n: number, k: number, from = 0): number[][] {
  if (k === 0) return [[]];
  const subsets: number[][] = [];
  for (let i = from; i <= n - k; i++) for (const rest of combinations(n, k - 1, i + 1)) subsets.push([i, ...rest]);
  return subsets;
}

/** Roles scored in place before the role bonus falls back to unnest (see bestRole). */
const ROLES_UNROLLED = 4;

/** Columns of the designer search row that score words found together in one role. */
export interface RoleColumns {
  /** tsvector[]: one per role. */
  roles: string;
  /** tsvector: the current role (empty without one; then roles holds only previous roles). */
  current: string;
  /**
   * Every word of every role is in the text at this weight as well (titles and companies): a row whose text
   * lacks one query word at this weight has no role holding all of them (test/search/free-text-top.test.ts).
   */
  textWeight: Weight;
}

/**
 * The SQL twin of freeText() in the Elasticsearch backend. `terms` holds, per word, the vocabulary words
 * within its typo allowance, and which words some record holds as they are (see query-terms.ts).
 */
export function freeTextSql(
  column: string,
  query: QueryWords,
  terms: QueryTerms,
  weights: FieldWeights,
  params: Params,
  roleColumns?: RoleColumns,
  options: { top?: boolean } = {},
): FreeTextSql | null {
  const { words, prefix, filler, required, pastRoles } = query;
  if (words.length === 0) return null;
  // The best-weighted field is the name: where filler and initials count.
  const [best] = Object.entries(weights).sort(([, a], [, b]) => b - a);
  const nameWeight = best![0];
  /** Word i as a prefix within `restrict` (every weight when unset): anywhere, or an initial in the name; else null. */
  const prefixLexeme = (word: string, i: number, restrict?: string): string | null => {
    if (prefix[i] === 'any') return lexeme(word, { prefix: true, weights: restrict });
    if (prefix[i] === 'name' && (restrict === undefined || restrict.includes(nameWeight))) return lexeme(word, { prefix: true, weights: nameWeight });
    return null;
  };
  const { expansions, known } = terms;
  // A word no record holds cannot match exactly: its exact tests would fail on every row.
  const held = (word: string) => known === undefined || known.has(word);
  const fuzzy = (word: string, restrict?: string) => (expansions.get(word) ?? []).map((t) => lexeme(t, { weights: restrict }));
  const alternatives = (word: string, i: number, restrict?: string) => {
    const asPrefix = prefixLexeme(word, i, restrict);
    return anyOf([lexeme(word, { weights: restrict }), ...fuzzy(word, restrict), ...(asPrefix ? [asPrefix] : [])]);
  };
  const matches = (target: string, tsquery: string) => `${target} @@ ${params.add(tsquery, 'tsquery')}`;

  // Every (tier, field) pair, best first: a CASE takes the first that matches, which is the best.
  const tiers = [
    { points: MATCH_TIER_POINTS.exact, query: (w: string, _i: number, l: string) => (held(w) ? lexeme(w, { weights: l }) : null) },
    { points: MATCH_TIER_POINTS.prefix, query: (w: string, i: number, l: string) => prefixLexeme(w, i, l) },
    {
      points: MATCH_TIER_POINTS.fuzzy,
      query: (w: string, _i: number, l: string) => {
        const terms = fuzzy(w, l);
        return terms.length > 0 ? anyOf(terms) : null;
      },
    },
  ];
  const pairs = tiers
    .flatMap((tier) => Object.entries(weights).map(([letter, points]) => ({ tier, letter, points: tier.points * points })))
    .sort((a, b) => b.points - a.points);
  const groups = words.map((w, i) => alternatives(w, i));
  const widest = Math.max(...words.map((w) => 2 + (expansions.get(w)?.length ?? 0)));
  // A word some rows lack (fewer required than given) is tested once before its tiers are walked.
  const guarded = required < words.length;
  // Per word, the (tier, field) tests it can match at all, best first: its WHENs, and its best points.
  const wordTests = words.map((word, i) =>
    pairs.flatMap(({ tier, letter, points }) => {
      const q = tier.query(word, i, letter);
      return q ? [{ q, points }] : [];
    }),
  );
  const perWordBest = wordTests.map((tests) => tests[0]?.points ?? 0);
  const perWord = wordTests.map((tests, i) => {
    if (tests.length === 0) return '0';
    const whens = tests.map(({ q, points }) => `WHEN ${matches(column, q)} THEN ${points}`);
    const guard = guarded ? `WHEN NOT ${matches(column, groups[i]!)} THEN 0 ` : '';
    return `CASE ${guard}${whens.join(' ')} ELSE 0 END`;
  });

  // Filler need not match, but a filler word that is part of a name (the Turkish name "Can") counts there:
  // in the best-weighted field, exactly.
  const optional = filler.filter(held).map(
    (word) => `CASE WHEN ${matches(column, lexeme(word, { weights: best![0] }))} THEN ${best![1] * MATCH_TIER_POINTS.exact} ELSE 0 END`,
  );

  const exactBest = Math.max(...Object.values(weights)) * MATCH_TIER_POINTS.exact;
  const bonus: string[] = [];
  const phrase = followedBy(words.map((w) => lexeme(w)));
  const phraseScored = words.length > 1 && words.every(held);
  const oneField = phraseScored ? anyOf(Object.keys(weights).map((letter) => allOf(words.map((w) => lexeme(w, { weights: letter }))))) : undefined;
  if (oneField) {
    bonus.push(`CASE WHEN ${matches(column, oneField)} THEN ${words.length * exactBest} ELSE 0 END`);
    bonus.push(`CASE WHEN ${matches(column, phrase)} THEN ${words.length * exactBest} ELSE 0 END`);
  }
  // Points per word of the best role and of the current one. "former …" scores the previous roles instead,
  // at half (the current role, first, is left out).
  const rolePoints = pastRoles ? { best: exactBest / 2, current: 0 } : { best: exactBest, current: exactBest / 2 };
  if (roleColumns && words.length > 1) {
    // Words of one role: counted per role, the best role scores when it holds at least two of them.
    const scored = roleScore(words.length, groups, subsetOperands(words.length, widest, 2), params);
    // Designers hold a few roles: the first ROLES_UNROLLED are read in place, which spares a subquery per
    // row (most of a free-text search's cost on PGlite); more roles than that go through unnest.
    const bestRole = (shift: string) => {
      const inPlace = Array.from({ length: ROLES_UNROLLED }, (_, k) => scored(`${roleColumns.roles}[${k + 1}${shift}]`));
      const unnested = `(SELECT max(${scored('r')}) FROM unnest(${roleColumns.roles}${shift ? `[1${shift}:]` : ''}) AS r)`;
      return `COALESCE(CASE WHEN coalesce(cardinality(${roleColumns.roles}), 0) <= ${ROLES_UNROLLED} THEN GREATEST(${inPlace.join(', ')}) ELSE ${unnested} END, 0)`;
    };
    if (pastRoles) {
      // The previous roles: all of them without a current role, else all but the first.
      bonus.push(`${bestRole(` + (length(${roleColumns.current}) > 0)::int`)} * ${rolePoints.best}`);
    } else {
      bonus.push(`${bestRole('')} * ${rolePoints.best}`);
      bonus.push(`${scored(roleColumns.current)} * ${rolePoints.current}`);
    }
  }

  const topOf = topMatches();
  if (options.top && !topOf) throw new Error('this query has no top to read');
  const operands = subsetOperands(words.length, widest, required, required);
  // The top holds every word, so it is all a top statement asks (the words' own test would add nothing).
  const where = topOf && options.top
    ? matches(column, topOf.tsquery)
    : required === words.length
      ? matches(column, allOf(groups))
      : operands <= MAX_SUBSET_OPERANDS
        ? // Enough words is some `required` of them all present: one tsquery, one test per row, and the index reads it.
          matches(column, anyOf(combinations(words.length, required).map((subset) => allOf(subset.map((i) => groups[i]!)))))
        : // Too many subsets: the index finds rows with any word; the count keeps those with enough of them.
          `${matches(column, anyOf(groups))} AND (${groups.map((g) => `(${matches(column, g)})::int`).join(' + ')}) >= ${required}`;
  return { where, score: `(${[...perWord, ...optional, ...bonus].join(' + ')})`, top: topOf && { bound: topOf.bound } };

  /**
   * The rows that can earn what scores most: every word exactly in one field or as a phrase (those bonuses),
   * or every word in a role (the role bonus). A role's words are in the text at the role columns' weight, so
   * a row without every word there has no role holding them all. Every other match scores at most each
   * word's best pair, the filler, and roles holding all words but one.
   */
  function topMatches(): { tsquery: string; bound: number } | null {
    if (words.length < 2 || (!phraseScored && !roleColumns)) return null;
    if (roleColumns && !(roleColumns.textWeight in weights)) throw new Error(`role words are at weight ${roleColumns.textWeight}, which the text does not score`);
    const earns = [
      ...(phraseScored ? [oneField!, phrase] : []),
      ...(roleColumns ? [allOf(words.map((w, i) => alternatives(w, i, roleColumns.textWeight)))] : []),
    ];
    // A role scores the number of words it holds from two on: outside the top, all but one at most.
    const roleWords = words.length - 1 >= 2 ? words.length - 1 : 0;
    const roles = roleColumns ? roleWords * (rolePoints.best + rolePoints.current) : 0;
    const bound = perWordBest.reduce((sum, points) => sum + points, 0) + optional.length * best![1] * MATCH_TIER_POINTS.exact + roles;
    return { tsquery: anyOf(earns), bound };
  }
}

/** The operands of the tsqueries that ask for k of the words, for every k from `from` to `to`. */
function subsetOperands(wordCount: number, widest: number, from: number, to = wordCount): number {
  let operands = 0;
  for (let k = from; k <= to; k++) operands += binomial(wordCount, k) * k * widest;
  return operands;
}

/**
 * SQL scoring one role (a tsvector) by the query words it holds: their number from two on, else 0 (and 0
 * for a role that is not there). Asked as "at least two?" first, which most roles are not, then from all
 * words down, so a role takes one or two tests instead of one per word; past the size bound, a count.
 */
function roleScore(count: number, groups: readonly string[], operands: number, params: Params): (target: string) => string {
  if (operands > MAX_SUBSET_OPERANDS) {
    const lookup = `ARRAY[0, 0, ${Array.from({ length: count - 1 }, (_, i) => i + 2).join(', ')}]`;
    const tsqueries = groups.map((g) => params.add(g, 'tsquery'));
    return (target) => `COALESCE((${lookup})[${tsqueries.map((q) => `(${target} @@ ${q})::int`).join(' + ')} + 1], 0)`;
  }
  const atLeast = new Map<number, string>();
  for (let k = 2; k <= count; k++) {
    atLeast.set(k, params.add(anyOf(combinations(count, k).map((subset) => allOf(subset.map((i) => groups[i]!)))), 'tsquery'));
  }
  return (target) => {
    const more = Array.from({ length: count - 2 }, (_, i) => count - i).map((k) => `WHEN ${target} @@ ${atLeast.get(k)} THEN ${k}`);
    const howMany = more.length > 0 ? `CASE ${more.join(' ')} ELSE 2 END` : '2';
    return `CASE WHEN ${target} @@ ${atLeast.get(2)} THEN ${howMany} ELSE 0 END`;
  };
}
