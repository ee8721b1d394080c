/**
 * Subsets of a query's words, as the Postgres engine's tsqueries spell out "at least k of these words":
 * shared by the match (freeTextSql) and the role bonuses (role-bonus.sql.ts).
 */

/** Past this size (operands of the spelt-out tsquery) enough-words matching counts words instead. */
export const MAX_SUBSET_OPERANDS = 400;

/** n choose k, without building the subsets. */
function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

/** Every `k`-element subset of 0..n-1, in lexicographic order. */
export function combinations(n: number, k: number, from = 0): number[][] {
  if (k === 0) return [[]];
  const subsets: number[][] = [];
  for (let i = from; i <= n - k; i++) for (const rest of combinations(n, k - 1, i + 1)) subsets.push([i, ...rest]);
  return subsets;
}

/** The operands of the tsqueries that ask for k of the words, for every k from `from` to `to`. */
export function subsetOperands(wordCount: number, widest: number, from: number, to = wordCount): number {
  let operands = 0;
  for (let k = from; k <= to; k++) operands += binomial(wordCount, k) * k * widest;
  return operands;
}
