import type { FamilyScore } from './metrics.ts';

/**
 * The recorded relevance of each engine, per family, that the CI regression test holds the engines to:
 * nDCG@10 for the families with answers, the zero-result rate for "nothing" (an empty answer is right).
 */
export interface Floors {
  designers: number;
  tolerance: number;
  engines: Record<string, Record<string, number>>;
}

export const FLOOR_TOLERANCE = 0.02;
/** The corpus size of the CI test: large enough for near-duplicates and shared words, quick to load. */
export const CI_DESIGNERS = 2000;

export function floorValue(row: FamilyScore): number {
  return Number((row.family === 'nothing' ? row.zeroRate : row.ndcg).toFixed(3));
}

export function toFloors(designers: number, scores: ReadonlyMap<string, FamilyScore[]>): Floors {
  const engines: Floors['engines'] = {};
  for (const [engine, rows] of scores) engines[engine] = Object.fromEntries(rows.map((row) => [row.family, floorValue(row)]));
  return { designers, tolerance: FLOOR_TOLERANCE, engines };
}

/** Every family more than the tolerance below its floor, as readable lines (empty when none). */
export function regressions(floors: Floors, engine: string, rows: readonly FamilyScore[]): string[] {
  const recorded = floors.engines[engine] ?? {};
  return rows.flatMap((row) => {
    const floor = recorded[row.family];
    const value = floorValue(row);
    return floor !== undefined && value < floor - floors.tolerance
      ? [`${engine} ${row.family}: ${value.toFixed(3)} is below the floor ${floor.toFixed(3)} (tolerance ${floors.tolerance})`]
      : [];
  });
}
