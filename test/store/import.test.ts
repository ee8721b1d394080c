import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesignerImportSchema } from '../../shared/domain/designer-import.schema.ts';
import { DesignerReader } from '../../shared/store/designer.reader.ts';
import { DesignerWriter } from '../../shared/store/designer.writer.ts';
import { importDesignersFile } from '../../shared/store/import/designer-import.ts';
import { ImportFileError, ImportValidationError } from '../../shared/store/import/import.errors.ts';
import { importOpenRolesFile } from '../../shared/store/import/open-role-import.ts';
import { IMPORT_BATCH } from '../../shared/store/import/record-importer.ts';
import { requireServices } from '../support/services.ts';
import { designerRecord, type Engine, openRoleRecord, openTestStore, snapshot, type TestStore } from './test-store.ts';

const services = requireServices('postgres');
const engines: Engine[] = ['pglite', 'postgres'];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dd-import-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, text: string | Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

const ndjson = (records: object[]) => `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;
const jsonArray = (records: object[]) => `[\n${records.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n]\n`;

function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
function csv(records: Record<string, unknown>[]): string {
  const columns = [...new Set(records.flatMap((r) => Object.keys(r)))];
  return [columns.join(','), ...records.map((r) => columns.map((c) => csvCell(r[c])).join(','))].join('\n') + '\n';
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the import to fail');
}

describe.each(engines)('curator import on %s', (engine) => {
  let store: TestStore;
  let designers: DesignerReader;

  beforeAll(async () => {
    if (engine === 'postgres' && !services) return;
    store = await openTestStore(engine, 'import', services?.postgres ?? null);
    designers = new DesignerReader(store.db, 'http://localhost:3000');
  });
  afterAll(async () => {
    await store?.close();
  });

  describe.skipIf(engine === 'postgres' && !services)('', () => {
    it('imports a JSON array; profile_url in the file is ignored; opted_in and status default', async () => {
      const path = await file(`a-${engine}.json`, jsonArray([
        designerRecord('ana-lopez', { id: 'd-ana', profile_url: 'https://elsewhere.example/x' }),
        designerRecord('bo-chen', { current_role: null, previous_roles: [] }),
      ]));
      expect(await importDesignersFile(store.db, path)).toEqual({ total: 2, inserted: 2, updated: 0, unchanged: 0, skipped: [] });
      const ana = await designers.findById('d-ana');
      expect(ana).toMatchObject({ listed: true, status: 'published', opted_in: true });
      expect(ana?.designer.profile_url).toBe('http://localhost:3000/designer/ana-lopez');
      expect((await designers.findListed({ slug: 'bo-chen' }))?.current_role).toBeNull();
    });

    it('imports NDJSON, upserting by id and by slug; an identical record is unchanged', async () => {
      const path = await file(`b-${engine}.ndjson`, ndjson([
        designerRecord('ana-lopez', { id: 'd-ana', name: 'Ana López' }),
        designerRecord('bo-chen', { current_role: null, previous_roles: [], status: 'hidden' }),
        designerRecord('cy-doe', { opted_in: false }),
      ]));
      expect(await importDesignersFile(store.db, path)).toMatchObject({ inserted: 1, updated: 2, unchanged: 0 });
      expect((await designers.findById('d-ana'))?.designer.name).toBe('Ana López');
      expect(await designers.findListed({ slug: 'bo-chen' })).toBeNull();
      expect(await designers.count()).toBe(3);
      expect(await importDesignersFile(store.db, path)).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    });

    it('imports CSV with roles as JSON cells and booleans as words', async () => {
      const path = await file(`c-${engine}.csv`, csv([
        designerRecord('di-ng', { opted_in: 'yes' }),
        designerRecord('ed-po', {
          current_role: null,
          previous_roles: [{ title: 'Illustrator', company: 'Studio "Quote", Inc', company_url: null }],
          description: 'Line one\nline two',
        }),
      ]));
      expect(await importDesignersFile(store.db, path)).toMatchObject({ inserted: 2, skipped: [] });
      const ed = await designers.findListed({ slug: 'ed-po' });
      expect(ed?.previous_roles).toEqual([{ title: 'Illustrator', company: 'Studio "Quote", Inc', company_url: null }]);
      expect(ed?.description).toBe('Line one\nline two');
      expect((await designers.findListed({ slug: 'di-ng' }))?.current_role?.company).toBe('Acme');
    });

    it('a bad record means no change at all, and the error names its line and field', async () => {
      const before = await snapshot(store.db);
      const path = await file(`bad-${engine}.ndjson`, ndjson([
        designerRecord('ana-lopez', { id: 'd-ana', name: 'Changed' }),
        designerRecord('new-one'),
        designerRecord('bad-one', { category: 'painter', website: 'not a url' }),
        designerRecord('extra', { favourite_colour: 'red' }),
      ]));
      const error = await rejection(importDesignersFile(store.db, path));
      expect(error).toBeInstanceOf(ImportValidationError);
      const problems = (error as ImportValidationError).problems;
      expect(problems).toEqual([
        expect.objectContaining({ line: 3, record: 3, field: 'website' }),
        expect.objectContaining({ line: 3, record: 3, field: 'category' }),
        expect.objectContaining({ line: 4, record: 4, field: 'favourite_colour', message: 'is not a known field' }),
      ]);
      expect(error.message).toMatch(/line 3 \(record 3\): category:/);
      expect(await snapshot(store.db)).toEqual(before);
    });

    it('a CSV record with a cell the file cannot read (not JSON, not yes or no) reports every other field\'s problem too', async () => {
      const before = await snapshot(store.db);
      // opted_in "maybe" and a current_role cell that is not JSON, beside a bad category and website.
      const record = designerRecord('cell-problems', { category: 'Brand', website: 'https://ana:pw@ana.example/', opted_in: 'maybe', current_role: '{oops' });
      const path = await file(`cell-problems-${engine}.csv`, csv([record]));
      const error = (await rejection(importDesignersFile(store.db, path))) as ImportValidationError;
      expect(error).toBeInstanceOf(ImportValidationError);
      expect(error.problems.map(({ field, message }) => ({ field, message }))).toEqual(
        expect.arrayContaining([
          { field: 'opted_in', message: 'must be true or false (in a CSV cell also yes or no, 1 or 0)' },
          { field: 'current_role', message: expect.stringMatching(/^must be JSON in a CSV cell/) },
          { field: 'category', message: 'must be one of product, brand, graphic, motion, 3d, director, engineer; did you mean "brand"? Values are lowercase, without spaces' },
          { field: 'website', message: expect.stringMatching(/^must not contain a user name or password/) },
        ]),
      );
      expect(error.problems).toHaveLength(4);
      expect(await snapshot(store.db)).toEqual(before);
    });

    it('refuses NUL, other control characters and lone surrogates in any string, naming line and field', async () => {
      const before = await snapshot(store.db);
      const path = await file(`chars-${engine}.ndjson`, ndjson([
        designerRecord('ok-one'),
        designerRecord('nul-name', { name: 'Ana\u0000Lopez' }),
        designerRecord('nul-role', { previous_roles: [{ title: 'Designer', company: 'Acme\u0000', company_url: null }] }),
        designerRecord('bell-location', { location: 'Berlin\u0007' }),
        designerRecord('surrogate', { description: 'broken \ud800 text' }),
        designerRecord('nul-url', { website: 'https://a.example/\u0000' }),
      ]));
      const error = (await rejection(importDesignersFile(store.db, path))) as ImportValidationError;
      expect(error).toBeInstanceOf(ImportValidationError);
      expect(error.problems.map((p) => [p.line, p.field, p.message])).toEqual([
        [2, 'name', 'must not contain control characters such as NUL'],
        [3, 'previous_roles.0.company', 'must not contain control characters such as NUL'],
        [4, 'location', 'must not contain control characters such as NUL'],
        [5, 'description', 'must be valid Unicode text (it contains a lone surrogate)'],
        [6, 'website', 'must not contain control characters such as NUL'],
      ]);
      expect(error.stack ?? '').not.toContain('\u0000');
      expect(await snapshot(store.db)).toEqual(before);
    });

    it('bounds lists and instants: 51 previous roles, a listed_at in the future, one before 1990', async () => {
      const before = await snapshot(store.db);
      const roles = Array.from({ length: 51 }, (_, i) => ({ title: `Role ${i}`, company: `Co ${i}`, company_url: null }));
      const path = await file(`bounds-${engine}.ndjson`, ndjson([
        designerRecord('many-roles', { previous_roles: roles }),
        designerRecord('far-future', { listed_at: '9999-12-31T23:59:59Z' }),
        designerRecord('long-ago', { listed_at: '1970-01-01T00:00:00Z' }),
        designerRecord('long-text', { description: 'x'.repeat(2001) }),
      ]));
      const error = (await rejection(importDesignersFile(store.db, path))) as ImportValidationError;
      expect(error.problems.map((p) => [p.line, p.field, p.message])).toEqual([
        [1, 'previous_roles', 'must hold at most 50 roles'],
        [2, 'listed_at', 'must not be in the future'],
        [3, 'listed_at', 'must not be before 1990-01-01T00:00:00Z'],
        [4, 'description', 'must be at most 2000 characters'],
      ]);
      expect(await snapshot(store.db)).toEqual(before);
    });

    it('writes a designer with 50 roles as one change: its roles add no version to the row the import wrote', async () => {
      const roles = Array.from({ length: 50 }, (_, i) => ({ title: `Role ${i}`, company: `Co ${i}`, company_url: null }));
      const path = await file(`fifty-${engine}.ndjson`, ndjson([designerRecord('fifty-roles', { id: 'd-fifty', previous_roles: roles })]));
      await importDesignersFile(store.db, path);
      const { rows } = await store.db.query<{ n: string }>(`SELECT count(*) AS n FROM change_log WHERE entity_id = 'd-fifty'`);
      // The insert of the designer only: the roles commit with it (migration role-touch-skips-own-writes).
      expect(Number(rows[0]!.n)).toBe(1);
      expect((await designers.findListed({ slug: 'fifty-roles' }))?.previous_roles).toHaveLength(50);
    });

    it('names the line of a bad element in a JSON array, and of a nested field', async () => {
      const before = await snapshot(store.db);
      const path = await file(`bad-${engine}.json`, jsonArray([
        designerRecord('ana-lopez', { id: 'd-ana' }),
        designerRecord('fi-fo', { previous_roles: [{ title: 'X', company: '', company_url: null }] }),
      ]));
      const error = (await rejection(importDesignersFile(store.db, path))) as ImportValidationError;
      expect(error.problems).toEqual([expect.objectContaining({ line: 3, record: 2, field: 'previous_roles.0.company' })]);
      expect(await snapshot(store.db)).toEqual(before);
    });

    it('a record the store refuses (a slug another designer holds) rolls back the records before it', async () => {
      const before = await snapshot(store.db);
      const path = await file(`conflict-${engine}.ndjson`, ndjson([
        designerRecord('brand-new', { id: 'd-brand-new' }),
        designerRecord('ana-lopez', { id: 'd-not-ana' }),
      ]));
      const error = (await rejection(importDesignersFile(store.db, path))) as ImportValidationError;
      expect(error).toBeInstanceOf(ImportValidationError);
      expect(error.problems).toEqual([expect.objectContaining({ line: 2, field: 'slug', message: 'is already used by another designer' })]);
      expect(await snapshot(store.db)).toEqual(before);
    });

    it('a store refusal in a written batch and an invalid record after it are named together; nothing is imported', async () => {
      const before = await snapshot(store.db);
      // The first batch is full, so it is written (and refused) before the reader reaches the bad record.
      const records = Array.from({ length: IMPORT_BATCH }, (_, i) => designerRecord(`batch-one-${i}`));
      records[1] = designerRecord('ana-lopez', { id: 'd-not-ana-2' });
      records.push(designerRecord('late-bad', { website: 'not a url' }));
      const path = await file(`conflict-and-invalid-${engine}.ndjson`, ndjson(records));
      const error = (await rejection(importDesignersFile(store.db, path))) as ImportValidationError;
      expect(error.problems.map((p) => [p.line, p.field])).toEqual([
        [2, 'slug'],
        [IMPORT_BATCH + 1, 'website'],
      ]);
      expect(await snapshot(store.db)).toEqual(before);
    });

    it('a database failure mid-import leaves the store as it was', async () => {
      // A failure of the database itself, not of a record: a trigger that raises on the third row.
      await store.db.query(`CREATE FUNCTION fail_on_boom() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.slug = 'boom' THEN RAISE EXCEPTION 'disk on fire'; END IF; RETURN NEW; END $$`);
      await store.db.query('CREATE TRIGGER fail_on_boom BEFORE INSERT ON designers FOR EACH ROW EXECUTE FUNCTION fail_on_boom()');
      try {
        const before = await snapshot(store.db);
        const path = await file(`boom-${engine}.ndjson`, ndjson([
          designerRecord('ana-lopez', { id: 'd-ana', name: 'Not Saved' }),
          designerRecord('first-new'),
          designerRecord('boom'),
        ]));
        const error = await rejection(importDesignersFile(store.db, path));
        expect(error.message).toMatch(/disk on fire/);
        expect(await snapshot(store.db)).toEqual(before);
      } finally {
        await store.db.query('DROP TRIGGER fail_on_boom ON designers');
        await store.db.query('DROP FUNCTION fail_on_boom()');
      }
    });

    it('--skip-invalid imports the rest and lists what it skipped, store refusals included', async () => {
      const path = await file(`skip-${engine}.ndjson`, `${ndjson([
        designerRecord('gil-ok', { id: 'd-gil' }),
        designerRecord('Bad Slug', { website: 'https://bad.example' }),
        designerRecord('ana-lopez', { id: 'd-thief' }),
        designerRecord('gil-ok', { id: 'd-gil-2' }),
      ])}{not json}\n`);
      const result = await importDesignersFile(store.db, path, { skipInvalid: true });
      expect(result).toMatchObject({ total: 5, inserted: 1, updated: 0, unchanged: 0 });
      expect(result.skipped.map((s) => [s.line, s.problems.map((p) => p.field)])).toEqual([
        [2, ['slug']],
        [3, ['slug']],
        [4, ['slug']],
        [5, ['(record)']],
      ]);
      expect(result.skipped[2]!.problems[0]!.message).toBe('"gil-ok" is already given on line 1');
      expect((await designers.findById('d-gil'))?.listed).toBe(true);
      expect(await designers.findById('d-thief')).toBeNull();
    });

    it('an id given twice is refused at its second line, field by field: a slug equal to another record\'s id is no repeat', async () => {
      const path = await file(`repeats-${engine}.ndjson`, ndjson([
        designerRecord('cy-one', { id: 'd-cy' }),
        designerRecord('d-cy', { id: 'cy-one' }),
        designerRecord('cy-three', { id: 'd-cy' }),
      ]));
      const result = await importDesignersFile(store.db, path, { skipInvalid: true });
      expect(result).toMatchObject({ total: 3, inserted: 2, updated: 0, unchanged: 0 });
      expect(result.skipped).toEqual([{ line: 3, record: 3, problems: [{ line: 3, record: 3, field: 'id', message: '"d-cy" is already given on line 1' }] }]);
      expect((await designers.findById('d-cy'))?.designer.slug).toBe('cy-one');
      expect((await designers.findById('cy-one'))?.designer.slug).toBe('d-cy');
    });

    it('an unreadable file is a file error, and nothing changes', async () => {
      const before = await snapshot(store.db);
      await expect(importDesignersFile(store.db, join(dir, 'missing.json'))).rejects.toThrow(ImportFileError);
      await expect(importDesignersFile(store.db, await file(`broken-${engine}.json`, '[{"slug": '))).rejects.toThrow(/not valid JSON/);
      // A directory where a file was meant, streamed (NDJSON) or read whole.
      for (const name of [`folder-${engine}.ndjson`, `folder-${engine}.json`]) {
        await mkdir(join(dir, name));
        await expect(importDesignersFile(store.db, join(dir, name)), name).rejects.toThrow(ImportFileError);
      }
      // A file whose reading fails once streaming has begun: /proc/self/mem answers EIO to a read at its start.
      const failing = join(dir, `failing-${engine}.ndjson`);
      await symlink('/proc/self/mem', failing);
      await expect(importDesignersFile(store.db, failing)).rejects.toThrow(new ImportFileError(`cannot read ${failing} after line 0: EIO: i/o error, read`));
      expect(await snapshot(store.db)).toEqual(before);
    });

    it('refuses bytes that are not UTF-8, naming the line, rather than publish U+FFFD in a name; UTF-8 imports as written', async () => {
      const before = await snapshot(store.db);
      const latin1 = (text: string) => Buffer.from(text, 'latin1');
      const jurgen = designerRecord('jurgen-muller', { id: `d-jurgen-${engine}`, name: 'Jürgen Müller', location: 'Köln, DE' });
      const saveAsUtf8 = 'save the file as UTF-8 (in Excel: "CSV UTF-8"), then import it again';
      // NDJSON, read line by line: that line is one bad record.
      const mixed = await file(`latin1-${engine}.ndjson`, Buffer.concat([Buffer.from(ndjson([designerRecord('utf8-line', { id: `d-utf8-${engine}` })])), latin1(ndjson([jurgen]))]));
      const error = await rejection(importDesignersFile(store.db, mixed));
      expect(error).toBeInstanceOf(ImportValidationError);
      expect((error as ImportValidationError).problems).toEqual([{ line: 2, record: 2, field: '(record)', message: `is not UTF-8 text: ${saveAsUtf8}` }]);
      // CSV (streamed) and JSON arrays (read whole): the file is refused at the line.
      for (const [name, bytes] of [
        [`latin1-${engine}.csv`, latin1(csv([jurgen]))],
        [`latin1-${engine}.json`, latin1(jsonArray([jurgen]))],
      ] as const) {
        const refused = await rejection(importDesignersFile(store.db, await file(name, bytes)));
        expect(refused, name).toBeInstanceOf(ImportFileError);
        expect(refused.message, name).toBe(`line 2 is not UTF-8 text: ${saveAsUtf8}`);
      }
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv([jurgen]), 'utf16le')]);
      for (const name of [`utf16-${engine}.csv`, `utf16-${engine}.ndjson`]) {
        await expect(importDesignersFile(store.db, await file(name, utf16)), name).rejects.toThrow(`the file is UTF-16, not UTF-8: ${saveAsUtf8}`);
      }
      expect(await snapshot(store.db)).toEqual(before);

      const skipping = await importDesignersFile(store.db, mixed, { skipInvalid: true });
      expect(skipping).toMatchObject({ total: 2, inserted: 1 });
      expect(skipping.skipped.map((s) => s.line)).toEqual([2]);
      expect(await designers.findById(`d-jurgen-${engine}`)).toBeNull();

      await importDesignersFile(store.db, await file(`utf8-${engine}.csv`, `\uFEFF${csv([jurgen])}`));
      const imported = await designers.findListed({ slug: 'jurgen-muller' });
      expect([imported?.name, imported?.location]).toEqual(['Jürgen Müller', 'Köln, DE']);
    });

    it('a re-import that leaves out the curator state keeps it: an opted-out or hidden designer, a hidden open role stay unlisted', async () => {
      const first = await file(`state-${engine}.ndjson`, ndjson([
        designerRecord('state-opted-out', { opted_in: false }),
        designerRecord('state-hidden', { id: 'd-state-hidden', status: 'hidden' }),
        designerRecord('state-single', { status: 'draft' }),
      ]));
      expect(await importDesignersFile(store.db, first)).toMatchObject({ inserted: 3 });
      // The curator's next file: the profiles edited, the state not given at all. Batch path.
      const edited = await file(`state-edited-${engine}.ndjson`, ndjson([
        designerRecord('state-opted-out', { name: 'Opted Out, Renamed' }),
        designerRecord('state-hidden', { id: 'd-state-hidden', name: 'Hidden, Renamed' }),
        designerRecord('state-new'),
      ]));
      expect(await importDesignersFile(store.db, edited)).toMatchObject({ inserted: 1, updated: 2, unchanged: 0 });
      const state = async (slug: string) => {
        const { rows } = await store.db.query<{ name: string; status: string; opted_in: boolean }>('SELECT name, status, opted_in FROM designers WHERE slug = $1', [slug]);
        return { ...rows[0], listed: (await designers.findListed({ slug })) !== null };
      };
      expect(await state('state-opted-out')).toEqual({ name: 'Opted Out, Renamed', status: 'published', opted_in: false, listed: false });
      expect(await state('state-hidden')).toEqual({ name: 'Hidden, Renamed', status: 'hidden', opted_in: true, listed: false });
      // A new designer whose record says nothing of its state is listed.
      expect(await state('state-new')).toMatchObject({ status: 'published', opted_in: true, listed: true });
      // The same file again changes nothing: the kept state is no difference.
      expect(await importDesignersFile(store.db, edited)).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
      // The one-record path (the import's retry of a refused batch, the seed) keeps it too; a given state is set.
      const writer = new DesignerWriter(store.db);
      expect(await writer.upsert(DesignerImportSchema.parse(designerRecord('state-single', { name: 'Single, Renamed' })))).toMatchObject({ outcome: 'updated' });
      expect(await state('state-single')).toMatchObject({ name: 'Single, Renamed', status: 'draft', listed: false });
      await writer.upsert(DesignerImportSchema.parse(designerRecord('state-single', { name: 'Single, Renamed', status: 'published' })));
      expect(await state('state-single')).toMatchObject({ status: 'published', listed: true });

      const roles = await file(`state-roles-${engine}.ndjson`, ndjson([openRoleRecord('state-role', { status: 'hidden' }), openRoleRecord('state-role-by-id', { id: 'r-state', status: 'draft' })]));
      expect(await importOpenRolesFile(store.db, roles)).toMatchObject({ inserted: 2 });
      const rolesEdited = await file(`state-roles-edited-${engine}.ndjson`, ndjson([
        openRoleRecord('state-role', { title: 'Renamed' }),
        openRoleRecord('state-role-by-id', { id: 'r-state', title: 'Renamed too' }),
        openRoleRecord('state-role-new'),
      ]));
      expect(await importOpenRolesFile(store.db, rolesEdited)).toMatchObject({ inserted: 1, updated: 2 });
      const roleStates = await store.db.query<{ apply_url: string; title: string; status: string }>(
        `SELECT apply_url, title, status FROM open_roles WHERE apply_url LIKE '%/state-role%' ORDER BY apply_url`,
      );
      expect(roleStates.rows).toEqual([
        { apply_url: 'https://jobs.example/state-role', title: 'Renamed', status: 'hidden' },
        { apply_url: 'https://jobs.example/state-role-by-id', title: 'Renamed too', status: 'draft' },
        { apply_url: 'https://jobs.example/state-role-new', title: 'Designer state-role-new', status: 'published' },
      ]);
    });

    it('a record that would opt a designer back in (an export made before they opted out) is refused, naming line and field; --skip-invalid imports the rest', async () => {
      const first = await file(`consent-${engine}.ndjson`, ndjson([designerRecord('consent-out', { opted_in: false }), designerRecord('consent-in')]));
      expect(await importDesignersFile(store.db, first)).toMatchObject({ inserted: 2 });
      const before = await snapshot(store.db);
      // The old export: both opted in, one renamed; batch path, then the one-record path.
      const stale = await file(`consent-stale-${engine}.ndjson`, ndjson([designerRecord('consent-in', { name: 'Consent In, Renamed', opted_in: true }), designerRecord('consent-out', { opted_in: true })]));
      const refused = await rejection(importDesignersFile(store.db, stale));
      expect(refused).toBeInstanceOf(ImportValidationError);
      expect((refused as ImportValidationError).problems).toEqual([
        { line: 2, record: 2, field: 'opted_in', message: expect.stringMatching(/^this designer opted out, and an import does not list them again .*--opted-in yes`$/) },
      ]);
      expect(await snapshot(store.db)).toEqual(before);
      await expect(new DesignerWriter(store.db).upsert(DesignerImportSchema.parse(designerRecord('consent-out', { opted_in: true })))).rejects.toThrow(/^opted_in: this designer opted out/);

      expect(await importDesignersFile(store.db, stale, { skipInvalid: true })).toMatchObject({ updated: 1, skipped: [{ line: 2 }] });
      const { rows } = await store.db.query(`SELECT slug, name, opted_in FROM designers WHERE slug LIKE 'consent-%' ORDER BY slug`);
      expect(rows).toEqual([
        { slug: 'consent-in', name: 'Consent In, Renamed', opted_in: true },
        { slug: 'consent-out', name: 'Consent Out', opted_in: false },
      ]);
      // Saying false again, or nothing, is no conflict.
      for (const [name, record] of [['false', designerRecord('consent-out', { opted_in: false })], ['unsaid', designerRecord('consent-out')]] as const) {
        expect(await importDesignersFile(store.db, await file(`consent-${name}-${engine}.ndjson`, ndjson([record])))).toMatchObject({ unchanged: 1, skipped: [] });
      }
    });

    it('imports open roles from CSV and JSON, by id or apply_url; a bad one names line and field', async () => {
      const posted = '2026-11-01T00:00:00.000Z';
      const path = await file(`roles-${engine}.csv`, csv([
        openRoleRecord('one', { posted_at: posted, remote: 'true' }),
        openRoleRecord('two', { id: 'r-2', remote: 'false', placement: 'featured', expires_at: '2099-01-01T00:00:00Z' }),
      ]));
      expect(await importOpenRolesFile(store.db, path)).toMatchObject({ inserted: 2, skipped: [] });
      const again = await file(`roles-${engine}.json`, jsonArray([openRoleRecord('one', { posted_at: posted, title: 'Lead' })]));
      expect(await importOpenRolesFile(store.db, again)).toMatchObject({ inserted: 0, updated: 1 });

      const before = await snapshot(store.db);
      const bad = await file(`roles-bad-${engine}.ndjson`, ndjson([
        openRoleRecord('three'),
        openRoleRecord('four', { posted_at: posted, expires_at: '2026-10-01T00:00:00Z' }),
      ]));
      const error = (await rejection(importOpenRolesFile(store.db, bad))) as ImportValidationError;
      expect(error.problems).toEqual([expect.objectContaining({ line: 2, field: 'expires_at', message: 'must be later than posted_at' })]);
      expect(await snapshot(store.db)).toEqual(before);
    });
  });
});
