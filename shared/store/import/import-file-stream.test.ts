import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importFileSource } from './import-file-stream.ts';
import { ImportFileError } from './import.errors.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dd-import-stream-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const COLUMNS = { json: ['current_role'], boolean: ['opted_in'] };

describe('importFileSource, CSV', () => {
  it('streams: records arrive one by one, before the parser has read the bad line further down, which then names its line', async () => {
    const path = join(dir, 'designers.csv');
    const rows = Array.from({ length: 3000 }, (_, i) => `d-${i};Name ${i};yes`);
    await writeFile(path, `\uFEFFslug;name;opted_in\r\nana;"Ana\r\nLópez";no\r\n${rows.join('\r\n')}\r\nbroken;"never closed;yes\r\n`);
    const source = await importFileSource(path, COLUMNS);
    expect(typeof source).toBe('function');
    const records = (source as () => AsyncIterable<{ line: number; value: unknown }>)()[Symbol.asyncIterator]();
    expect((await records.next()).value).toEqual({ line: 2, value: { slug: 'ana', name: 'Ana\r\nLópez', opted_in: false } });
    expect((await records.next()).value).toEqual({ line: 4, value: { slug: 'd-0', name: 'Name 0', opted_in: true } });
    let read = 2;
    const failure = await (async () => {
      for (;;) {
        const next = await records.next();
        if (next.done) return null;
        read += 1;
      }
    })().catch((error: unknown) => error);
    expect(read).toBe(3001);
    expect(failure).toBeInstanceOf(ImportFileError);
    expect((failure as Error).message).toMatch(/^not valid CSV at line 3005 \(the record that starts at line 3004\): Quote Not Closed/);
  });

  it('reads the same records whole and streamed, the second time as the first', async () => {
    const path = join(dir, 'designers.csv');
    await writeFile(path, 'slug,name,current_role\nana,Ana,"{""title"":""Lead"",""company"":""Acme"",""company_url"":null}"\nbo,"=Bo",\n');
    const source = (await importFileSource(path, COLUMNS)) as () => AsyncIterable<unknown>;
    const all = async () => {
      const records: unknown[] = [];
      for await (const record of source()) records.push(record);
      return records;
    };
    const twice = [await all(), await all()];
    expect(twice[0]).toEqual([
      { line: 2, value: { slug: 'ana', name: 'Ana', current_role: { title: 'Lead', company: 'Acme', company_url: null } } },
      { line: 3, value: { slug: 'bo', name: '=Bo' } },
    ]);
    expect(twice[1]).toEqual(twice[0]);
  });
});
