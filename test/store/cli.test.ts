import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresSearchRepository } from '../../shared/search/postgres/pg-search.repository.ts';
import { createPgDb, createPgliteDb, type Db } from '../../shared/store/db.ts';
import { runCli } from '../support/cli.ts';
import { requireServices } from '../support/services.ts';
import { createTempDatabase, type TempDatabase } from '../support/temp-database.ts';
import { designerRecord, openRoleRecord, snapshot } from './test-store.ts';

const services = requireServices('postgres');
const cli = runCli;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dd-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('designer-directory CLI without a command', () => {
  const COMMANDS = ['seed', 'migrate', 'import', 'import-open-roles', 'export', 'set', 'delete', 'synonyms', 'reindex', 'status', 'retry-failed'];

  it('lists every command in its help, in order', async () => {
    const help = await cli(['--help'], {});
    expect(help.code).toBe(0);
    const listed = [...help.stdout.matchAll(/^ {2}([a-z-]+)(?= |$)/gm)].map((m) => m[1]);
    expect(listed).toEqual([...COMMANDS, 'help']);
  });

  it('offers the command a mistyped one is closest to, and exits 1', async () => {
    const mistyped = await cli(['imprt', 'designers.json'], {});
    expect(mistyped.code).toBe(1);
    expect(mistyped.stderr).toContain("unknown command 'imprt'");
    expect(mistyped.stderr).toContain('Did you mean import?');
  });

  it("answers a command's own help with that command's options", async () => {
    const help = await cli(['import', '--help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: designer-directory import \[options\] <file>/);
    expect(help.stdout).toContain('--dry-run');
  });
});

describe.skipIf(!services)('designer-directory CLI on a Postgres server', () => {
  let temp: TempDatabase;
  let db: Db;
  let env: Record<string, string>;

  beforeAll(async () => {
    temp = await createTempDatabase(services!.postgres, 'cli');
    db = createPgDb(temp.url, { max: 1 });
    env = { DATABASE_URL: temp.url };
  });
  afterAll(async () => {
    await db?.close();
    await temp?.drop();
  });

  it('migrate applies the migrations, then finds nothing to do', async () => {
    const first = await cli(['migrate'], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Applied \d+ migration\(s\): 1763700000000_initial-schema/);
    const second = await cli(['migrate'], env);
    expect(second).toMatchObject({ code: 0, stdout: 'The database is up to date.\n' });
  });

  it('import of a bad file exits 1, names the line and field, and changes nothing', async () => {
    const path = join(dir, 'bad.ndjson');
    await writeFile(path, [designerRecord('ok-one'), designerRecord('bad-two', { category: 'painter' })].map((r) => JSON.stringify(r)).join('\n'));
    const result = await cli(['import', path], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/nothing was imported/);
    expect(result.stderr).toMatch(/line 2 \(record 2\): category:/);
    const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM designers');
    expect(rows[0]!.n).toBe('0');
  });

  it('import --skip-invalid imports the rest and lists what it skipped', async () => {
    const path = join(dir, 'bad.ndjson');
    const result = await cli(['import', '--skip-invalid', path], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Imported 1 of 2 designer record\(s\) from .*: 1 new, 0 updated, 0 unchanged\./);
    expect(result.stdout).toMatch(/Skipped 1 invalid record\(s\):\n {2}line 2 \(record 2\): category:/);
    // No Elasticsearch configured, so search runs on the store: the import computed the search text itself.
    const { rows } = await db.query<{ slug: string }>(
      `SELECT d.slug FROM designers d JOIN designer_search s ON s.designer_id = d.id AND s.source_version = d.version`,
    );
    expect(rows.map((r) => r.slug)).toEqual(['ok-one']);
    const { rows: queued } = await db.query<{ n: string }>('SELECT count(*) AS n FROM search_text_queue');
    expect(queued[0]!.n).toBe('0');
  });

  it('migrate on a store from before regions recomputes its search text: Berlin, DE is found in Europe', async () => {
    const byCountry = async () =>
      (
        await db.query<{ slug: string }>(
          `SELECT d.slug FROM designers d JOIN designer_search s ON s.designer_id = d.id WHERE s.location_tsv @@ 'europe'::tsquery`,
        )
      ).rows.map((r) => r.slug);
    expect(await byCountry()).toEqual(['ok-one']);
    // The store as the earlier release left it: that migration and the ones after it not applied, the location
    // text without regions.
    await db.query(`DELETE FROM pgmigrations WHERE name >= '1765000000000_location-regions-and-city-names'`);
    await db.query(`UPDATE designer_search SET location_tsv = to_tsvector('simple', 'berlin de berlin germany')`);
    expect(await byCountry()).toEqual([]);
    const result = await cli(['migrate'], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /Applied \d+ migration\(s\): 1765000000000_location-regions-and-city-names, 1765100000000_location-new-york-code, 1765200000000_millisecond-stamps, 1765300000000_location-more-names\b/,
    );
    expect(result.stdout).toMatch(/Refreshed the search text of 1 designer\(s\)/);
    expect(await byCountry()).toEqual(['ok-one']);
  });

  it('import-open-roles reads CSV', async () => {
    const path = join(dir, 'roles.csv');
    await writeFile(
      path,
      'title,company,employment_type,category,apply_url,remote\nProduct Designer,Acme,full_time,product,https://jobs.example/1,yes\n',
    );
    const result = await cli(['import-open-roles', path], env);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toMatch(/Imported 1 of 1 open role record\(s\)/);
  });

  it('import reads the semicolon CSV a spreadsheet writes where the comma is the decimal mark', async () => {
    const path = join(dir, 'designers-excel.csv');
    const role = '"{""title"":""Brand Designer"",""company"":""Acme; Co"",""company_url"":null}"';
    await writeFile(
      path,
      '\uFEFFid;slug;name;description;website;portfolio_preview;category;location;current_role;previous_roles\r\n' +
        `semi-1;ana-semicolon;Ana López;Brand work, mostly;https://ana.example;https://ana.example/p.jpg;brand;Madrid, ES;${role};[]\r\n`,
    );
    const result = await cli(['import', path], env);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toMatch(/Imported 1 of 1 designer record\(s\)/);
    const { rows } = await db.query<{ name: string; location: string; description: string }>(
      "SELECT name, location, description FROM designers WHERE id = 'semi-1'",
    );
    expect(rows).toEqual([{ name: 'Ana López', location: 'Madrid, ES', description: 'Brand work, mostly' }]);
  });

  it('seed writes the sample directory through the import; a second seed leaves designers unchanged', async () => {
    const first = await cli(['seed', '--designers', '30', '--open-roles', '5'], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Seeded 30 designers \(30 new, 0 updated, 0 unchanged\) and 5 open roles \(5 new/);
    const second = await cli(['seed', '--designers', '30', '--open-roles', '5'], env);
    expect(second.stdout).toMatch(/Seeded 30 designers \(0 new, 0 updated, 30 unchanged\)/);
    const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM change_log WHERE entity = 'designer'`);
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(30);
    const ifEmpty = await cli(['seed', '--if-empty'], env);
    expect(ifEmpty).toMatchObject({ code: 0, stdout: 'The store is not empty; nothing seeded.\n' });
  });

  it('import --dry-run reports what the import would do, finds what the store would refuse, and writes nothing', async () => {
    const snapshot = async () => ({
      designers: (await db.query('SELECT id, slug, name, version, updated_at FROM designers ORDER BY id')).rows,
      roles: (await db.query('SELECT designer_id, position, title FROM designer_roles ORDER BY designer_id, position')).rows,
      changes: (await db.query('SELECT count(*) AS n, max(id) AS last FROM change_log')).rows,
      search: (await db.query('SELECT designer_id, source_version FROM designer_search ORDER BY designer_id')).rows,
    });
    const before = await snapshot();
    const path = join(dir, 'dry.ndjson');
    const records = [
      designerRecord('ok-one'),
      designerRecord('ana-semicolon', { id: 'semi-1', name: 'Ana Dry' }),
      designerRecord('dry-new'),
      designerRecord('dry-bad', { category: 'painter' }),
    ];
    await writeFile(path, records.map((r) => JSON.stringify(r)).join('\n'));

    const skipping = await cli(['import', '--dry-run', '--skip-invalid', path], env);
    expect(skipping.code, skipping.stderr).toBe(0);
    expect(skipping.stdout).toBe(
      `Dry run, nothing was written: importing ${path} would import 3 of 4 designer record(s): 1 new, 1 updated, 1 unchanged.\n` +
        'It would skip 1 invalid record(s):\n  line 4 (record 4): category: must be one of product, brand, graphic, motion, 3d, director, engineer\n',
    );
    expect(await snapshot()).toEqual(before);

    // Without --skip-invalid, the bad record is the answer, as for the import itself.
    const strict = await cli(['import', '--dry-run', path], env);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/nothing was imported:\n {2}line 4 \(record 4\): category:/);

    // A slug another designer holds is found only by writing: the dry run writes, names it, and keeps nothing.
    await writeFile(path, [designerRecord('dry-new'), designerRecord('ok-one', { id: 'someone-else' })].map((r) => JSON.stringify(r)).join('\n'));
    const conflict = await cli(['import', '--dry-run', path], env);
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toMatch(/line 2 \(record 2\): slug: is already used by another designer/);
    expect(await snapshot()).toEqual(before);

    // The same file for real: what the dry run said is what happens.
    await writeFile(path, records.slice(0, 3).map((r) => JSON.stringify(r)).join('\n'));
    const real = await cli(['import', path], env);
    expect(real.stdout).toMatch(/Imported 3 of 3 designer record\(s\) from .*: 1 new, 1 updated, 1 unchanged\./);
  });

  it('delete removes the designers and open roles it names, all or none, recording each delete for the worker', async () => {
    const designers = join(dir, 'to-delete.ndjson');
    await writeFile(designers, ['del-one', 'del-two', 'del-kept'].map((slug) => JSON.stringify(designerRecord(slug, { id: `id-${slug}` }))).join('\n'));
    expect((await cli(['import', designers], env)).code).toBe(0);
    const roles = join(dir, 'roles-to-delete.ndjson');
    const shared = 'https://jobs.example/shared';
    await writeFile(
      roles,
      [
        openRoleRecord('del-a', { id: 'role-del-a', apply_url: shared }),
        openRoleRecord('del-b', { id: 'role-del-b', apply_url: shared }),
        openRoleRecord('del-c', { id: 'role-del-c', apply_url: 'https://jobs.example/del-c' }),
      ]
        .map((r) => JSON.stringify(r))
        .join('\n'),
    );
    expect((await cli(['import-open-roles', roles], env)).code).toBe(0);
    const before = await snapshot(db);

    // One key that names nothing refuses the run: the others are not deleted either.
    const unknown = await cli(['delete', 'designers', 'del-one', 'nobody-here', 'bell\u0007key'], env);
    expect(unknown).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'Cannot delete: nothing was deleted:\n' +
        '  "nobody-here": no designer has this id or slug\n' +
        '  "bell\\u0007key": must not contain control characters such as NUL\n',
    });
    // An apply_url two open roles share names neither: the curator is asked for the id.
    const ambiguous = await cli(['delete', 'open-roles', shared], env);
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr).toBe(
      `Cannot delete: nothing was deleted:\n  "${shared}": names 2 open roles (role-del-a, role-del-b); give the id of the one you mean\n`,
    );
    const dry = await cli(['delete', 'designers', 'del-one', 'id-del-two', '--dry-run'], env);
    expect(dry).toEqual({ code: 0, stdout: 'Dry run, nothing was deleted: would delete 2 designer record(s): del-one (Del One), del-two (Del Two).\n', stderr: '' });
    expect(await snapshot(db)).toEqual(before);

    // By slug and by id; a key given twice is one record.
    const lastChange = Number((await db.query<{ last: string }>('SELECT max(id) AS last FROM change_log')).rows[0]!.last);
    const deleted = await cli(['delete', 'designers', 'del-one', 'id-del-two', 'del-one'], env);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toMatch(/^Deleted 2 designer record\(s\): del-one \(Del One\), del-two \(Del Two\)\. With Elasticsearch, the ingest worker removes them/);
    const left = await db.query<{ slug: string }>(`SELECT slug FROM designers WHERE slug LIKE 'del-%' ORDER BY slug`);
    expect(left.rows.map((r) => r.slug)).toEqual(['del-kept']);
    const orphanRoles = await db.query(`SELECT designer_id FROM designer_roles WHERE designer_id IN ('id-del-one', 'id-del-two')`);
    expect(orphanRoles.rows).toEqual([]);
    // What the ingest worker reads: one versioned delete per designer, after everything before it.
    const changes = await db.query<{ entity: string; entity_id: string; op: string }>(
      'SELECT entity, entity_id, op FROM change_log WHERE id > $1 ORDER BY entity_id',
      [lastChange],
    );
    expect(changes.rows).toEqual([
      { entity: 'designer', entity_id: 'id-del-one', op: 'delete' },
      { entity: 'designer', entity_id: 'id-del-two', op: 'delete' },
    ]);

    const role = await cli(['delete', 'open-roles', 'https://jobs.example/del-c', 'role-del-a'], env);
    expect(role.code, role.stderr).toBe(0);
    expect(role.stdout).toMatch(/^Deleted 2 open role record\(s\): Designer del-c at Acme \(role-del-c\), Designer del-a at Acme \(role-del-a\)\./);
    const roleIds = await db.query<{ id: string }>(`SELECT id FROM open_roles WHERE id LIKE 'role-del-%' ORDER BY id`);
    expect(roleIds.rows.map((r) => r.id)).toEqual(['role-del-b']);
  });

  it('set changes the curator state of the records it names, all or none, writing only those that differ', async () => {
    const designers = join(dir, 'to-set.ndjson');
    await writeFile(designers, ['set-one', 'set-two', 'set-hidden'].map((slug) => JSON.stringify(designerRecord(slug, { id: `id-${slug}`, status: slug === 'set-hidden' ? 'hidden' : 'published' }))).join('\n'));
    expect((await cli(['import', designers], env)).code).toBe(0);
    const roles = join(dir, 'roles-to-set.ndjson');
    await writeFile(roles, JSON.stringify(openRoleRecord('set-role', { id: 'role-set' })));
    expect((await cli(['import-open-roles', roles], env)).code).toBe(0);
    const state = async () =>
      (await db.query<{ slug: string; status: string; opted_in: boolean; version: string }>(`SELECT slug, status, opted_in, version FROM designers WHERE slug LIKE 'set-%' ORDER BY slug`)).rows;
    const before = await snapshot(db);

    // Refusals change nothing: no state given (a usage error, before the store), a key naming nothing, consent on a role.
    const none = await cli(['set', 'designers', 'set-one'], env);
    expect(none).toMatchObject({ code: 1, stdout: '', stderr: expect.stringMatching(/^error: give --status or --opted-in \(or both\)\n/) });
    const unknown = await cli(['set', 'designers', 'set-one', 'nobody-here', '--status', 'hidden'], env);
    expect(unknown).toEqual({ code: 1, stdout: '', stderr: 'Cannot set: nothing was changed:\n  "nobody-here": no designer has this id or slug\n' });
    const consent = await cli(['set', 'open-roles', 'role-set', '--opted-in', 'no'], env);
    expect(consent.stderr).toBe("Cannot set: nothing was changed:\n  opted_in is a designer's consent; an open role has only a status\n");
    const dry = await cli(['set', 'designers', 'set-one', 'set-hidden', '--status', 'hidden', '--dry-run'], env);
    expect(dry.stdout).toBe(
      'Dry run, nothing was changed.\nWould set status hidden on 1 designer record(s): set-one (Set One).\n' +
        'Already status hidden, would be left as they were: 1 designer record(s): set-hidden (Set Hidden).\n',
    );
    expect(await snapshot(db)).toEqual(before);

    const versions = new Map((await state()).map((row) => [row.slug, row.version]));
    const lastChange = Number((await db.query<{ last: string }>('SELECT max(id) AS last FROM change_log')).rows[0]!.last);
    const hidden = await cli(['set', 'designers', 'set-one', 'id-set-hidden', '--status', 'hidden'], env);
    expect(hidden).toEqual({
      code: 0,
      stdout: 'Set status hidden on 1 designer record(s): set-one (Set One).\nAlready status hidden, left as they were: 1 designer record(s): set-hidden (Set Hidden).\n',
      stderr: '',
    });
    const optedOut = await cli(['set', 'designers', 'set-two', '--opted-in', 'no'], env);
    expect(optedOut.stdout).toBe('Set opted_in false on 1 designer record(s): set-two (Set Two).\n');
    expect((await state()).map(({ slug, status, opted_in }) => ({ slug, status, opted_in }))).toEqual([
      { slug: 'set-hidden', status: 'hidden', opted_in: true },
      { slug: 'set-one', status: 'hidden', opted_in: true },
      { slug: 'set-two', status: 'published', opted_in: false },
    ]);
    // Only the records that changed got a new version and an outbox row; the one already hidden was not written.
    expect((await state()).find((row) => row.slug === 'set-hidden')!.version).toBe(versions.get('set-hidden'));
    const changes = await db.query<{ entity_id: string; op: string }>('SELECT entity_id, op FROM change_log WHERE id > $1 ORDER BY id', [lastChange]);
    expect(changes.rows).toEqual([
      { entity_id: 'id-set-one', op: 'update' },
      { entity_id: 'id-set-two', op: 'update' },
    ]);

    const role = await cli(['set', 'open-roles', 'https://jobs.example/set-role', '--status', 'draft'], env);
    expect(role.stdout).toBe('Set status draft on 1 open role record(s): Designer set-role at Acme (role-set).\n');
    expect((await db.query(`SELECT status FROM open_roles WHERE id = 'role-set'`)).rows).toEqual([{ status: 'draft' }]);
  });

  it('export writes every row, listed or not, as an import file that imports back with no change, in each format', async () => {
    const hidden = join(dir, 'hidden.ndjson');
    const odd = { name: '=HYPERLINK("https://evil.example","Ana")', description: '  Leads\r\nteams; "calmly", at 100%  ', location: '' };
    await writeFile(
      hidden,
      [designerRecord('exp-hidden', { status: 'hidden' }), designerRecord('exp-draft', { status: 'draft', opted_in: false, ...odd })]
        .map((r) => JSON.stringify(r))
        .join('\n'),
    );
    expect((await cli(['import', hidden], env)).code).toBe(0);
    // A designer and a role stamped before stamps were whole milliseconds: their instants are exported at
    // the millisecond, and that is the same instant, not a change.
    await db.query(`UPDATE designers SET listed_at = listed_at + interval '123 microseconds' WHERE slug = 'exp-hidden'`);
    await db.query(`UPDATE open_roles SET posted_at = posted_at + interval '7 microseconds', expires_at = expires_at + interval '9 microseconds'`);
    const count = async (table: string) => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
    const designers = await count('designers');
    const roles = await count('open_roles');
    const changes = await count('change_log');

    for (const [file, format] of [['all.csv', 'csv'], ['all.json', 'json'], ['all.jsonl', 'ndjson']] as const) {
      const out = join(dir, file);
      const exported = await cli(['export', 'designers', '--output', out], env);
      expect(exported, file).toMatchObject({ code: 0, stdout: `Exported ${designers} designer record(s) to ${out} (${format}).\n` });
      // A spreadsheet opens the CSV's formula-like name as text; the import reads it back without the apostrophe.
      if (format === 'csv') expect(await readFile(out, 'utf8')).toContain(`,"'=HYPERLINK(""https://evil.example"",""Ana"")",`);
      const back = await cli(['import', out], env);
      expect(back.stdout, file).toMatch(new RegExp(`Imported ${designers} of ${designers} designer record\\(s\\) from .*: 0 new, 0 updated, ${designers} unchanged\\.`));
    }
    const openRoles = join(dir, 'roles-out.csv');
    expect((await cli(['export', 'open-roles', '-o', openRoles], env)).code).toBe(0);
    expect((await cli(['import-open-roles', openRoles], env)).stdout).toMatch(new RegExp(`0 new, 0 updated, ${roles} unchanged`));
    expect(await count('change_log')).toBe(changes);

    // To standard output: the records there, the report on standard error; the curator state is in each record.
    const piped = await cli(['export', 'designers'], env);
    const lines = piped.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(designers);
    expect(piped.stderr).toBe(`Exported ${designers} designer record(s) (ndjson).\n`);
    expect(lines.find((r) => r.slug === 'exp-hidden')).toMatchObject({ status: 'hidden', opted_in: true });
    expect(lines.find((r) => r.slug === 'exp-draft')).toMatchObject({ status: 'draft', opted_in: false, ...odd });
    expect(lines.every((r) => !('profile_url' in r) && typeof r.listed_at === 'string')).toBe(true);
  });

  it('export refuses an output it cannot write before reading the store, and names it', async () => {
    const missing = join(dir, 'no-such-dir', 'd.csv');
    expect(await cli(['export', 'designers', '-o', missing], env)).toMatchObject({
      code: 1,
      stderr: `Cannot export: there is no directory ${join(dir, 'no-such-dir')} to write ${missing} in\n`,
    });
    expect(await cli(['export', 'designers', '-o', dir], env)).toMatchObject({ code: 1, stderr: expect.stringMatching(/^Cannot export: .* is a directory/) });
    const unknown = await cli(['export', 'people'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Allowed choices are designers, open-roles/);
  });
});

describe('designer-directory CLI on the embedded store', () => {
  it('without DATABASE_URL, import writes to PGlite under DATA_DIR, migrating it first', async () => {
    const dataDir = join(dir, 'data');
    const path = join(dir, 'one.json');
    await writeFile(path, JSON.stringify([designerRecord('embedded-one')]));
    const result = await cli(['import', path], { DATA_DIR: dataDir });
    expect(result.stdout).toMatch(/Imported 1 of 1 designer record\(s\).*1 new/);
    const again = await cli(['import', path], { DATA_DIR: dataDir });
    expect(again.stdout).toMatch(/0 new, 0 updated, 1 unchanged/);
    const exported = await cli(['export', 'designers', '--format', 'csv'], { DATA_DIR: dataDir });
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout.split('\r\n')[1]).toMatch(/^[^,]+,embedded-one,Embedded One,/);
  });

  it('delete removes a designer from the embedded store and from its search at once', async () => {
    const dataDir = join(dir, 'data-delete');
    const path = join(dir, 'two.json');
    await writeFile(path, JSON.stringify([designerRecord('embedded-gone'), designerRecord('embedded-stays')]));
    expect((await cli(['import', path], { DATA_DIR: dataDir })).code).toBe(0);
    const deleted = await cli(['delete', 'designers', 'embedded-gone'], { DATA_DIR: dataDir });
    expect(deleted.code, deleted.stderr).toBe(0);
    const exported = await cli(['export', 'designers'], { DATA_DIR: dataDir });
    expect(exported.stdout.trim().split('\n').map((line) => (JSON.parse(line) as { slug: string }).slug)).toEqual(['embedded-stays']);
    const db = await createPgliteDb(dataDir);
    try {
      const search = new PostgresSearchRepository(db, { publicBaseUrl: 'https://d.example/', timeoutMs: 10_000 });
      expect((await search.searchDesigners({ q: 'embedded' }, { limit: 10, offset: 0 })).items.map((d) => d.slug)).toEqual(['embedded-stays']);
    } finally {
      await db.close();
    }
  });

  it('a file it cannot read is refused before the store is opened: no embedded store is created for it', async () => {
    const dataDir = join(dir, 'untouched');
    for (const [path, reason] of [
      [join(dir, 'no-such.csv'), `ENOENT: no such file or directory, stat '${join(dir, 'no-such.csv')}'`],
      [dir, 'it is not a file'],
    ] as const) {
      const result = await cli(['import', path], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`Cannot import: cannot read ${path}: ${reason}\n`);
    }
    // The spreadsheet's own file picked instead of its CSV export (a zip archive; this one holds no byte
    // over 0x7f, so only its first bytes tell it from text).
    const workbook = join(dir, 'designers.xlsx');
    await writeFile(workbook, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('[Content_Types].xml')]));
    for (const command of ['import', 'import-open-roles']) {
      const result = await cli([command, workbook], { DATA_DIR: dataDir });
      expect(result).toMatchObject({ code: 1, stderr: expect.stringMatching(/^Cannot import: the file is a spreadsheet workbook .* save the sheet as CSV/) });
    }
    await expect(readdir(dataDir)).rejects.toThrow(/ENOENT/);
  });
});
