import type { Db } from '../db.ts';
import { retryingDeadlocks } from '../deadlock-retry.policy.ts';
import { KEYED_ENTITIES, type KeyedTarget, lockNamedRows } from './record-keys.ts';

export interface DeleteResult {
  /** The records deleted (or, in a dry run, that would be), by label, in the order they were named. */
  deleted: string[];
}

/**
 * Deletes the records the keys name, all or none (lockNamedRows). The store's triggers record each delete in
 * the outbox, versioned, so the ingest worker removes it from the search index; roles and search text go with
 * a designer. A dry run reports the same and deletes nothing. Ended by Postgres to break a deadlock with an
 * import over the same rows, it runs again.
 */
export function deleteRecords(db: Db, target: KeyedTarget, keys: readonly string[], options: { dryRun?: boolean } = {}): Promise<DeleteResult> {
  const entity = KEYED_ENTITIES[target];
  return retryingDeadlocks(() =>
    db.transaction(async (tx) => {
      const named = await lockNamedRows(tx, entity, keys, 'delete');
      if (!options.dryRun) await tx.query(`DELETE FROM ${entity.table} WHERE id = ANY($1::text[])`, [[...named.keys()]]);
      return { deleted: [...named.values()] };
    }),
  );
}
