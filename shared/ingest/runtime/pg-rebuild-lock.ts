import type { Db } from '../../store/db.ts';
import type { RebuildLock } from '../ports/rebuild-lock.port.ts';

/**
 * A transaction-scoped Postgres advisory lock per kind: Postgres releases it when the holder's
 * connection dies, so a crashed worker's rebuild never blocks the next one.
 */
export function pgRebuildLock(db: Db): RebuildLock {
  return {
    withLock: (kind, run) =>
      db.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`designer-directory:reindex:${kind}`]);
        return run();
      }),
  };
}
