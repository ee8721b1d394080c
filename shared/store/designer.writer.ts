import { DESIGNER_LISTED_AT, DESIGNER_STATE } from '../domain/designer.fields.ts';
import { designerRoles } from '../domain/designer.schema.ts';
import type { DesignerImport } from '../domain/designer-import.schema.ts';
import { importDefaultsOf, namesOf, type ValuesOf } from '../domain/field-set.ts';
import { arrayType, STAMP_NOW, toMillisecond } from './column.sql.ts';
import type { Db } from './db.ts';
import { DESIGNER_WRITTEN, DESIGNER_WRITTEN_NAMES, type StoredRole } from './designer.row.ts';
import { RecordConflictError, toRecordConflict } from './store.errors.ts';
import type { UpsertResult } from './upsert-result.ts';

const STATE_NAMES = namesOf(DESIGNER_STATE);
const NEW_DESIGNER_STATE = importDefaultsOf(DESIGNER_STATE);

const OPTED_OUT =
  'this designer opted out, and an import does not list them again (an older export may still say true): leave opted_in out or false, and once they consent again run `designer-directory set designers <slug> --opted-in yes`';

/**
 * Each record with its curator state: as the record gives it, else as stored, else a new designer's
 * (published, opted in). A re-import of a profile thus keeps an opt-out or a hidden status, and a record
 * that would opt a designer back in is refused (only `set` does that). The stored rows
 * are locked first, in id order as `set` and `delete` lock them, so a `set` committed meanwhile is not undone
 * by a state read before it, and the multi-row write that follows (which locks in file order) cannot
 * deadlock with them over this batch's rows. Across batches an import locks in file order; a deadlock there
 * ends one of the two, which runs again (deadlock-retry.policy.ts).
 */
