import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesignerImportSchema } from '../../shared/domain/designer-import.schema.ts';
import { buildDesigner } from '../../shared/domain/designer.builder.ts';
import { OpenRoleImportSchema } from '../../shared/domain/open-role-import.schema.ts';
import { refreshStaleSearchText } from '../../shared/search/postgres/search-text.writer.ts';
import { SearchTextUpkeep } from '../../shared/search/postgres/search-text-upkeep.ts';
import { deleteRecords } from '../../shared/store/curate/record-deleter.ts';
import { RecordsRefusedError } from '../../shared/store/curate/record-keys.ts';
import { setRecordState } from '../../shared/store/curate/record-state.writer.ts';
import { DesignerReader } from '../../shared/store/designer.reader.ts';
import { DesignerWriter } from '../../shared/store/designer.writer.ts';
import { OpenRoleReader } from '../../shared/store/open-role.reader.ts';
import { OpenRoleWriter } from '../../shared/store/open-role.writer.ts';
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
  let designers: DesignerReader;
  let designerWriter: DesignerWriter;
  let openRoles: OpenRoleReader;
  let openRoleWriter: OpenRoleWriter;

  const changesSince = async (id: number): Promise<Change[]> =>
    (await store.db.query<Change>('SELECT entity, entity_id, op, version FROM change_log WHERE id > $1 ORDER BY id', [id])).rows;
  const lastChangeId = async (): Promise<number> =>
    Number((await store.db.query<{ id: string | null }>('SELECT max(id) AS id FROM change_log')).rows[0]!.id ?? 0);
  const versionOf = async (id: string): Promise<string> =>
    (await store.db.query<{ version: string }>('SELECT version FROM designers WHERE id = $1', [id])).rows[0]!.version;
  const designer = (slug: string, overrides: Record<string, unknown> = {}) => DesignerImportSchema.parse(designerRecord(slug, overrides));

  beforeAll(async () => {
    if (engine === 'postgres' && !services) return;
    store = await openTestStore(engine, 'readers_writers', services?.postgres ?? null);
    designers = new DesignerReader(store.db, BASE);
    designerWriter = new DesignerWriter(store.db);
    openRoles = new OpenRoleReader(store.db);
    openRoleWriter = new OpenRoleWriter(store.db);
  });
  afterAll(async () => {
    await store?.close();
  });

  describe.skipIf(engine === 'postgres' && !services)('', () => {
    it('inserts a designer with its roles as one change: the roles written in the same transaction add no version', async () => {
      const mark = await lastChangeId();
      const result = await designerWriter.upsert(designer('ana-lopez', { id: 'd-ana' }));
      expect(result).toEqual({ id: 'd-ana', outcome: 'inserted' });
      const changes = await changesSince(mark);
      expect(changes.map((c) => [c.entity, c.entity_id, c.op])).toEqual([['designer', 'd-ana', 'insert']]);
      expect(await versionOf('d-ana')).toBe(changes[0]!.version);
      expect((await designers.findById('d-ana'))?.designer.previous_roles).toHaveLength(1);
    });

    it('reads the public profile: current role, previous roles in order, profile_url from the base URL', async () => {
      expect(await designers.findListed({ slug: 'ana-lopez' })).toEqual(
        buildDesigner(
          {
            id: 'd-ana', slug: 'ana-lopez', name: 'Ana Lopez', description: 'Designer ana-lopez', category: 'product',
            website: 'https://ana-lopez.example', portfolio_preview: 'https://img.example/ana-lopez.jpg', location: 'Berlin, DE',
            current_role: { title: 'Product Designer', company: 'Acme', company_url: 'https://acme.example' },
            previous_roles: [{ title: 'Designer', company: 'Globex', company_url: null }],
            profile_url: 'https://directory.example/designer/ana-lopez',
          },
          'https://directory.example',
        ),
      );
    });

    it('upserts by id: an update bumps the version and writes an update change', async () => {
      const before = await versionOf('d-ana');
      const mark = await lastChangeId();
      const result = await designerWriter.upsert(designer('ana-lopez', { id: 'd-ana', name: 'Ana López' }));
      expect(result.outcome).toBe('updated');
      expect(BigInt(await versionOf('d-ana'))).toBeGreaterThan(BigInt(before));
      expect((await changesSince(mark)).map((c) => c.op)).toEqual(['update']);
      expect((await designers.findById('d-ana'))?.designer.name).toBe('Ana López');
    });

    it('upserts by slug when the record has no id, keeping the stored id', async () => {
      const result = await designerWriter.upsert(designer('ana-lopez', { name: 'Ana M. López' }));
      expect(result).toEqual({ id: 'd-ana', outcome: 'updated' });
      const inserted = await designerWriter.upsert(designer('bo-chen'));
      expect(inserted.outcome).toBe('inserted');
      expect(inserted.id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await designers.findListed({ id: inserted.id }))?.slug).toBe('bo-chen');
    });

    it('writes nothing for an identical record: no version, no change row', async () => {
      const before = await versionOf('d-ana');
      const mark = await lastChangeId();
      expect((await designerWriter.upsert(designer('ana-lopez', { name: 'Ana M. López' }))).outcome).toBe('unchanged');
      expect(await versionOf('d-ana')).toBe(before);
      expect(await changesSince(mark)).toEqual([]);
    });

    it('a role change touches its designer: new version and a designer change row', async () => {
      const before = await versionOf('d-ana');
      const mark = await lastChangeId();
      await designerWriter.upsert(designer('ana-lopez', { id: 'd-ana', name: 'Ana M. López', previous_roles: [] }));
      expect(BigInt(await versionOf('d-ana'))).toBeGreaterThan(BigInt(before));
      const changes = await changesSince(mark);
      expect(changes.length).toBeGreaterThan(0);
      expect(changes.every((c) => c.entity === 'designer' && c.entity_id === 'd-ana' && c.op === 'update')).toBe(true);

      // Roles rewritten (deleted, then inserted) for an unchanged row: one touch, not one per statement.
      expect(changes.map((c) => c.op)).toEqual(['update']);

      // Plain SQL on the roles table does the same.
      const mark2 = await lastChangeId();
      await store.db.query(`UPDATE designer_roles SET title = 'Lead Designer' WHERE designer_id = 'd-ana' AND is_current`);
      expect((await changesSince(mark2)).map((c) => [c.entity, c.entity_id, c.op])).toEqual([['designer', 'd-ana', 'update']]);
    });

    it('a role statement touches a designer another transaction wrote, and one written inside a savepoint', async () => {
      // Written and committed by an earlier transaction: the role statement must give it a new version.
      const before = await versionOf('d-ana');
      await store.db.transaction(async (tx) => {
        await tx.query(`UPDATE designer_roles SET title = 'Principal Designer' WHERE designer_id = 'd-ana' AND is_current`);
      });
      const touched = await versionOf('d-ana');
      expect(BigInt(touched)).toBeGreaterThan(BigInt(before));

      // Written inside a savepoint of this transaction: the row carries the subtransaction's id, so the role
      // statement after it touches it again (an extra version, never a missing one).
      const mark = await lastChangeId();
      await store.db.transaction(async (tx) => {
        await tx.query('SAVEPOINT s');
        await tx.query(`UPDATE designers SET name = 'Ana S. López' WHERE id = 'd-ana'`);
        await tx.query('RELEASE SAVEPOINT s');
        await tx.query(`UPDATE designer_roles SET title = 'Staff Designer' WHERE designer_id = 'd-ana' AND is_current`);
      });
      expect((await changesSince(mark)).map((c) => c.op)).toEqual(['update', 'update']);
    });

    it('a delete writes a delete change with a version greater than any before', async () => {
      await designerWriter.upsert(designer('cy-doe', { id: 'd-cy' }));
      const last = await versionOf('d-cy');
      const mark = await lastChangeId();
      expect((await deleteRecords(store.db, 'designers', ['d-cy'])).deleted).toHaveLength(1);
      const changes = await changesSince(mark);
      expect(changes.map((c) => [c.entity_id, c.op])).toEqual([['d-cy', 'delete']]);
      expect(BigInt(changes[0]!.version)).toBeGreaterThan(BigInt(last));
      expect(await designers.findById('d-cy')).toBeNull();
      const { rows } = await store.db.query(`SELECT 1 FROM designer_search WHERE designer_id = 'd-cy'`);
      expect(rows).toEqual([]);
    });

    it('lists only published, opted-in designers; opt-out and unpublish remove them', async () => {
      await designerWriter.upsert(designer('di-draft', { id: 'd-draft', status: 'draft' }));
      await designerWriter.upsert(designer('ed-out', { id: 'd-out', opted_in: false }));
      expect(await designers.findListed({ slug: 'di-draft' })).toBeNull();
      expect(await designers.findListed({ slug: 'ed-out' })).toBeNull();
      expect((await designers.findById('d-draft'))?.listed).toBe(false);
      expect(await designers.countListed()).toBe(2);
      expect(await designers.count()).toBe(4);

      await setRecordState(store.db, 'designers', ['d-draft'], { status: 'published' });
      expect((await designers.findListed({ slug: 'di-draft' }))?.id).toBe('d-draft');
      await setRecordState(store.db, 'designers', ['di-draft'], { opted_in: false });
      expect(await designers.findListed({ slug: 'di-draft' })).toBeNull();
    });

    it('streams rows with a keyset cursor in id order, batch by batch', async () => {
      for (let i = 0; i < 7; i++) await designerWriter.upsert(designer(`batch-${i}`, { id: `z-${i}` }));
      const page = await designers.list({ limit: 3 });
      expect(page.items).toHaveLength(3);
      expect(page.next).toBe(page.items[2]!.designer.id);
      const all: string[] = [];
      for await (const d of designers.stream({ pageSize: 3 })) all.push(d.designer.id);
      expect(all).toEqual([...all].sort());
      expect(all).toHaveLength(await designers.count());
      const listed: string[] = [];
      for await (const d of designers.streamListed({ pageSize: 2 })) listed.push(d.designer.id);
      expect(listed).toHaveLength(await designers.countListed());
      expect(listed).not.toContain('d-draft');
    });

    it('a keyset walk reads the next page while the caller holds this one, and a failed read reaches the caller', async () => {
      // A Db that counts page reads and fails the third: the walk reads a page ahead of what it yields.
      let reads = 0;
      const failing: typeof store.db = {
        ...store.db,
        engine: store.db.engine,
        query: (sql, params) => store.db.query(sql, params),
        withPgClient: (fn) => store.db.withPgClient(fn),
        close: async () => undefined,
        transaction: (fn) => {
          reads += 1;
          if (reads === 3) return Promise.reject(new Error('page read failed'));
          return store.db.transaction(fn);
        },
      };
      const walk = new DesignerReader(failing, BASE).stream({ pageSize: 2 })[Symbol.asyncIterator]();
      const first = await walk.next();
      expect(first.done).toBe(false);
      // Holding the first row of page 1, page 2 is already being read.
      expect(reads).toBe(2);
      await walk.next();
      await walk.next(); // the first row of page 2: page 3 is read ahead, and fails while nobody waits on it
      await new Promise((resolve) => setTimeout(resolve, 50)); // an unhandled rejection would fail the run here
      await walk.next();
      await expect(walk.next()).rejects.toThrow('page read failed');
    });

    it('refuses a slug another designer holds, naming the field', async () => {
      await expect(designerWriter.upsert(designer('ana-lopez', { id: 'd-other' }))).rejects.toThrow(RecordConflictError);
      await expect(designerWriter.upsert(designer('ana-lopez', { id: 'd-other' }))).rejects.toMatchObject({ field: 'slug' });
    });

    it('keeps the search text in step with the row version: the database queues every write, plain SQL included', async () => {
      const stale = async () =>
        (
          await store.db.query<{ n: string }>(
            `SELECT count(*) AS n FROM designers d LEFT JOIN designer_search s ON s.designer_id = d.id
              WHERE s.source_version IS DISTINCT FROM d.version`,
          )
        ).rows[0]!.n;
      const queued = async () =>
        (await store.db.query<{ entity: string; entity_id: string }>(`SELECT entity, entity_id FROM search_text_queue ORDER BY 1, 2`)).rows;
      const upkeep = new SearchTextUpkeep(store.db);
      // Nothing searched on Postgres yet, so the queue is off and nothing was queued. Turning it on
      // recomputes every row written meanwhile (by version), once.
      expect(await queued()).toEqual([]);
      expect(Number(await stale())).toBeGreaterThan(0);
      await upkeep.enable();
      expect(await stale()).toBe('0');

      await store.db.query(`UPDATE designers SET name = 'Ana Zed' WHERE id = 'd-ana'`);
      await store.db.query(`UPDATE designer_roles SET company = 'Lead Co' WHERE designer_id = 'd-ana' AND is_current`);
      // Queued once per writing transaction: two statements, two transactions.
      expect(await queued()).toEqual([
        { entity: 'designer', entity_id: 'd-ana' },
        { entity: 'designer', entity_id: 'd-ana' },
      ]);
      expect(await stale()).toBe('1');
      expect(await upkeep.catchUp()).toBe(2);
      expect(await queued()).toEqual([]);
      expect(await stale()).toBe('0');
      expect(await refreshStaleSearchText(store.db)).toEqual({ designers: 0, openRoles: 0 });
      const { rows } = await store.db.query<{ hit: boolean }>(
        `SELECT text_tsv @@ 'zed & lead'::tsquery AS hit FROM designer_search WHERE designer_id = 'd-ana'`,
      );
      expect(rows[0]!.hit).toBe(true);
    });

    it('open roles: upsert by id, else by apply_url; expiry defaults to 30 days after posting', async () => {
      const role = (key: string, overrides: Record<string, unknown> = {}) => OpenRoleImportSchema.parse(openRoleRecord(key, overrides));
      const mark = await lastChangeId();
      const first = await openRoleWriter.upsert(role('one', { posted_at: '2026-01-01T00:00:00.000Z' }));
      expect(first.outcome).toBe('inserted');
      const stored = await openRoles.findById(first.id);
      expect(stored?.role.expires_at).toBe('2026-01-31T00:00:00.000Z');
      expect(await openRoleWriter.upsert(role('one', { title: 'Senior Designer' }))).toEqual({ id: first.id, outcome: 'updated' });
      // Dates the record leaves out keep their stored values.
      expect((await openRoles.findById(first.id))?.role.posted_at).toBe('2026-01-01T00:00:00.000Z');
      expect(await openRoleWriter.upsert(role('one', { title: 'Senior Designer' }))).toEqual({ id: first.id, outcome: 'unchanged' });
      expect(await openRoleWriter.upsert(role('two', { id: 'r-2' }))).toEqual({ id: 'r-2', outcome: 'inserted' });
      const changes = await changesSince(mark);
      expect(changes.map((c) => [c.entity, c.op])).toEqual([
        ['open_role', 'insert'],
        ['open_role', 'update'],
        ['open_role', 'insert'],
      ]);
      expect((await deleteRecords(store.db, 'open-roles', ['r-2'])).deleted).toHaveLength(1);
      expect((await changesSince(mark)).at(-1)).toMatchObject({ entity: 'open_role', entity_id: 'r-2', op: 'delete' });
      // Expired (posted in January) is not listed.
      expect(await openRoles.countListed()).toBe(0);
      expect(await openRoles.count()).toBe(1);
    });

    it('the designer batch write gives the outcomes one upsert each would, and writes nothing when the store refuses one', async () => {
      const count = await designers.count();
      expect(
        await designerWriter.upsertBatch([
          designer('fy-new', { id: 'd-fy' }),
          designer('batch-0', { id: 'z-0' }),
          designer('batch-1', { id: 'z-1', name: 'Renamed' }),
          designer('go-new', { listed_at: '2024-02-02T00:00:00.000Z' }),
        ]),
      ).toEqual([
        { id: 'd-fy', outcome: 'inserted' },
        { id: 'z-0', outcome: 'unchanged' },
        { id: 'z-1', outcome: 'updated' },
        { id: expect.stringMatching(/^[0-9a-f-]{36}$/), outcome: 'inserted' },
      ]);
      expect(await designers.count()).toBe(count + 2);
      expect((await designers.findListed({ slug: 'batch-1' }))?.name).toBe('Renamed');
      const goNew = (await designers.list({ limit: 1000 })).items.find((d) => d.designer.slug === 'go-new');
      expect(goNew?.listed_at).toBe('2024-02-02T00:00:00.000Z');

      await expect(designerWriter.upsertBatch([designer('hu-new', { id: 'd-hu' }), designer('ana-lopez', { id: 'd-other' })])).rejects.toThrow();
      expect(await designers.findById('d-hu')).toBeNull();
      expect(await designers.count()).toBe(count + 2);
    });

    it('state changes and deletes naming a row that is not there are refused and change nothing', async () => {
      const [role] = (await openRoles.list()).items;
      const mark = await lastChangeId();
      await expect(setRecordState(store.db, 'designers', ['d-nobody'], { status: 'hidden' })).rejects.toThrow(RecordsRefusedError);
      await expect(deleteRecords(store.db, 'designers', ['ana-lopez', 'd-nobody'])).rejects.toThrow(RecordsRefusedError);
      await expect(setRecordState(store.db, 'open-roles', [role!.role.id, 'r-nobody'], { status: 'hidden' })).rejects.toThrow(RecordsRefusedError);
      expect(await changesSince(mark)).toEqual([]);
      expect((await designers.findListed({ slug: 'ana-lopez' }))?.slug).toBe('ana-lopez');
      expect((await openRoles.findById(role!.role.id))?.status).toBe(role!.status);

      expect((await setRecordState(store.db, 'open-roles', [role!.role.id], { status: 'hidden' })).changed).toHaveLength(1);
      expect((await openRoles.findById(role!.role.id))?.status).toBe('hidden');
    });
  });
});
