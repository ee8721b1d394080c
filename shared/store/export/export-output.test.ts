import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertExportFile, ExportFileError, writeExportFile, writeExportStdout } from './export-output.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dd-export-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function* chunks(parts: string[], failAfter?: number) {
  for (const [i, part] of parts.entries()) {
    if (i === failAfter) throw new Error('Lost Postgres');
    yield part;
  }
}

describe('writeExportFile', () => {
  it('writes the whole export, replacing an earlier file', async () => {
    const path = join(dir, 'd.ndjson');
    await writeFile(path, 'old\n');
    await writeExportFile(path, chunks(['a\n', 'b\n']));
    expect(await readFile(path, 'utf8')).toBe('a\nb\n');
    expect(await readdir(dir)).toEqual(['d.ndjson']);
  });

  it('leaves the earlier file as it was, and no partial file, when the export fails midway', async () => {
    const path = join(dir, 'd.ndjson');
    await writeFile(path, 'old\n');
    await expect(writeExportFile(path, chunks(['a\n', 'b\n', 'c\n'], 2))).rejects.toThrow('Lost Postgres');
    expect(await readFile(path, 'utf8')).toBe('old\n');
    expect(await readdir(dir)).toEqual(['d.ndjson']);
    await expect(writeExportFile(join(dir, 'new.csv'), chunks(['a'], 0))).rejects.toThrow('Lost Postgres');
    expect(await readdir(dir)).toEqual(['d.ndjson']);
  });
});

describe('assertExportFile', () => {
  it('accepts a new or existing file in a writable directory, and names what is wrong otherwise', async () => {
    await expect(assertExportFile(join(dir, 'd.csv'))).resolves.toBeUndefined();
    await expect(assertExportFile(dir)).rejects.toThrow(new ExportFileError(`${dir} is a directory: give a file name, for example ${join(dir, 'designers.csv')}`));
    await expect(assertExportFile(join(dir, 'no', 'd.csv'))).rejects.toThrow(`there is no directory ${join(dir, 'no')} to write`);
  });
});

describe('writeExportStdout', () => {
  it('streams every chunk, and reports a reader that closed the pipe early as closed, not as a failure', async () => {
    const out = new PassThrough();
    let received = '';
    out.on('data', (chunk: Buffer) => (received += chunk.toString()));
    await expect(writeExportStdout(chunks(['a\n', 'b\n']), out)).resolves.toBe(false);
    expect(received).toBe('a\nb\n');

    const closed = new PassThrough();
    closed.on('data', () => closed.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })));
    await expect(writeExportStdout(chunks(['a\n', 'b\n', 'c\n']), closed)).resolves.toBe(true);
  });
});