async function withStoredState(tx: Db, records: DesignerImport[]): Promise<DesignerImport[]> {
  const { rows } = await tx.query<{ id: string; slug: string } & ValuesOf<typeof DESIGNER_STATE>>(
    `SELECT id, slug, ${STATE_NAMES.join(', ')} FROM designers
      WHERE id = ANY($1::text[]) OR slug = ANY($2::text[]) ORDER BY id FOR UPDATE`,
    [records.flatMap((r) => (r.id !== undefined ? [r.id] : [])), records.flatMap((r) => (r.id === undefined ? [r.slug] : []))],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  return records.map((record) => {
    const stored = record.id !== undefined ? byId.get(record.id) : bySlug.get(record.slug);
    // Consent is the designer's: a file (an export made before they opted out) never lists them again.
    if (stored?.opted_in === false && record.opted_in === true) throw new RecordConflictError('opted_in', OPTED_OUT);
    return { ...record, ...Object.fromEntries(STATE_NAMES.map((name) => [name, record[name] ?? stored?.[name] ?? NEW_DESIGNER_STATE[name]])) };
  });
}

/** The roles a record asks for, as stored: current first, each flagged. */
function desiredRoles(record: DesignerImport): StoredRole[] {
  return designerRoles(record).map(({ role, current }) => ({ ...role, is_current: current }));
}

const sameRole = (r: StoredRole, o: StoredRole) =>
  r.title === o.title && r.company === o.company && r.company_url === o.company_url && r.is_current === o.is_current;
const sameRoles = (a: StoredRole[], b: StoredRole[]) => a.length === b.length && a.every((r, i) => sameRole(r, b[i]!));

function upsertSql(conflictKey: 'id' | 'slug'): string {
  const columns = DESIGNER_WRITTEN_NAMES.join(', ');
  const placeholders = DESIGNER_WRITTEN_NAMES.map((_, i) => `$${i + 1}`).join(', ');
  const set = DESIGNER_WRITTEN_NAMES.map((c) => `${c} = excluded.${c}`).join(', ');
  const ours = DESIGNER_WRITTEN_NAMES.map((c) => `designers.${c}`).join(', ');
  const theirs = DESIGNER_WRITTEN_NAMES.map((c) => `excluded.${c}`).join(', ');
  const listedAt = `$${DESIGNER_WRITTEN_NAMES.length + 1}::timestamptz`;
  const id = `$${DESIGNER_WRITTEN_NAMES.length + 2}`;
  return `
    INSERT INTO designers (${conflictKey === 'id' ? 'id, ' : ''}${columns}, listed_at)
    VALUES (${conflictKey === 'id' ? `${id}, ` : ''}${placeholders}, coalesce(${listedAt}, ${STAMP_NOW}))
    ON CONFLICT (${conflictKey}) DO UPDATE SET ${set}, listed_at = coalesce(${listedAt}, designers.listed_at)
    -- An identical record changes nothing: no new version, no outbox row, no sync.
    WHERE (${ours}) IS DISTINCT FROM (${theirs})
       OR (${listedAt} IS NOT NULL AND ${toMillisecond('designers.listed_at')} IS DISTINCT FROM ${toMillisecond(listedAt)})
    RETURNING id, (xmax = 0) AS inserted`;
}

/**
 * Writes one designer and its roles, by id or else by slug, inside the caller's transaction. The roles
 * are rewritten only when they differ. The Postgres search text follows by itself: the database queues
 * the changed row (migration search-text-queue).
 */
async function writeDesigner(tx: Db, given: DesignerImport): Promise<UpsertResult> {
  const [record] = (await withStoredState(tx, [given])) as [DesignerImport];
  const params: unknown[] = [...DESIGNER_WRITTEN_NAMES.map((f) => record[f]), record.listed_at ?? null];
  if (record.id) params.push(record.id);
  let id: string;
  let inserted = false;
  let rowChanged = false;
  try {
    const { rows } = await tx.query<{ id: string; inserted: boolean }>(upsertSql(record.id ? 'id' : 'slug'), params);
    if (rows[0]) {
      ({ id, inserted } = rows[0]);
      rowChanged = true;
    } else if (record.id) {
      id = record.id;
    } else {
      const found = await tx.query<{ id: string }>('SELECT id FROM designers WHERE slug = $1', [record.slug]);
      id = found.rows[0]!.id;
    }
  } catch (error) {
    throw toRecordConflict(error);
  }

  const desired = desiredRoles(record);
  let rolesChanged = false;
  const existing = inserted
    ? []
    : (
        await tx.query<StoredRole>(
          'SELECT title, company, company_url, is_current FROM designer_roles WHERE designer_id = $1 ORDER BY position',
          [id],
        )
      ).rows;
  if (!sameRoles(existing, desired)) {
    rolesChanged = true;
    if (existing.length > 0) await tx.query('DELETE FROM designer_roles WHERE designer_id = $1', [id]);
    if (desired.length > 0) {
      await tx.query(
        `INSERT INTO designer_roles (designer_id, position, title, company, company_url, is_current)
         SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::boolean[])`,
        [
          id,
          desired.map((_, i) => i),
          desired.map((r) => r.title),
          desired.map((r) => r.company),
          desired.map((r) => r.company_url),
          desired.map((r) => r.is_current),
        ],
      );
    }
  }
  return { id, outcome: inserted ? 'inserted' : rowChanged || rolesChanged ? 'updated' : 'unchanged' };
}

/**
 * One multi-row upsert for records that share a conflict key and whether they set listed_at: the same
 * rules as writeDesigner (an identical record changes nothing), in one statement instead of one each.
 */
function batchUpsertStatement(records: DesignerImport[], key: 'id' | 'slug', withListedAt: boolean): [string, unknown[]] {
  const params: unknown[] = DESIGNER_WRITTEN_NAMES.map((f) => records.map((r) => r[f]));
  const arrays = DESIGNER_WRITTEN_NAMES.map((f, i) => `$${i + 1}::${arrayType(DESIGNER_WRITTEN[f])}`);
  if (key === 'id') {
    params.push(records.map((r) => r.id));
    arrays.push(`$${params.length}::text[]`);
  }
  if (withListedAt) {
    params.push(records.map((r) => r.listed_at));
    arrays.push(`$${params.length}::${arrayType(DESIGNER_LISTED_AT.listed_at)}`);
  }
  const columns = [...DESIGNER_WRITTEN_NAMES, ...(key === 'id' ? ['id'] : []), ...(withListedAt ? ['listed_at'] : [])];
  const set = columns.filter((c) => c !== key).map((c) => `${c} = excluded.${c}`).join(', ');
  const types: Record<string, { type: string } | undefined> = { ...DESIGNER_WRITTEN, ...DESIGNER_LISTED_AT };
  const instant = (c: string, table: string) => (types[c]?.type === 'timestamptz' ? toMillisecond(`${table}.${c}`) : `${table}.${c}`);
  const ours = columns.filter((c) => c !== key).map((c) => instant(c, 'designers')).join(', ');
  const theirs = columns.filter((c) => c !== key).map((c) => instant(c, 'excluded')).join(', ');
  return [
    `INSERT INTO designers (${columns.join(', ')})
     SELECT * FROM unnest(${arrays.join(', ')})
     ON CONFLICT (${key}) DO UPDATE SET ${set}
     WHERE (${ours}) IS DISTINCT FROM (${theirs})
     RETURNING id, slug, (xmax = 0) AS inserted`,
    params,
  ];
}

/**
 * Writes many designers and their roles inside the caller's transaction with a handful of statements:
 * the batch form of writeDesigner, with the same outcomes. A record the store refuses (a slug taken
 * by another row, a failed check) fails the whole statement; the caller then retries the batch record by
 * record to name it. Records must not repeat an id or a slug within the batch (the import checks this).
 */
async function writeDesigners(tx: Db, given: DesignerImport[]): Promise<UpsertResult[]> {
  const records = await withStoredState(tx, given);
  const written = new Map<DesignerImport, { id: string; inserted: boolean }>();
  for (const key of ['id', 'slug'] as const) {
    for (const withListedAt of [false, true]) {
      const group = records.filter((r) => (key === 'id' ? r.id !== undefined : r.id === undefined) && (r.listed_at !== undefined) === withListedAt);
      if (group.length === 0) continue;
      const { rows } = await tx.query<{ id: string; slug: string; inserted: boolean }>(...batchUpsertStatement(group, key, withListedAt));
      const byKey = new Map(rows.map((r) => [key === 'id' ? r.id : r.slug, r]));
      for (const record of group) {
        const row = byKey.get(key === 'id' ? record.id! : record.slug);
        if (row) written.set(record, { id: row.id, inserted: row.inserted });
      }
    }
  }

  // Unchanged rows returned nothing: find their ids (by slug for records without one).
  const unknownSlugs = records.filter((r) => !written.has(r) && r.id === undefined).map((r) => r.slug);
  const idBySlug = new Map<string, string>();
  if (unknownSlugs.length > 0) {
    const { rows } = await tx.query<{ id: string; slug: string }>(`SELECT id, slug FROM designers WHERE slug = ANY($1::text[])`, [unknownSlugs]);
    for (const r of rows) idBySlug.set(r.slug, r.id);
  }
  const ids = new Map(records.map((r) => [r, written.get(r)?.id ?? r.id ?? idBySlug.get(r.slug)!]));

  const existingFor = records.filter((r) => !written.get(r)?.inserted).map((r) => ids.get(r)!);
  const existing = new Map<string, StoredRole[]>();
  if (existingFor.length > 0) {
    const { rows } = await tx.query<StoredRole & { designer_id: string }>(
      `SELECT designer_id, title, company, company_url, is_current FROM designer_roles
        WHERE designer_id = ANY($1::text[]) ORDER BY designer_id, position`,
      [existingFor],
    );
    for (const { designer_id, ...role } of rows) existing.set(designer_id, [...(existing.get(designer_id) ?? []), role]);
  }

  const rolesChanged = new Set<DesignerImport>();
  const toClear: string[] = [];
  const inserts: { id: string; position: number; role: StoredRole }[] = [];
  for (const record of records) {
    const id = ids.get(record)!;
    const had = existing.get(id) ?? [];
    const desired = desiredRoles(record);
    if (sameRoles(had, desired)) continue;
    rolesChanged.add(record);
    if (had.length > 0) toClear.push(id);
    desired.forEach((role, position) => inserts.push({ id, position, role }));
  }
  if (toClear.length > 0) await tx.query(`DELETE FROM designer_roles WHERE designer_id = ANY($1::text[])`, [toClear]);
  if (inserts.length > 0) {
    await tx.query(
      `INSERT INTO designer_roles (designer_id, position, title, company, company_url, is_current)
       SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::boolean[])`,
      [
        inserts.map((i) => i.id),
        inserts.map((i) => i.position),
        inserts.map((i) => i.role.title),
        inserts.map((i) => i.role.company),
        inserts.map((i) => i.role.company_url),
        inserts.map((i) => i.role.is_current),
      ],
    );
  }

  return records.map((record) => {
    const row = written.get(record);
    const outcome = row?.inserted ? 'inserted' : row || rolesChanged.has(record) ? 'updated' : 'unchanged';
    return { id: ids.get(record)!, outcome };
  });
}

/**
 * The one writer of designers and their roles. Each write is one transaction; on a Db that is itself a
 * transaction (the import's), it joins that one.
 */
export class DesignerWriter {
  constructor(private readonly db: Db) {}

  /** Upserts one designer with its roles (by id, or by slug when there is no id). */
  upsert(record: DesignerImport): Promise<UpsertResult> {
    return this.db.transaction((tx) => writeDesigner(tx, record));
  }

  /**
   * Upserts many designers with a few multi-row statements, with the outcomes upsert would give each.
   * Throws when the store refuses any one of them; the import then undoes the batch and writes its
   * records one by one, which names the record at fault.
   */
  upsertBatch(records: DesignerImport[]): Promise<UpsertResult[]> {
    return this.db.transaction((tx) => writeDesigners(tx, records));
  }
}
