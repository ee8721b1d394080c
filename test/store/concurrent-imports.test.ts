import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDb, type Db } from '../../shared/store/db.ts';
import { runCli } from '../support/cli.ts';
import { requireServices } from '../support/services.ts';
import { createTempDatabase, type TempDatabase } from '../support/temp-database.ts';
import { designerRecord } from './test-store.ts';

const services = requireServices('postgres');

/** Records per file: five of the importer's batches, so the two files lock the same rows in opposite orders batch by batch. */
const RECORDS = 5000;

describe.skipIf(!services)('two curators importing the same designers at once, in opposite orders (CLI, Postgres server)', () => {
  let dir: string;
  let temp: TempDatabase;
  let db: Db;
  let env: Record<string, string>;

  const file = async (name: string, tag: string, reversed: boolean) => {
    const records = Array.from({ length: RECORDS }, (_, i) => designerRecord(`both-${i}`, { description: `Designer ${i}, edited by ${tag}` }));
    if (reversed) records.reverse();
    const path = join(dir, name);
    await writeFile(path, records.map((r) => JSON.stringify(r)).join('\n'));
    return path;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dd-concurrent-imports-'));
    temp = await createTempDatabase(services!.postgres, 'concurrent_imports');
    db = createPgDb(temp.url, { max: 1 });
    // The store searches itself (no Elasticsearch): each import also recomputes the search text after it commits.
    env = { DATABASE_URL: temp.url };
    expect((await runCli(['import', await file('base.ndjson', 'base', false)], env)).code).toBe(0);
  });
  afterAll(async () => {
    await db?.close();
    await temp?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('both complete and say so, and the store holds one whole file, searchable: they write one after the other, and a deadlock of the search text upkeep with the other import runs again, never reported as a failure', async () => {
    const first = await file('first.ndjson', 'first', false);
    const second = await file('second.ndjson', 'second', true);
    for (let round = 0; round < 2; round++) {
      const results = await Promise.all([runCli(['import', first], env), runCli(['import', second], env)]);
      for (const result of results) {
        expect(result, result.stderr).toMatchObject({ code: 0, stderr: '' });
        expect(result.stdout).toMatch(new RegExp(`^Imported ${RECORDS} of ${RECORDS} designer record\\(s\\) from .*: 0 new, \\d+ updated, \\d+ unchanged\\.\\n$`));
      }
      // Each import is one transaction: every row is from the file that committed last.
      const { rows } = await db.query<{ tag: string; n: number }>(
        `SELECT substring(description from 'edited by (\\w+)$') AS tag, count(*)::int AS n FROM designers GROUP BY 1`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.n).toBe(RECORDS);
      expect((await db.query(`SELECT 1 FROM search_text_queue LIMIT 1`)).rows).toEqual([]);
    }
  }, 180_000);
});
