import type { Params } from './sql-builder.ts';
import { allOf, anyOf, followedBy, lexeme, type Weight } from './text-search.ts';

/** Relevance points per tsvector weight, from the engine-neutral field boosts. */
export type FieldWeights = Readonly<Record<Weight, number>>;

export interface FreeTextSql {
  /** Every word matches some field: exactly, within its typo allowance, or (the last word) as a prefix. */
  where: string;
  /** An integer relevance: better fields and exact words score higher; so do all words in one field, and the phrase. */
  score: string;
}

function classes(weights: FieldWeights): { letters: string; points: number }[] {
  const byPoints = new Map<number, string>();
  for (const [letter, points] of Object.entries(weights)) byPoints.set(points, `${byPoints.get(points) ?? ''}${letter}`);
  return [...byPoints].sort(([a], [b]) => b - a).map(([points, letters]) => ({ letters, points }));
}

/**
 * The SQL twin of freeText() in the Elasticsearch backend. `expansions` holds, per word, the vocabulary
 * words within its typo allowance (see fuzzy-terms.ts).
 */
export function freeTextSql(
  column: string,
  words: readonly string[],
  expansions: ReadonlyMap<string, readonly string[]>,
  weights: FieldWeights,
  params: Params,
): FreeTextSql | null {
  if (words.length === 0) return null;
  const last = words.length - 1;
  const alternatives = (word: string, i: number, restrict?: string) =>
    anyOf([
      lexeme(word, { weights: restrict }),
      ...(expansions.get(word) ?? []).map((t) => lexeme(t, { weights: restrict })),
      ...(i === last ? [lexeme(word, { prefix: true, weights: restrict })] : []),
    ]);
  const matches = (query: string) => `${column} @@ ${params.add(query, 'tsquery')}`;
  const levels = classes(weights);

  const perWord = words.map((word, i) => {
    const exact = levels.map((l) => `WHEN ${matches(lexeme(word, { weights: l.letters }))} THEN ${2 * l.points}`).join(' ');
    const loose = levels.map((l) => `WHEN ${matches(alternatives(word, i, l.letters))} THEN ${l.points}`).join(' ');
    return `GREATEST(CASE ${exact} ELSE 0 END, CASE ${loose} ELSE 0 END)`;
  });
  const oneField = anyOf(Object.keys(weights).map((letter) => allOf(words.map((w) => lexeme(w, { weights: letter })))));
  const bonus = [`CASE WHEN ${matches(oneField)} THEN ${2 * words.length} ELSE 0 END`];
  if (words.length > 1) bonus.push(`CASE WHEN ${matches(followedBy(words.map((w) => lexeme(w))))} THEN ${2 * words.length} ELSE 0 END`);

  return {
    where: matches(allOf(words.map((w, i) => alternatives(w, i)))),
    score: `(${[...perWord, ...bonus].join(' + ')})`,
  };
}
