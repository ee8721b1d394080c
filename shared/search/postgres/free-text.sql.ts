import type { QueryWords } from '../query-words.ts';
import type { Params } from './sql-builder.ts';
import { allOf, anyOf, followedBy, lexeme, type Weight } from './text-search.ts';

/** Relevance points per tsvector weight, from the engine-neutral field boosts. */
export type FieldWeights = Readonly<Record<Weight, number>>;

export interface FreeTextSql {
  /** At least `required` content words match some field: exactly, within their typo allowance, or (the last word) as a prefix. */
  where: string;
  /** An integer relevance (see MATCH_TIER_POINTS and the bonuses below). */
  score: string;
}

/**
 * The twin of MATCH_TIER_BOOSTS in the Elasticsearch backend: per word, only its best match counts, an
 * exact word beats a prefix, and both beat a word within the typo allowance in any field.
 */
export const MATCH_TIER_POINTS = { exact: 10, prefix: 6, fuzzy: 1 } as const;

/** Columns of the designer search row that score words found together in one role. */
export interface RoleColumns {
  /** tsvector[]: one per role. */
  roles: string;
  /** tsvector: the current role (empty without one; then roles holds only previous roles). */
  current: string;
}

/**
 * The SQL twin of freeText() in the Elasticsearch backend. `expansions` holds, per word, the vocabulary
 * words within its typo allowance (see fuzzy-terms.ts).
 */
export function freeTextSql(
  column: string,
  query: QueryWords,
  expansions: ReadonlyMap<string, readonly string[]>,
  weights: FieldWeights,
  params: Params,
  roleColumns?: RoleColumns,
): FreeTextSql | null {
  const { words, filler, required, pastRoles } = query;
  if (words.length === 0) return null;
  const last = words.length - 1;
  const fuzzy = (word: string, restrict?: string) => (expansions.get(word) ?? []).map((t) => lexeme(t, { weights: restrict }));
  const alternatives = (word: string, i: number, restrict?: string) =>
    anyOf([
      lexeme(word, { weights: restrict }),
      ...fuzzy(word, restrict),
      ...(i === last ? [lexeme(word, { prefix: true, weights: restrict })] : []),
    ]);
  const matches = (target: string, tsquery: string) => `${target} @@ ${params.add(tsquery, 'tsquery')}`;

  // Every (tier, field) pair, best first: a CASE takes the first that matches, which is the best.
  const tiers = [
    { points: MATCH_TIER_POINTS.exact, query: (w: string, _i: number, l: string) => lexeme(w, { weights: l }) },
    ...[{ points: MATCH_TIER_POINTS.prefix, query: (w: string, i: number, l: string) => (i === last ? lexeme(w, { prefix: true, weights: l }) : null) }],
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
  const perWord = words.map((word, i) => {
    const whens = pairs.flatMap(({ tier, letter, points }) => {
      const q = tier.query(word, i, letter);
      return q ? [`WHEN ${matches(column, q)} THEN ${points}`] : [];
    });
    return `CASE ${whens.join(' ')} ELSE 0 END`;
  });

  // Filler need not match, but a filler word that is part of a name (the Turkish name "Can") counts there:
  // in the best-weighted field, exactly.
  const [best] = Object.entries(weights).sort(([, a], [, b]) => b - a);
  const optional = filler.map(
    (word) => `CASE WHEN ${matches(column, lexeme(word, { weights: best![0] }))} THEN ${best![1] * MATCH_TIER_POINTS.exact} ELSE 0 END`,
  );

  const top = Math.max(...Object.values(weights)) * MATCH_TIER_POINTS.exact;
  const bonus: string[] = [];
  if (words.length > 1) {
    const oneField = anyOf(Object.keys(weights).map((letter) => allOf(words.map((w) => lexeme(w, { weights: letter })))));
    bonus.push(`CASE WHEN ${matches(column, oneField)} THEN ${words.length * top} ELSE 0 END`);
    bonus.push(`CASE WHEN ${matches(column, followedBy(words.map((w) => lexeme(w))))} THEN ${words.length * top} ELSE 0 END`);
  }
  if (roleColumns && words.length > 1) {
    // Words of one role: counted per role, the best role scores when it holds at least two of them.
    const inRole = (target: string) => words.map((w, i) => `(${matches(target, alternatives(w, i))})::int`).join(' + ');
    bonus.push(
      `COALESCE((SELECT max(c) FILTER (WHERE c >= 2) FROM (SELECT ${inRole('r')} AS c FROM unnest(${roleColumns.roles}) AS r) x), 0) * ${top}`,
    );
    if (pastRoles) {
      // The previous roles: all of them without a current role, else all but the first.
      const previous = `CASE WHEN length(${roleColumns.current}) = 0 THEN ${roleColumns.roles} ELSE ${roleColumns.roles}[2:] END`;
      bonus.push(
        `COALESCE((SELECT max(c) FILTER (WHERE c >= 2) FROM (SELECT ${inRole('p')} AS c FROM unnest(${previous}) AS p) z), 0) * ${top / 2}`,
      );
    } else {
      bonus.push(`(SELECT CASE WHEN c >= 2 THEN c * ${top / 2} ELSE 0 END FROM (SELECT ${inRole(roleColumns.current)} AS c) y)`);
    }
  }

  const where =
    required === words.length
      ? matches(column, allOf(words.map((w, i) => alternatives(w, i))))
      : // The index finds rows with any word; the count keeps those with enough of them.
        `${matches(column, anyOf(words.map((w, i) => alternatives(w, i))))} AND (${words
          .map((w, i) => `(${matches(column, alternatives(w, i))})::int`)
          .join(' + ')}) >= ${required}`;
  return { where, score: `(${[...perWord, ...optional, ...bonus].join(' + ')})` };
}
