import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createPgliteDb, type Db } from '../../shared/store/db.ts';
import { importDesignersFile } from '../../shared/store/import/designer-import.ts';
import { ImportFileError, ImportValidationError } from '../../shared/store/import/import.errors.ts';
import { importOpenRolesFile } from '../../shared/store/import/open-role-import.ts';
import { migrate } from '../../shared/store/migrate.ts';
import { anyJson, nastyString } from './fuzz-arbitraries.ts';
import { FUZZ_TIMEOUT_MS, fuzzParams, leaksIn } from './fuzz-checks.ts';

/** A designer record with every field either valid or any JSON at all, sometimes missing. */
const designerRecord = fc.record(
  {
    id: fc.oneof(fc.uuid(), anyJson),
    slug: fc.oneof(fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+){0,2}$/), anyJson),
    name: fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), nastyString, anyJson),
    description: fc.oneof(nastyString, anyJson),
    website: fc.oneof(fc.webUrl(), nastyString),
    portfolio_preview: fc.oneof(fc.webUrl(), nastyString),
    category: fc.oneof(fc.constantFrom('product', 'brand', 'graphic', 'motion', '3d', 'director', 'engineer'), nastyString),
    location: fc.oneof(nastyString, anyJson),
    current_role: fc.oneof(fc.constant(null), fc.record({ title: nastyString, company: nastyString, company_url: fc.oneof(fc.constant(null), fc.webUrl(), nastyString) }), anyJson),
    previous_roles: fc.oneof(fc.array(fc.record({ title: nastyString, company: nastyString }), { maxLength: 3 }), anyJson),
    opted_in: fc.oneof(fc.boolean(), anyJson),
    status: fc.oneof(fc.constantFrom('draft', 'published', 'hidden'), nastyString),
    listed_at: fc.oneof(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), nastyString),
  },
  { requiredKeys: [] },
);

const openRoleRecord = fc.dictionary(
  fc.constantFrom('id', 'title', 'company', 'location', 'remote', 'employment_type', 'category', 'description', 'apply_url', 'placement', 'posted_at', 'expires_at', 'status', 'extra'),
  anyJson,
);

function csvCell(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  return `"${text.replaceAll('"', '""')}"`;
}

/** The same records as a JSON array, NDJSON or CSV, or the file damaged: cut short, a line garbled, raw bytes. */
function fileOf(records: fc.Arbitrary<Record<string, unknown>>) {
  return fc.tuple(fc.array(records, { maxLength: 4 }), fc.constantFrom('json', 'ndjson', 'csv'), fc.constantFrom('intact', 'truncated', 'garbled', 'bytes')).chain(([recs, format, damage]) =>
    fc.tuple(fc.nat(), nastyString, fc.uint8Array({ maxLength: 64 })).map(([cut, junk, bytes]) => {
      let text: string;
      if (format === 'json') text = JSON.stringify(recs, null, 1);
      else if (format === 'ndjson') text = recs.map((r) => JSON.stringify(r)).join('\n');
      else {
        const columns = [...new Set(recs.flatMap((r) => Object.keys(r)))];
        text = [columns.join(','), ...recs.map((r) => columns.map((c) => csvCell(r[c])).join(','))].join('\n');
      }
      if (damage === 'truncated') text = text.slice(0, cut % (text.length + 1));
      if (damage === 'garbled') text = `${text}\n${junk}`;
      const content = damage === 'bytes' ? Buffer.concat([Buffer.from(text), Buffer.from(bytes)]) : Buffer.from(text);
      return { format, damage, content };
    }),
  );
}

/**
 * The import reader and importer on the embedded store: any file gives a result, or an ImportFileError,
 * or an ImportValidationError naming line and field; never another exception, and nothing internal in the message.
 */
describe('fuzzing the import reader (embedded store): a result or an error naming line and field', () => {
  let dir: string;
  let db: Db;
  let n = 0;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dd-fuzz-import-'));
    db = await createPgliteDb(join(dir, 'db'));
    await migrate(db);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  for (const [noun, records, run] of [
    ['designers', designerRecord, importDesignersFile],
    ['open roles', openRoleRecord, importOpenRolesFile],
  ] as const) {
    test.prop([fileOf(records as fc.Arbitrary<Record<string, unknown>>), fc.boolean()], fuzzParams)(
      `${noun}: any JSON, NDJSON or CSV file, intact or damaged`,
      async ({ format, damage, content }, skipInvalid) => {
        const path = join(dir, `import-${(n += 1)}.${format === 'csv' ? 'csv' : format === 'ndjson' ? 'ndjson' : 'json'}`);
        await writeFile(path, content);
        const what = `${format} (${damage}) ${content.toString('utf8').slice(0, 300)}`;
        try {
          const result = await run(db, path, { skipInvalid });
          expect(result.total, what).toBeGreaterThanOrEqual(0);
          for (const skipped of result.skipped) expect(leaksIn(JSON.stringify(skipped)), what).toEqual([]);
        } catch (error) {
          if (error instanceof ImportValidationError) {
            for (const p of error.problems) {
              expect(p.line, what).toBeGreaterThanOrEqual(1);
              expect(p.field, what).toEqual(expect.any(String));
            }
          } else if (!(error instanceof ImportFileError)) {
            throw new Error(`${what}\n→ ${(error as Error)?.name}: ${(error as Error)?.message}`);
          }
          expect(leaksIn((error as Error).message.replaceAll(path, '<file>')), `${what} → ${(error as Error).message}`).toEqual([]);
        }
      },
      FUZZ_TIMEOUT_MS,
    );
  }
});
