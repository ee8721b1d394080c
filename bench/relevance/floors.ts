import { isNothingFamily } from './judgements.ts';
import type { FamilyScore } from './metrics.ts';

/**
 * The recorded relevance of each engine, per family, that the CI regression test holds the engines to:
 * nDCG@10 for the families with answers, the zero-result rate for "nothing" (an empty answer is right),
 * and for the families of TOP1_FAMILIES the top-1 rate as well ("title+company top-1").
 */
export interface Floors {
  designers: number;
  tolerance: number;
  engines: Record<string, Record<string, number>>;
}

export const FLOOR_TOLERANCE = 0.02;
/** The corpus size of the CI test: large enough for near-duplicates and shared words, quick to load. */
export const CI_DESIGNERS = 2000;

/** Families whose first result is the point: one role holding the title and the company. */
export const TOP1_FAMILIES: readonly string[] = ['title+company'];

const top1Key = (family: string) => `${family} top-1`;

export function floorValue(row: FamilyScore): number {
  return Number((isNothingFamily(row.family) ? row.zeroRate : row.ndcg).toFixed(3));
}

export function toFloors(designers: number, scores: ReadonlyMap<string, FamilyScore[]>): Floors {
  const engines: Floors['engines'] = {};
  for (const [engine, rows] of scores) {
    engines[engine] = Object.fromEntries(
      rows.flatMap((row) => [
        [row.family, floorValue(row)] as const,
        ...(TOP1_FAMILIES.includes(row.family) ? [[top1Key(row.family), Number(row.top1.toFixed(3))] as const] : []),
      ]),
    );
  }
  return { designers, tolerance: FLOOR_TOLERANCE, engines };
}

/** Every family more than the tolerance below its floor, as readable lines (empty when none). */
export function regressions(floors: Floors, engine: string, rows: readonly FamilyScore[]): string[] {
  const recorded = floors.engines[engine] ?? {};
  return rows.flatMap((row) =>
    [
      { name: row.family, value: floorValue(row) },
      ...(TOP1_FAMILIES.includes(row.family) ? [{ name: top1Key(row.family), value: Number(row.top1.toFixed(3)) }] : []),
    ].flatMap(({ name, value }) => {
      const floor = recorded[name];
      return floor !== undefined && value < floor - floors.tolerance
        ? [`${engine} ${name}: ${value.toFixed(3)} is below the floor ${floor.toFixed(3)} (tolerance ${floors.tolerance})`]
        : [];
    }),
  );
}
