import { CHANGE_ENTITIES, type ChangeEntity } from '../../domain/entity.registry.ts';
import { analyzeTables } from '../../store/analyze.ts';
import type { Db } from '../../store/db.ts';
import { retryingDeadlocks } from '../../store/deadlock-retry.policy.ts';
import { refreshStaleSearchText, writeDesignerSearchText, writeOpenRoleSearchText } from './search-text.writer.ts';

/** Rows recomputed per transaction: a writer that queues one of them waits at most this long. */
const BATCH = 500;
/** From this many rows recomputed at once (an import), the planner's statistics of the text are refreshed. */
const ANALYZE_FROM = 100;
/** What the upkeep writes; vacuumed as well, so that the designers' count reads the search row's partial index alone. */
const SEARCH_TABLES = ['designer_search', 'open_role_search', 'search_terms', 'designer_suggest_words'];
/** Each queued entity's recompute (search_text_queue.entity spells entities as the outbox does). */
const SEARCH_TEXT_WRITERS: Readonly<Record<ChangeEntity, (db: Db, ids: readonly string[]) => Promise<void>>> = {
  designer: writeDesignerSearchText,
  open_role: writeOpenRoleSearchText,
};
const UPKEEP_LOCK = `hashtext('designer-directory:search-text-upkeep')`;

/**
 * Keeps the Postgres search text in step with the rows, whoever wrote them. The database queues every
 * changed row (migration search-text-queue); this recomputes the queued rows, and the Postgres search
 * engine calls it before it answers, so a write is searchable at once, as on Elasticsearch.
 */
export class SearchTextUpkeep {
  private enabled: Promise<void> | undefined;

  constructor(private readonly db: Db) {}

  /**
   * Turns the queue on and recomputes, by version, the text of rows the queue does not hold: rows written
   * while it was off, and rows a migration marked stale. Once per process (the slow scan); the exclusive
   * lock waits for writes that read the flag while it was off, so the scan sees all of them.
   */
  enable(): Promise<void> {
    this.enabled ??= (async () => {
      await this.db.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(${UPKEEP_LOCK})`);
        await tx.query(`UPDATE search_text_upkeep SET enabled = true WHERE NOT enabled`);
      });
      const refreshed = await refreshStaleSearchText(this.db);
      await this.analyzeAfter(refreshed.designers + refreshed.openRoles);
    })().catch((error: unknown) => {
      this.enabled = undefined;
      throw error;
    });
    return this.enabled;
  }

  /** Whether any row waits for new text, as tx's snapshot sees the queue. */
  async hasQueued(tx: Db): Promise<boolean> {
    const { rows } = await tx.query(`SELECT 1 FROM search_text_queue LIMIT 1`);
    return rows.length > 0;
  }

  /**
   * Recomputes every queued row; returns how many queued changes it took (one per row and writing
   * transaction). Concurrent callers (other replicas) share the work.
   */
  async catchUp(): Promise<number> {
    await this.enable();
    let total = 0;
    for (;;) {
      if (!(await this.hasQueued(this.db))) return this.analyzeAfter(total);
      // A writer still in its transaction (an import beside this one's) may hold a row the recompute needs,
      // and wait for one the recompute holds: Postgres ends one of them, and this batch simply runs again.
      const done = await retryingDeadlocks(() => this.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ entity: string; entity_id: string }>(
          // Every committed row of a picked entity goes at once (one recompute however often it was written);
          // a writer still in progress keeps its own row, invisible here (migration
          // search-text-queue-per-writer), for the next catch-up after its commit.
          `DELETE FROM search_text_queue q USING (
             SELECT entity, entity_id FROM search_text_queue ORDER BY entity, entity_id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
           ) picked
           WHERE q.entity = picked.entity AND q.entity_id = picked.entity_id
           RETURNING q.entity, q.entity_id`,
        );
        for (const entity of CHANGE_ENTITIES) {
          await SEARCH_TEXT_WRITERS[entity](tx, rows.filter((r) => r.entity === entity).map((r) => r.entity_id));
        }
        return rows.length;
      }));
      total += done;
      // Everything left is held by another process's catch-up, which commits it shortly.
      if (done === 0) return this.analyzeAfter(total);
    }
  }

  private async analyzeAfter(recomputed: number): Promise<number> {
    if (recomputed >= ANALYZE_FROM) await analyzeTables(this.db, SEARCH_TABLES);
    return recomputed;
  }
}
