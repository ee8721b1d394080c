import { execFileSync, spawn } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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

describe('writeExportFile, to what is not a plain file', () => {
  it('follows a symbolic link: the file it names gets the export, and the link stays a link', async () => {
    await mkdir(join(dir, 'real'));
    const real = join(dir, 'real', 'target.csv');
    await writeFile(real, 'old\n');
    const link = join(dir, 'link.csv');
    await symlink(real, link);
    await assertExportFile(link);
    await writeExportFile(link, chunks(['a\n']));
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readFile(real, 'utf8')).toBe('a\n');
    expect(await readdir(join(dir, 'real'))).toEqual(['target.csv']);
  });

  it('writes into a named pipe as it is, for the reader at its other end', async () => {
    const fifo = join(dir, 'out.ndjson');
    execFileSync('mkfifo', [fifo]);
    let read = '';
    const reader = new Promise<void>((resolve, reject) => {
      createReadStream(fifo, 'utf8').on('data', (c) => (read += c)).on('end', resolve).on('error', reject);
    });
    await assertExportFile(fifo);
    await writeExportFile(fifo, chunks(['a\n', 'b\n']));
    await reader;
    expect(read).toBe('a\nb\n');
    expect((await lstat(fifo)).isFIFO()).toBe(true);
    expect(await readdir(dir)).toEqual(['out.ndjson']);
  });

  it('writes into a device as it is, and a full one is a failure naming the path, the device left in place', async () => {
    await writeExportFile('/dev/null', chunks(['a\n']));
    expect((await lstat('/dev/null')).isCharacterDevice()).toBe(true);
    await expect(writeExportFile('/dev/full', chunks(['a\n']))).rejects.toThrow(new ExportFileError('cannot write /dev/full: ENOSPC: no space left on device, write'));
    expect((await lstat('/dev/full')).isCharacterDevice()).toBe(true);
  });
});

describe('writeExportFile, interrupted', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('on %s leaves the earlier file as it was and no partial file, and says so', async (signal) => {
    const path = join(dir, 'd.ndjson');
    await writeFile(path, 'old\n');
    // An export that never ends, in a process of its own, interrupted once its partial file exists.
    const script = join(dir, 'export.mts');
    await writeFile(
      script,
      `import { writeExportFile } from ${JSON.stringify(resolve('shared/store/export/export-output.ts'))};
       async function* endless() { for (;;) { yield 'a\\n'; await new Promise((r) => setTimeout(r, 5)); } }
       await writeExportFile(${JSON.stringify(path)}, endless());`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    for (let i = 0; i < 200 && (await readdir(dir)).every((f) => !f.endsWith('.partial')); i++) await new Promise((r) => setTimeout(r, 50));
    expect((await readdir(dir)).some((f) => f.endsWith('.partial'))).toBe(true);
    child.kill(signal);
    expect(await exited).toBe(signal === 'SIGINT' ? 130 : 143);
    expect(stderr).toBe(`Export interrupted (${signal}): ${path} was left as it was.\n`);
    expect(await readFile(path, 'utf8')).toBe('old\n');
    expect((await readdir(dir)).sort()).toEqual(['d.ndjson', 'export.mts']);
  }, 30_000);
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
