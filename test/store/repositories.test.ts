import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesignerImportSchema } from '../../shared/domain/designer-import.schema.ts';
import { OpenRoleImportSchema } from '../../shared/domain/open-role-import.schema.ts';
import { refreshStaleSearchDocuments } from '../../shared/search/postgres/search-document.store.ts';
import { DesignerRepository } from '../../shared/store/designer.repository.ts';
import { OpenRoleRepository } from '../../shared/store/open-role.repository.ts';
import { RecordConflictError } from '../../shared/store/store.errors.ts';
import { requireServices } from '../support/services.ts';
import { designerRecord, type Engine, openRoleRecord, openTestStore, type TestStore } from './test-store.ts';

const services = requireServices('postgres');
const engines: Engine[] = ['pglite', 'postgres'];
const BASE = 'https://directory.example/';

interface Change {
  entity: string;
  entity_id: string;
  op: string;
  version: string;
}

describe.each(engines)('store on %s', (engine) => {
  let store: TestStore;
  let designers: DesignerRepository;
  let openRoles: OpenRoleRepository;

  const changesSince = async (id: number): Promise<Change[]> =>
    (await store.db.query<Change>('SELECT entity, entity_id, op, version FROM change_log WHERE id > $1 ORDER BY id', [id])).rows;
  const lastChangeId = async (): Promise<number> =>
    Number((await store.db.query<{ id: string | null }>('SELECT max(id) AS id FROM change_log')).rows[0]!.id ?? 0);
  const versionOf = async (id: string): Promise<string> =>
    (await store.db.query<{ version: string }>('SELECT version FROM designers WHERE id = $1', [id])).rows[0]!.version;
  const designer = (slug: string, overrides: Record<string, unknown> = {}) => DesignerImportSchema.parse(designerRecord(slug, overrides));

  beforeAll(async () => {
    if (engine === 'postgres' && !services) return;
    store = await openTestStore(engine, 'repositories', services?.postgres ?? null);
    designers = new DesignerRepository(store.db, BASE);
    openRoles = new OpenRoleRepository(store.db);
  });
  afterAll(async () => {
    await store?.close();
  });

  describe.skipIf(engine === 'postgres' && !services)('', () => {
    it('inserts a designer with its roles and writes one change row per trigger, with growing versions', async () => {
      const mark = await lastChangeId();
      const result = await designers.upsert(designer('ana-lopez', { id: 'd-ana' }));
      expect(result).toEqual({ id: 'd-ana', outcome: 'inserted' });
      const changes = await changesSince(mark);
      // The insert, then one touch by the statement that wrote its roles (current + previous).
      expect(changes.map((c) => [c.entity, c.entity_id, c.op])).toEqual([
        ['designer', 'd-ana', 'insert'],
        ['designer', 'd-ana', 'update'],
      ]);
      const versions = changes.map((c) => BigInt(c.version));
      expect(versions).toEqual([...versions].sort((a, b) => (a < b ? -1 : 1)));
      expect(await versionOf('d-ana')).toBe(changes.at(-1)!.version);
    });

    it('reads the public profile: current role, previous roles in order, profile_url from the base URL', async () => {
      expect(await designers.findListed({ slug: 'ana-lopez' })).toEqual({
        id: 'd-ana',
        slug: 'ana-lopez',
        name: 'Ana Lopez',
        description: 'Designer ana-lopez',
        website: 'https://ana-lopez.example',
        portfolio_preview: 'https://img.example/ana-lopez.jpg',
        category: 'product',
        location: 'Berlin, DE',
        current_role: { title: 'Product Designer', company: 'Acme', company_url: 'https://acme.example' },
        previous_roles: [{ title: 'Designer', company: 'Globex', company_url: null }],
        profile_url: 'https://directory.example/designer/ana-lopez',
      });
    });

    it('upserts by id: an update bumps the version and writes an update change', async () => {
      const before = await versionOf('d-ana');
      const mark = await lastChangeId();
      const result = await designers.upsert(designer('ana-lopez', { id: 'd-ana', name: 'Ana López' }));
      expect(result.outcome).toBe('updated');
      expect(BigInt(await versionOf('d-ana'))).toBeGreaterThan(BigInt(before));
      expect((await changesSince(mark)).map((c) => c.op)).toEqual(['update']);
      expect((await designers.findById('d-ana'))?.designer.name).toBe('Ana López');
    });

    it('upserts by slug when the record has no id, keeping the stored id', async () => {
      const result = await designers.upsert(designer('ana-lopez', { name: 'Ana M. López' }));
      expect(result).toEqual({ id: 'd-ana', outcome: 'updated' });
      const inserted = await designers.upsert(designer('bo-chen'));
      expect(inserted.outcome).toBe('inserted');
      expect(inserted.id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await designers.findListed({ id: inserted.id }))?.slug).toBe('bo-chen');
    });

    it('writes nothing for an identical record: no version, no change row', async () => {
      const before = await versionOf('d-ana');
      const mark = await lastChangeId();
      expect((await designers.upsert(designer('ana-lopez', { name: 'Ana M. López' }))).outcome).toBe('unchanged');
      expect(await versionOf('d-ana')).toBe(before);
      expect(await changesSince(mark)).toEqual([]);
    });

    it('a role change touches its designer: new version and a designer change row', async () => {
      const before = await versionOf('d-ana');
      const mark = await lastChangeId();
      await designers.upsert(designer('ana-lopez', { id: 'd-ana', name: 'Ana M. López', previous_roles: [] }));
      expect(BigInt(await versionOf('d-ana'))).toBeGreaterThan(BigInt(before));
      const changes = await changesSince(mark);
      expect(changes.length).toBeGreaterThan(0);
      expect(changes.every((c) => c.entity === 'designer' && c.entity_id === 'd-ana' && c.op === 'update')).toBe(true);

      // Plain SQL on the roles table does the same.
      const mark2 = await lastChangeId();
      await store.db.query(`UPDATE designer_roles SET title = 'Lead Designer' WHERE designer_id = 'd-ana' AND is_current`);
      expect((await changesSince(mark2)).map((c) => [c.entity, c.entity_id, c.op])).toEqual([['designer', 'd-ana', 'update']]);
    });

    it('a delete writes a delete change with a version greater than any before', async () => {
      await designers.upsert(designer('cy-doe', { id: 'd-cy' }));
      const last = await versionOf('d-cy');
      const mark = await lastChangeId();
      expect(await designers.delete('d-cy')).toBe(true);
      const changes = await changesSince(mark);
      expect(changes.map((c) => [c.entity_id, c.op])).toEqual([['d-cy', 'delete']]);
      expect(BigInt(changes[0]!.version)).toBeGreaterThan(BigInt(last));
      expect(await designers.findById('d-cy')).toBeNull();
      const { rows } = await store.db.query(`SELECT 1 FROM designer_search WHERE designer_id = 'd-cy'`);
      expect(rows).toEqual([]);
    });

    it('lists only published, opted-in designers; opt-out and unpublish remove them', async () => {
      await designers.upsert(designer('di-draft', { id: 'd-draft', status: 'draft' }));
      await designers.upsert(designer('ed-out', { id: 'd-out', opted_in: false }));
      expect(await designers.findListed({ slug: 'di-draft' })).toBeNull();
      expect(await designers.findListed({ slug: 'ed-out' })).toBeNull();
      expect((await designers.findById('d-draft'))?.listed).toBe(false);
      expect(await designers.count({ listedOnly: true })).toBe(2);
      expect(await designers.count()).toBe(4);

      await designers.setState('d-draft', { status: 'published' });
      expect((await designers.findListed({ slug: 'di-draft' }))?.id).toBe('d-draft');
      await designers.setState('d-draft', { opted_in: false });
      expect(await designers.findListed({ slug: 'di-draft' })).toBeNull();
    });

    it('streams rows with a keyset cursor in id order, batch by batch', async () => {
      for (let i = 0; i < 7; i++) await designers.upsert(designer(`batch-${i}`, { id: `z-${i}` }));
      const page = await designers.list({ limit: 3 });
      expect(page.items).toHaveLength(3);
      expect(page.next).toBe(page.items[2]!.designer.id);
      const all: string[] = [];
      for await (const d of designers.stream({ limit: 3 })) all.push(d.designer.id);
      expect(all).toEqual([...all].sort());
      expect(all).toHaveLength(await designers.count());
      const listed: string[] = [];
      for await (const d of designers.stream({ limit: 2, listedOnly: true })) listed.push(d.designer.id);
      expect(listed).toHaveLength(await designers.count({ listedOnly: true }));
      expect(listed).not.toContain('d-draft');
    });

    it('refuses a slug another designer holds, naming the field', async () => {
      await expect(designers.upsert(designer('ana-lopez', { id: 'd-other' }))).rejects.toThrow(RecordConflictError);
      await expect(designers.upsert(designer('ana-lopez', { id: 'd-other' }))).rejects.toMatchObject({ field: 'slug' });
    });

    it('keeps the search text in step with the row version; rows changed by plain SQL are refreshed', async () => {
      const stale = async () =>
        (
          await store.db.query<{ n: string }>(
            `SELECT count(*) AS n FROM designers d LEFT JOIN designer_search s ON s.designer_id = d.id
              WHERE s.source_version IS DISTINCT FROM d.version`,
          )
        ).rows[0]!.n;
      // The roles table was changed by plain SQL above: that designer's text is stale until refreshed.
      expect(await stale()).toBe('1');
      expect(await refreshStaleSearchDocuments(store.db)).toEqual({ designers: 1, openRoles: 0 });
      expect(await stale()).toBe('0');
      await store.db.query(`UPDATE designers SET name = 'Ana Zed' WHERE id = 'd-ana'`);
      expect(await stale()).toBe('1');
      expect(await refreshStaleSearchDocuments(store.db)).toEqual({ designers: 1, openRoles: 0 });
      expect(await stale()).toBe('0');
      const { rows } = await store.db.query<{ hit: boolean }>(
        `SELECT text_tsv @@ 'zed & lead'::tsquery AS hit FROM designer_search WHERE designer_id = 'd-ana'`,
      );
      expect(rows[0]!.hit).toBe(true);
    });

    it('open roles: upsert by id, else by apply_url; expiry defaults to 30 days after posting', async () => {
      const role = (key: string, overrides: Record<string, unknown> = {}) => OpenRoleImportSchema.parse(openRoleRecord(key, overrides));
      const mark = await lastChangeId();
      const first = await openRoles.upsert(role('one', { posted_at: '2026-01-01T00:00:00.000Z' }));
      expect(first.outcome).toBe('inserted');
      const stored = await openRoles.findById(first.id);
      expect(stored?.role.expires_at).toBe('2026-01-31T00:00:00.000Z');
      expect(await openRoles.upsert(role('one', { title: 'Senior Designer' }))).toEqual({ id: first.id, outcome: 'updated' });
      // Dates the record leaves out keep their stored values.
      expect((await openRoles.findById(first.id))?.role.posted_at).toBe('2026-01-01T00:00:00.000Z');
      expect(await openRoles.upsert(role('one', { title: 'Senior Designer' }))).toEqual({ id: first.id, outcome: 'unchanged' });
      expect(await openRoles.upsert(role('two', { id: 'r-2' }))).toEqual({ id: 'r-2', outcome: 'inserted' });
      const changes = await changesSince(mark);
      expect(changes.map((c) => [c.entity, c.op])).toEqual([
        ['open_role', 'insert'],
        ['open_role', 'update'],
        ['open_role', 'insert'],
      ]);
      expect(await openRoles.delete('r-2')).toBe(true);
      expect((await changesSince(mark)).at(-1)).toMatchObject({ entity: 'open_role', entity_id: 'r-2', op: 'delete' });
      // Expired (posted in January) is not listed.
      expect(await openRoles.count({ listedOnly: true })).toBe(0);
      expect(await openRoles.count()).toBe(1);
    });
  });
});
