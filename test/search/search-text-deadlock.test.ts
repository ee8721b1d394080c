import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesignerImportSchema } from '../../shared/domain/designer-import.schema.ts';
import { SearchTextUpkeep } from '../../shared/search/postgres/search-text-upkeep.ts';
import type { Db } from '../../shared/store/db.ts';
import { DesignerWriter } from '../../shared/store/designer.writer.ts';
import { requireServices } from '../support/services.ts';
import { designerRecord, openTestStore, type TestStore } from '../store/test-store.ts';

const services = requireServices('postgres');

/** Counts the catch-up's batch transactions (each begins by taking queued rows). */
function countingBatches(db: Db, counter: { batches: number }): Db {
  const counting = (tx: Db): Db => ({
    ...tx,
    query: (sql, params) => {
      if (sql.trimStart().startsWith('DELETE FROM search_text_queue')) counter.batches += 1;
      return tx.query(sql, params);
    },
  });
  return { ...db, transaction: (fn) => db.transaction((tx) => fn(counting(tx))) };
}

describe.skipIf(!services)('the search-text catch-up, ended by Postgres to break a deadlock, runs its batch again (postgres)', () => {
  let store: TestStore;
  const ids: Record<string, string> = {};
  const counter = { batches: 0 };
  let upkeep: SearchTextUpkeep;

  beforeAll(async () => {
    store = await openTestStore('postgres', 'search_text_deadlock', services!.postgres);
    const writer = new DesignerWriter(store.db);
    for (const slug of ['ada-first', 'bea-second']) {
      await writer.upsert(DesignerImportSchema.parse(designerRecord(slug, { description: 'Sets type by hand' })));
      const { rows } = await store.db.query<{ id: string }>(`SELECT id FROM designers WHERE slug = $1`, [slug]);
      ids[slug] = rows[0]!.id;
    }
    // Enabled here: turning the queue on recomputes stale rows once per process, outside the batches.
    upkeep = new SearchTextUpkeep(countingBatches(store.db, counter));
    await upkeep.catchUp();
  });
  afterAll(async () => {
    await store?.close();
  });

  async function waitUntil(condition: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 15_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const waitingOnLock = (sqlStart: string) => async () => {
    const { rows } = await store.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`,
      [`${sqlStart}%`],
    );
    return rows[0]!.n > 0;
  };

  it('a writer holding one row\'s text and waiting for a queued row the catch-up took: the catch-up gives way, both complete, the text is current', async () => {
    // Both designers are queued for new text, committed.
    await store.db.query(`UPDATE designers SET description = 'Prints with risograph' WHERE id = ANY($1::text[])`, [[ids['ada-first'], ids['bea-second']]]);

    let lockedText!: () => void;
    const textLocked = new Promise<void>((resolve) => (lockedText = resolve));
    let goOn!: () => void;
    const catchUpWaits = new Promise<void>((resolve) => (goOn = resolve));
    // Another writer (a plain SQL client): it holds bea's search text, then wants ada's queued row.
    const writer = store.db.transaction(async (tx) => {
      await tx.query(`UPDATE designer_search SET source_version = source_version WHERE designer_id = $1`, [ids['bea-second']]);
      lockedText();
      await catchUpWaits;
      await tx.query(`SELECT 1 FROM search_text_queue WHERE entity = 'designer' AND entity_id = $1 FOR UPDATE`, [ids['ada-first']]);
    });
    await textLocked;

    // The catch-up takes both queued rows, then waits for bea's text: the first of the two to wait.
    counter.batches = 0;
    const catchingUp = upkeep.catchUp();
    await waitUntil(waitingOnLock('INSERT INTO designer_search'), 'the catch-up waits for the locked text');
    goOn();
    // Now each waits for the other; after deadlock_timeout Postgres ends the one that waited first.
    await expect(writer).resolves.toBeUndefined();
    await expect(catchingUp).resolves.toBe(2);
    expect(counter.batches).toBeGreaterThanOrEqual(2);

    const { rows } = await store.db.query<{ stale: number }>(
      `SELECT count(*)::int AS stale FROM designers d LEFT JOIN designer_search s ON s.designer_id = d.id
        WHERE s.source_version IS DISTINCT FROM d.version`,
    );
    expect(rows[0]!.stale).toBe(0);
    expect((await store.db.query(`SELECT 1 FROM search_text_queue`)).rows).toHaveLength(0);
  });
});
