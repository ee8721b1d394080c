import { isNothingFamily } from './judgements.ts';
import type { FamilyScore } from './metrics.ts';

const f2 = (x: number) => x.toFixed(2);
const pct = (x: number) => `${Math.round(x * 100)}%`;

/** The per-family table printed by the benchmark and recorded in BENCHMARKS.md. */
export function familyTable(byEngine: ReadonlyMap<string, FamilyScore[]>): string {
  const lines = ['| engine | family | queries | nDCG@10 | MRR | top-1 | top-3 | zero results |', '|---|---|---|---|---|---|---|---|'];
  for (const [engine, rows] of byEngine) {
    for (const row of rows) {
      const nothing = isNothingFamily(row.family);
      lines.push(
        `| ${engine} | ${row.family} | ${row.queries} | ${nothing ? '—' : f2(row.ndcg)} | ${nothing ? '—' : f2(row.mrr)} | ${nothing ? '—' : pct(row.top1)} | ${nothing ? '—' : pct(row.top3)} | ${pct(row.zeroRate)} |`,
      );
    }
  }
  return lines.join('\n');
}
