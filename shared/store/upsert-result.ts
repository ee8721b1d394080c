export type UpsertOutcome = 'inserted' | 'updated' | 'unchanged';

/** What writing one import record did to its row. */
export interface UpsertResult {
  id: string;
  outcome: UpsertOutcome;
}
