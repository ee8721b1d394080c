import type { DesignerImport } from '../domain/designer-import.schema.ts';
import type { Db } from './db.ts';
import type { UpsertResult } from './designer.repository.ts';

type StoredRole = { title: string; company: string; company_url: string | null; is_current: boolean };

const FIELDS = ['slug', 'name', 'description', 'website', 'portfolio_preview', 'category', 'location', 'opted_in', 'status'] as const;
const TYPES: Record<(typeof FIELDS)[number], string> = {
  slug: 'text',
  name: 'text',
  description: 'text',
  website: 'text',
  portfolio_preview: 'text',
  category: 'text',
  location: 'text',
  opted_in: 'boolean',
  status: 'text',
};

function desiredRoles(record: DesignerImport): StoredRole[] {
  return [
    ...(record.current_role ? [{ ...record.current_role, is_current: true }] : []),
    ...record.previous_roles.map((r) => ({ ...r, is_current: false })),
  ];
}

const sameRole = (r: StoredRole, o: StoredRole) =>
  r.title === o.title && r.company === o.company && r.company_url === o.company_url && r.is_current === o.is_current;
const sameRoles = (a: StoredRole[], b: StoredRole[]) => a.length === b.length && a.every((r, i) => sameRole(r, b[i]!));

/**
 * One multi-row upsert for records that share a conflict key and whether they set listed_at: the same
 * rules as upsertDesignerRows (an identical record changes nothing), in one statement instead of one each.
 */
function upsertStatement(records: DesignerImport[], key: 'id' | 'slug', withListedAt: boolean): [string, unknown[]] {
  const params: unknown[] = FIELDS.map((f) => records.map((r) => r[f]));
  const arrays = FIELDS.map((f, i) => `$${i + 1}::${TYPES[f]}[]`);
  if (key === 'id') {
    params.push(records.map((r) => r.id));
    arrays.push(`$${params.length}::text[]`);
  }
  if (withListedAt) {
    params.push(records.map((r) => r.listed_at));
    arrays.push(`$${params.length}::timestamptz[]`);
  }
  const columns = [...FIELDS, ...(key === 'id' ? ['id'] : []), ...(withListedAt ? ['created_at'] : [])];
  const set = columns.filter((c) => c !== key).map((c) => `${c} = excluded.${c}`).join(', ');
  const ours = columns.filter((c) => c !== key).map((c) => `designers.${c}`).join(', ');
  const theirs = columns.filter((c) => c !== key).map((c) => `excluded.${c}`).join(', ');
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
 * the batch form of upsertDesignerRows, with the same outcomes. A record the store refuses (a slug taken
 * by another row, a failed check) fails the whole statement; the caller then retries the batch record by
 * record to name it. Records must not repeat an id or a slug within the batch (the import checks this).
 */
export async function upsertDesignerBatch(tx: Db, records: DesignerImport[]): Promise<UpsertResult[]> {
  const written = new Map<DesignerImport, { id: string; inserted: boolean }>();
  for (const key of ['id', 'slug'] as const) {
    for (const withListedAt of [false, true]) {
      const group = records.filter((r) => (key === 'id' ? r.id !== undefined : r.id === undefined) && (r.listed_at !== undefined) === withListedAt);
      if (group.length === 0) continue;
      const { rows } = await tx.query<{ id: string; slug: string; inserted: boolean }>(...upsertStatement(group, key, withListedAt));
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
