import { z } from 'zod';
import { ENTITIES, entityOfSegment } from '../../domain/entity.registry.ts';
import { PublicationStatusSchema } from '../../domain/publication-status.schema.ts';
import type { Db } from '../db.ts';
import { retryingDeadlocks } from '../deadlock-retry.policy.ts';
import { KEYED_ENTITIES, type KeyedTarget, lockNamedRows, RecordsRefusedError } from './record-keys.ts';

/** The curator state a `set` changes: publication status, and a designer's consent to be listed. */
export const RecordStateSchema = z
  .strictObject({ status: PublicationStatusSchema.optional(), opted_in: z.boolean().optional() })
  .refine((state) => state.status !== undefined || state.opted_in !== undefined, { error: 'give a status or opted_in to set' });

export type RecordState = z.infer<typeof RecordStateSchema>;

export interface SetStateResult {
  /** The records whose state changed (or, in a dry run, would), by label, in the order they were named. */
  changed: string[];
  /** The records that already had that state: not written, so they get no new version and no sync. */
  unchanged: string[];
}

/**
 * Sets the state of the records the keys name, all or none (lockNamedRows). A record that already has it is
 * not written; each one changed gets a new version through the store's triggers, so the ingest worker lists
 * or unlists it. A dry run reports the same and writes nothing. Ended by Postgres to break a deadlock with an
 * import over the same rows, it runs again.
 */
export function setRecordState(
  db: Db,
  target: KeyedTarget,
  keys: readonly string[],
  state: RecordState,
  options: { dryRun?: boolean } = {},
): Promise<SetStateResult> {
  const entity = KEYED_ENTITIES[target];
  const parsed = RecordStateSchema.parse(state);
  if (parsed.opted_in !== undefined && !('opted_in' in ENTITIES[entityOfSegment(target)].listed.state)) {
    // Consent is a person's: an open role is listed or not by its status alone.
    throw new RecordsRefusedError(['opted_in is a designer\'s consent; an open role has only a status'], 'set');
  }
  const columns = Object.entries(parsed).filter(([, value]) => value !== undefined);
  const set = columns.map(([name], i) => `${name} = $${i + 2}`).join(', ');
  const differs = `id = ANY($1::text[]) AND (${columns.map(([name], i) => `${name} IS DISTINCT FROM $${i + 2}`).join(' OR ')})`;
  return retryingDeadlocks(() =>
    db.transaction(async (tx) => {
      const named = await lockNamedRows(tx, entity, keys, 'set');
      const params = [[...named.keys()], ...columns.map(([, value]) => value)];
      const { rows } = options.dryRun
        ? await tx.query<{ id: string }>(`SELECT id FROM ${entity.table} WHERE ${differs}`, params)
        : await tx.query<{ id: string }>(`UPDATE ${entity.table} SET ${set} WHERE ${differs} RETURNING id`, params);
      const changed = new Set(rows.map((row) => row.id));
      const result: SetStateResult = { changed: [], unchanged: [] };
      for (const [id, label] of named) (changed.has(id) ? result.changed : result.unchanged).push(label);
      return result;
    }),
  );
}
