import { FAMILIES, type Family, isNothingFamily, type JudgedQuery } from './judgements.ts';

/** Pure ranking metrics of the relevance benchmark (unit-tested in metrics.test.ts). */

export const CUTOFF = 10;

/** Discounted cumulative gain of graded results, gain 2^grade − 1. */
function dcg(grades: readonly number[]): number {
  return grades.reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
}

/** nDCG@k against the ideal order of every judged record; 1 when nothing is relevant and nothing came back. */
export function ndcgAt(k: number, ranked: readonly string[], grades: ReadonlyMap<string, number>): number {
  const ideal = dcg([...grades.values()].sort((a, b) => b - a).slice(0, k));
  if (ideal === 0) return ranked.length === 0 ? 1 : 0;
  return dcg(ranked.slice(0, k).map((id) => grades.get(id) ?? 0)) / ideal;
}

/** The intended answers: the records with the query's highest grade. */
export function intended(grades: ReadonlyMap<string, number>): Set<string> {
  const top = Math.max(0, ...grades.values());
  return new Set([...grades].filter(([, g]) => g === top && g > 0).map(([id]) => id));
}

/** 1 / rank of the first intended answer within the cutoff, else 0. */
export function reciprocalRank(ranked: readonly string[], answers: ReadonlySet<string>, k = CUTOFF): number {
  const i = ranked.slice(0, k).findIndex((id) => answers.has(id));
  return i < 0 ? 0 : 1 / (i + 1);
}

export function hitAt(k: number, ranked: readonly string[], answers: ReadonlySet<string>): number {
  return ranked.slice(0, k).some((id) => answers.has(id)) ? 1 : 0;
}

export interface QueryResult {
  query: JudgedQuery;
  /** Ids in ranked order (at least the first CUTOFF). */
  ranked: string[];
  total: number;
  ms: number;
}

export interface FamilyScore {
  family: Family | 'overall';
  queries: number;
  ndcg: number;
  mrr: number;
  top1: number;
  top3: number;
  zeroRate: number;
}

const mean = (xs: readonly number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

function score(family: FamilyScore['family'], results: readonly QueryResult[]): FamilyScore {
  const answers = results.map((r) => intended(r.query.grades));
  return {
    family,
    queries: results.length,
    ndcg: mean(results.map((r) => ndcgAt(CUTOFF, r.ranked, r.query.grades))),
    mrr: mean(results.map((r, i) => reciprocalRank(r.ranked, answers[i]!))),
    top1: mean(results.map((r, i) => hitAt(1, r.ranked, answers[i]!))),
    top3: mean(results.map((r, i) => hitAt(3, r.ranked, answers[i]!))),
    zeroRate: mean(results.map((r) => (r.total === 0 ? 1 : 0))),
  };
}

/**
 * Per family, then overall over the families with relevant answers. For "nothing" only the zero-result
 * rate means anything (its nDCG is 1 for an empty answer, 0 otherwise).
 */
export function scoreByFamily(results: readonly QueryResult[], families: readonly Family[] = FAMILIES): FamilyScore[] {
  const rows = families.map((f) => score(f, results.filter((r) => r.query.family === f))).filter((row) => row.queries > 0);
  return [...rows, score('overall', results.filter((r) => families.includes(r.query.family) && !isNothingFamily(r.query.family)))];
}

/** Nearest-rank percentile of latencies in ms. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
