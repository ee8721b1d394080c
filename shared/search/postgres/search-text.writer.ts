import type { Db } from '../../store/db.ts';
import { retryingDeadlocks } from '../../store/deadlock-retry.policy.ts';
import { DESIGNER_SELECT, type DesignerRow, toDesignerFields } from '../../store/designer.row.ts';
import { OPEN_ROLE_SELECT, type OpenRoleRow } from '../../store/open-role.row.ts';
import { DESIGNER_SEARCH_ROW_COPIES } from './designer-query.builder.ts';
import { toDesignerSearchText } from './designer.search-text.ts';
import { toOpenRoleSearchText } from './open-role.search-text.ts';
import type { SearchText } from './search-text.ts';
import { writeDesignerSuggestWords } from './suggest-words.writer.ts';

const BATCH = 500;

function* batches<T>(items: readonly T[], size = BATCH): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

interface Computed {
  id: string;
  version: string;
  doc: SearchText;
}

async function writeTerms(db: Db, computed: Computed[]): Promise<void> {
  // Sorted, so that concurrent writers take the vocabulary's row locks in one order and never deadlock.
  const terms = [...new Set(computed.flatMap((c) => c.doc.terms))].sort();
  if (terms.length === 0) return;
  await db.query(
    'INSERT INTO search_terms (term) SELECT t FROM unnest($1::text[]) AS t ORDER BY t ON CONFLICT (term) DO NOTHING',
    [terms],
  );
}

/** Columns a search row carries of its entity, read in the statement that writes the row, so a new search row is never seen without them. */
const COPIED: Record<'designer_search' | 'open_role_search', { join: string; columns: Record<string, string> } | null> = {
  designer_search: { join: 'JOIN designers d ON d.id = v.id', columns: DESIGNER_SEARCH_ROW_COPIES },
  open_role_search: null,
};

async function upsertDocuments(db: Db, table: 'designer_search' | 'open_role_search', computed: Computed[]): Promise<void> {
  if (computed.length === 0) return;
  const key = table === 'designer_search' ? 'designer_id' : 'open_role_id';
  const copied = Object.entries(COPIED[table]?.columns ?? {});
  await db.query(
    `INSERT INTO ${table} (${key}, source_version, text_tsv, location_tsv, company_tsv${copied.map(([name]) => `, ${name}`).join('')})
     SELECT v.*${copied.map(([, sql]) => `, ${sql}`).join('')}
       FROM unnest($1::text[], $2::bigint[], $3::tsvector[], $4::tsvector[], $5::tsvector[]) AS v(id, version, text, location, company)
       ${COPIED[table]?.join ?? ''}
     ON CONFLICT (${key}) DO UPDATE SET
       source_version = excluded.source_version, text_tsv = excluded.text_tsv,
       location_tsv = excluded.location_tsv, company_tsv = excluded.company_tsv${copied.map(([name]) => `, ${name} = excluded.${name}`).join('')}`,
    [
      computed.map((c) => c.id),
      computed.map((c) => c.version),
      computed.map((c) => c.doc.text),
      computed.map((c) => c.doc.location),
      computed.map((c) => c.doc.company),
    ],
  );
  if (table === 'designer_search') {
    // Arrays of tsvectors travel as JSON: unnest would flatten an array of arrays.
    await db.query(
      `UPDATE designer_search s SET
         role_tsvs = ARRAY(SELECT jsonb_array_elements_text(v.roles)::tsvector), current_role_tsv = v.current::tsvector
         FROM unnest($1::text[], $2::jsonb[], $3::text[]) AS v(id, roles, current)
        WHERE s.designer_id = v.id`,
      [computed.map((c) => c.id), computed.map((c) => JSON.stringify(c.doc.roles ?? [])), computed.map((c) => c.doc.currentRole ?? '')],
    );
  }
  await writeTerms(db, computed);
}

/**
 * Recomputes the search text of these designers from their current rows. Call it in the transaction
 * that changed them, after the roles: the version it records is the row's final one.
 */
export async function writeDesignerSearchText(db: Db, ids: readonly string[]): Promise<void> {
  for (const batch of batches([...new Set(ids)])) {
    const { rows } = await db.query<DesignerRow>(`SELECT ${DESIGNER_SELECT} FROM designers d WHERE d.id = ANY($1::text[])`, [batch]);
    const computed = rows.map((row) => ({ id: row.id, version: row.version, doc: toDesignerSearchText(toDesignerFields(row)) }));
    await upsertDocuments(db, 'designer_search', computed);
    await writeDesignerSuggestWords(db, rows.map(toDesignerFields));
  }
}

export async function writeOpenRoleSearchText(db: Db, ids: readonly string[]): Promise<void> {
  for (const batch of batches([...new Set(ids)])) {
    const { rows } = await db.query<OpenRoleRow>(`SELECT ${OPEN_ROLE_SELECT} FROM open_roles o WHERE o.id = ANY($1::text[])`, [batch]);
    const computed = rows.map((row) => ({ id: row.id, version: row.version, doc: toOpenRoleSearchText(row) }));
    await upsertDocuments(db, 'open_role_search', computed);
  }
}

/**
 * Brings the search text of rows changed outside the store's write path (plain SQL, an older release)
 * up to date: every row whose version differs from the one its text was computed from.
 */
export function refreshStaleSearchText(db: Db): Promise<{ designers: number; openRoles: number }> {
  return writeSelected(db, {
    designers: `SELECT d.id FROM designers d LEFT JOIN designer_search s ON s.designer_id = d.id
                 WHERE s.source_version IS DISTINCT FROM d.version`,
    openRoles: `SELECT o.id FROM open_roles o LEFT JOIN open_role_search s ON s.open_role_id = o.id
                 WHERE s.source_version IS DISTINCT FROM o.version`,
  });
}

/**
 * Recomputes the search text of every row of the chosen tables: the embedded mode's full reindex (its
 * search reads the store, so there is no index to rebuild or alias to swap).
 */
export function rebuildSearchText(
  db: Db,
  target: { designers: boolean; openRoles: boolean },
): Promise<{ designers: number; openRoles: number }> {
  return writeSelected(db, {
    designers: target.designers ? 'SELECT id FROM designers' : null,
    openRoles: target.openRoles ? 'SELECT id FROM open_roles' : null,
  });
}

/**
 * Writes the search documents of the ids each query selects (null: none of that table), a batch per
 * transaction. An import committing beside it holds the same designers in its file's order, so Postgres
 * may end a batch to break a deadlock: the batch changed nothing and runs again (the ids go in id order,
 * the order curator writes lock in, so only an import's own order can cross it).
 */
async function writeSelected(
  db: Db,
  select: { designers: string | null; openRoles: string | null },
): Promise<{ designers: number; openRoles: number }> {
  const ids = async (sql: string | null) => (sql ? (await db.query<{ id: string }>(`${sql} ORDER BY 1`)).rows.map((r) => r.id) : []);
  const designers = await ids(select.designers);
  const openRoles = await ids(select.openRoles);
  const write = async (writer: (tx: Db, ids: readonly string[]) => Promise<void>, all: readonly string[]) => {
    for (const batch of batches(all)) await retryingDeadlocks(() => db.transaction((tx) => writer(tx, batch)));
  };
  await write(writeDesignerSearchText, designers);
  await write(writeOpenRoleSearchText, openRoles);
  return { designers: designers.length, openRoles: openRoles.length };
}
