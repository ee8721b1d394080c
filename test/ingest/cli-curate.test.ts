import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesignerImportSchema } from '../../shared/domain/designer-import.schema.ts';
import type { IngestWorker } from '../../shared/ingest/runtime/ingest-worker.factory.ts';
import { getSyncStatus } from '../../shared/ingest/runtime/sync-status.ts';
import { deleteRecords } from '../../shared/store/curate/record-deleter.ts';
import { DesignerWriter } from '../../shared/store/designer.writer.ts';
import { runCli } from '../support/cli.ts';
import { pausingBefore, settledWithin } from '../support/pausing-db.ts';
import { requireServices } from '../support/services.ts';
import { designerRecord, openRoleRecord } from '../store/test-store.ts';
import { IngestHarness, waitFor } from './support/ingest-harness.ts';

const services = requireServices('postgres', 'redis', 'elasticsearch');

describe.skipIf(!services)('a curator deletes, hides or records an opt-out through the CLI: the ingest worker follows in the index', () => {
  let h: IngestHarness;
  let worker: IngestWorker;
  let dir: string;

  /** The CLI against this world's store, as a curator runs it beside a deployment that searches Elasticsearch. */
  async function cli(...args: string[]): Promise<string> {
    const config = h.config();
    const result = await runCli(args, {
      DATABASE_URL: config.DATABASE_URL!,
      ELASTICSEARCH_URL: config.ELASTICSEARCH_URL!.join(','),
      REDIS_URL: config.REDIS_URL!,
      ES_INDEX_PREFIX: config.ES_INDEX_PREFIX,
      QUEUE_PREFIX: config.QUEUE_PREFIX,
    });
    if (result.code !== 0) throw new Error(`designer-directory ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
    return result.stdout;
  }

  beforeAll(async () => {
    h = await IngestHarness.create(services!, 'cli_curate');
    worker = await h.startWorker();
    dir = await mkdtemp(join(tmpdir(), 'dd-cli-curate-'));
  });

  afterAll(async () => {
    await h?.cleanup();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('deleted designers and open roles leave the index; the rest stay; re-imported, they come back', async () => {
    const designers = join(dir, 'designers.ndjson');
    await writeFile(designers, ['gone-by-slug', 'gone-by-id', 'stays'].map((slug) => JSON.stringify(designerRecord(slug, { id: `id-${slug}` }))).join('\n'));
    const roles = join(dir, 'roles.ndjson');
    await writeFile(roles, ['role-gone', 'role-stays'].map((key) => JSON.stringify(openRoleRecord(key, { id: key }))).join('\n'));
    await cli('import', designers);
    await cli('import-open-roles', roles);
    for (const id of ['id-gone-by-slug', 'id-gone-by-id', 'id-stays']) await waitFor(() => h.getDoc('designers', id), { what: `${id} in the index` });
    for (const id of ['role-gone', 'role-stays']) await waitFor(() => h.getDoc('openRoles', id), { what: `${id} in the index` });

    expect(await cli('delete', 'designers', 'gone-by-slug', 'id-gone-by-id')).toMatch(/^Deleted 2 designer record\(s\)/);
    expect(await cli('delete', 'open-roles', 'https://jobs.example/role-gone')).toMatch(/^Deleted 1 open role record\(s\)/);
    await waitFor(async () => (await h.getDoc('designers', 'id-gone-by-slug')) === null && (await h.getDoc('designers', 'id-gone-by-id')) === null, {
      what: 'the deleted designers to leave the index',
    });
    await waitFor(async () => (await h.getDoc('openRoles', 'role-gone')) === null, { what: 'the deleted open role to leave the index' });
    expect(await h.getDoc('designers', 'id-stays')).not.toBeNull();
    expect(await h.getDoc('openRoles', 'role-stays')).not.toBeNull();
    expect(await h.diffStoreAndIndex('designers')).toEqual([]);
    expect(await h.diffStoreAndIndex('openRoles')).toEqual([]);

    // The same ids written again: the delete's version must not keep them out.
    await cli('import', designers);
    await waitFor(async () => (await h.getDoc('designers', 'id-gone-by-slug')) !== null && (await h.getDoc('designers', 'id-gone-by-id')) !== null, {
      what: 're-imported designers back in the index',
    });
    expect(await h.diffStoreAndIndex('designers')).toEqual([]);
  }, 120_000);

  it('a hidden or opted-out designer leaves the index, and a published open role marked draft leaves it; set back, they return', async () => {
    const designers = join(dir, 'set.ndjson');
    await writeFile(designers, ['set-hide', 'set-consent'].map((slug) => JSON.stringify(designerRecord(slug, { id: `id-${slug}` }))).join('\n'));
    const roles = join(dir, 'set-roles.ndjson');
    await writeFile(roles, JSON.stringify(openRoleRecord('set-role', { id: 'set-role' })));
    await cli('import', designers);
    await cli('import-open-roles', roles);
    const inIndex = async (kind: 'designers' | 'openRoles', id: string) => (await h.getDoc(kind, id)) !== null;
    for (const id of ['id-set-hide', 'id-set-consent']) await waitFor(() => inIndex('designers', id), { what: `${id} in the index` });
    await waitFor(() => inIndex('openRoles', 'set-role'), { what: 'the role in the index' });

    await cli('set', 'designers', 'set-hide', '--status', 'hidden');
    await cli('set', 'designers', 'set-consent', '--opted-in', 'no');
    await cli('set', 'open-roles', 'set-role', '--status', 'draft');
    for (const id of ['id-set-hide', 'id-set-consent']) await waitFor(async () => !(await inIndex('designers', id)), { what: `${id} out of the index` });
    await waitFor(async () => !(await inIndex('openRoles', 'set-role')), { what: 'the draft role out of the index' });

    await cli('set', 'designers', 'set-hide', '--status', 'published');
    await cli('set', 'designers', 'set-consent', '--opted-in', 'yes');
    await cli('set', 'open-roles', 'set-role', '--status', 'published');
    for (const id of ['id-set-hide', 'id-set-consent']) await waitFor(() => inIndex('designers', id), { what: `${id} back in the index` });
    await waitFor(() => inIndex('openRoles', 'set-role'), { what: 'the role back in the index' });
  }, 120_000);

  it('an import of a designer that waited on the delete of the same id ends in the index, above the delete', async () => {
    const writer = new DesignerWriter(h.db);
    const record = (name: string) => DesignerImportSchema.parse(designerRecord('racing-delete', { id: 'racing-delete-id', name }));
    await writer.upsert(record('Before Race'));
    await waitFor(() => h.getDoc('designers', 'racing-delete-id'), { what: 'the designer in the index' });

    // The delete has locked the row and not yet deleted it; the import draws its version, then waits.
    const pause = pausingBefore(h.db, 'DELETE FROM designers');
    const deleting = deleteRecords(pause.db, 'designers', ['racing-delete']);
    await pause.paused;
    const importing = writer.upsert(record('After Race'));
    expect(await settledWithin(importing, 300)).toBe(false);
    pause.release();
    await deleting;
    expect((await importing).outcome).toBe('inserted');

    // Once every change is synced, the index holds the row as the store has it. Which job runs first decides
    // how: the re-insert indexed before the delete reached the index, or refused by the delete's tombstone
    // and given a version above it by its sync job (an 'update' in the outbox). Either way it is there.
    await waitFor(
      async () => {
        const status = await getSyncStatus(worker.context);
        const sync = status.queues.sync;
        const busy = (sync.waiting ?? 0) + (sync.active ?? 0) + (sync.delayed ?? 0) + (sync.prioritized ?? 0);
        return status.unsynced_changes.count === 0 && busy === 0;
      },
      { what: 'every change synced' },
    );
    // Nothing writes the row any more; the index shows the last sync once it refreshes (near real time).
    const version = await h.rowVersion('designers', 'racing-delete-id');
    await waitFor(async () => (await h.getDoc('designers', 'racing-delete-id'))?.version === version, { what: `the index at the row's version ${version}` });
    expect((await h.getDoc('designers', 'racing-delete-id'))?.source.slug).toBe('racing-delete');
    const changes = await h.db.query<{ op: string }>(`SELECT op FROM change_log WHERE entity_id = 'racing-delete-id' ORDER BY id`);
    expect(changes.rows.map((c) => c.op).slice(0, 3)).toEqual(['insert', 'delete', 'insert']);
    expect(await h.diffStoreAndIndex('designers')).toEqual([]);
  }, 60_000);
});
