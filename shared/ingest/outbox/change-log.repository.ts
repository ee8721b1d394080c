import type { Db } from '../../store/db.ts';
import { withKeysetPlan } from '../../store/keyset-plan.ts';
import type { Change, ChangedEntity, ChangeEntity, SettledChange } from './change.ts';

interface ChangeRecord {
  id: string;
  entity: ChangeEntity;
  entity_id: string;
  op: Change['op'];
  version: string;
}

/**
 * The outbox (change_log) as the relay, the sync jobs and the reindex read it. A row is handed to the
 * queue (processed_at) and later confirmed (confirmed) by the sync or rebuild that wrote its change into
 * the index; only confirmation counts as delivered, because Redis may lose what it was handed.
 */
// Implements the ChangeConfirmation port (ingest-ports.ts wires it as one); the outbox does not import the
// ports, which import its types.
export class ChangeLogRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims up to `limit` unprocessed changes, hands them to `relay` and marks them processed, all in one
   * transaction: if relay throws (Redis down) nothing is marked and the rows wait for the next try.
   * Claiming by "not processed yet" rather than by "id above the last one seen" is what keeps a
   * transaction that took a lower id but committed later from being skipped; SKIP LOCKED lets several
   * relays share the outbox without claiming the same rows.
   */
  async claim(limit: number, relay: (changes: Change[]) => Promise<void>): Promise<number> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<ChangeRecord>(
        `SELECT id, entity, entity_id, op, version FROM change_log
          WHERE processed_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit],
      );
      if (rows.length === 0) return 0;
      await relay(rows.map(toChange));
      await tx.query(`UPDATE change_log SET processed_at = clock_timestamp() WHERE id = ANY($1::bigint[])`, [
        rows.map((r) => r.id),
      ]);
      return rows.length;
    });
  }

  /**
   * Hands every unprocessed change of one entity to a single job (a rebuild) when there are at least
   * `atLeast` of them, in one transaction; returns how many it marked, 0 when there were fewer.
   * The changes are marked before `handOff` enqueues the job, so each marked change committed before the
   * job exists, and the rebuild's snapshot, taken when the job runs, sees all of them. A failing handOff
   * rolls the marks back; a crash between handOff and commit leaves them to be relayed as well, which
   * the jobs tolerate.
   */
  async handOverBacklog(entity: ChangeEntity, atLeast: number, handOff: () => Promise<void>): Promise<number> {
    return this.db.transaction(async (tx) => {
      // One hand-over per kind at a time: a second relay weighing the same backlog meanwhile would find
      // it marked only after waiting on its row locks, and hand its remains to a second full rebuild.
      const { rows: lock } = await tx.query<{ held: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtext($1)) AS held`, [
        `backlog-rebuild:${entity}`,
      ]);
      if (!lock[0]!.held) return 0;
      // Counting stops at the bound: a burst on a large index costs no more than the burst.
      const { rows } = await tx.query<{ n: string }>(
        `SELECT count(*) AS n FROM (SELECT 1 FROM change_log WHERE processed_at IS NULL AND entity = $1 LIMIT $2) backlog`,
        [entity, atLeast],
      );
      if (Number(rows[0]!.n) < atLeast) return 0;
      const marked = await tx.query<{ n: string }>(
        `WITH marked AS (
           UPDATE change_log SET processed_at = clock_timestamp() WHERE processed_at IS NULL AND entity = $1 RETURNING 1
         ) SELECT count(*) AS n FROM marked`,
        [entity],
      );
      // Claims may have taken it all meanwhile.
      const n = Number(marked.rows[0]!.n);
      if (n > 0) await handOff();
      return n;
    });
  }

  /** The current transaction snapshot (xmin:xmax:xip), the high-water mark a reindex starts from. */
  async snapshot(): Promise<string> {
    const { rows } = await this.db.query<{ snapshot: string }>(`SELECT pg_current_snapshot()::text AS snapshot`);
    return rows[0]!.snapshot;
  }

  /**
   * Entities of a kind changed by any transaction the snapshot could not see (committed after it was
   * taken, or still running then), a page at a time in entity id order.
   */
  async changedSince(entity: ChangeEntity, snapshot: string, afterId: string | null, limit: number): Promise<ChangedEntity[]> {
    const { rows } = await withKeysetPlan(this.db, (tx) =>
      tx.query<{ entity_id: string; version: string }>(...changedSincePage(entity, snapshot, afterId, limit)),
    );
    return rows.map((r) => ({ entityId: r.entity_id, version: Number(r.version) }));
  }

  /**
   * Confirmations wait for rows another transaction holds rather than skip them: the relay's claim holds
   * its rows until its enqueue commits, and the job it enqueued may already be here confirming them.
   * Rows are locked in id order, as the relay claims them, so confirmations never deadlock with each
   * other; the relay never waits on a row (SKIP LOCKED), so it never waits on a confirmation.
   */
  async confirm(entity: ChangeEntity, settled: readonly SettledChange[]): Promise<void> {
    if (settled.length === 0) return;
    await this.db.query(
      `UPDATE change_log SET confirmed = true WHERE id IN (
         SELECT c.id FROM change_log c JOIN unnest($2::text[], $3::bigint[]) AS s(entity_id, version)
             ON c.entity_id = s.entity_id AND c.version <= s.version
          WHERE c.entity = $1 AND NOT c.confirmed
          ORDER BY c.id FOR UPDATE OF c)`,
      [entity, settled.map((s) => s.id), settled.map((s) => s.version)],
    );
  }

  async confirmSeen(entity: ChangeEntity, snapshot: string): Promise<void> {
    await this.db.query(
      `UPDATE change_log SET confirmed = true WHERE id IN (
         SELECT id FROM change_log
          WHERE entity = $1 AND NOT confirmed AND pg_visible_in_snapshot(txid, $2::pg_snapshot)
          ORDER BY id FOR UPDATE)`,
      [entity, snapshot],
    );
  }

  /**
   * Hands every unconfirmed change to the relay again (Redis lost the jobs that held them); returns how
   * many. Rows are locked in id order and waited for rather than skipped: a claim enqueued into the Redis
   * that was lost may still be committing, and its rows must be handed over again too.
   */
  async relayUnconfirmedAgain(): Promise<number> {
    const { rows } = await this.db.query<{ n: string }>(
      `WITH again AS (
         UPDATE change_log SET processed_at = NULL WHERE id IN (
           SELECT id FROM change_log WHERE NOT confirmed ORDER BY id FOR UPDATE)
         RETURNING 1
       ) SELECT count(*) AS n FROM again`,
    );
    return Number(rows[0]!.n);
  }

  /** Changes not yet confirmed in the index (handed to the queue or not): how many, and how long the oldest has waited. */
  async unconfirmed(): Promise<{ count: number; oldestAgeSeconds: number | null }> {
    const { rows } = await this.db.query<{ count: string; age: number | null }>(
      `SELECT count(*) AS count, extract(epoch FROM clock_timestamp() - min(created_at))::float8 AS age
         FROM change_log WHERE NOT confirmed`,
    );
    return { count: Number(rows[0]?.count ?? 0), oldestAgeSeconds: rows[0]?.age ?? null };
  }

  /** Changes not yet handed to the queue: how many, and how long the oldest has waited. */
  async backlog(): Promise<{ count: number; oldestAgeSeconds: number | null }> {
    const { rows } = await this.db.query<{ count: string; age: number | null }>(
      `SELECT count(*) AS count, extract(epoch FROM clock_timestamp() - min(created_at))::float8 AS age
         FROM change_log WHERE processed_at IS NULL`,
    );
    return { count: Number(rows[0]?.count ?? 0), oldestAgeSeconds: rows[0]?.age ?? null };
  }
}

function toChange(r: ChangeRecord): Change {
  return { id: Number(r.id), entity: r.entity, entityId: r.entity_id, op: r.op, version: Number(r.version) };
}

/**
 * One page of changedSince. The first page has no keyset predicate at all rather than `$3 IS NULL OR`,
 * which would hide the range from the planner (see TableReader.listedPage in the store).
 */
export function changedSincePage(entity: ChangeEntity, snapshot: string, afterId: string | null, limit: number): [string, unknown[]] {
  const where = `entity = $1
          AND txid >= pg_snapshot_xmin($2::pg_snapshot)
          AND NOT pg_visible_in_snapshot(txid, $2::pg_snapshot)`;
  return afterId === null
    ? [`SELECT entity_id, max(version) AS version FROM change_log WHERE ${where}
        GROUP BY entity_id ORDER BY entity_id LIMIT $3`, [entity, snapshot, limit]]
    : [`SELECT entity_id, max(version) AS version FROM change_log WHERE ${where} AND entity_id > $3
        GROUP BY entity_id ORDER BY entity_id LIMIT $4`, [entity, snapshot, afterId, limit]];
}
