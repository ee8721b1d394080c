import { createWriteStream, rmSync } from 'node:fs';
import { access, constants, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The export's file cannot be written where it was asked for. Nothing was written. */
export class ExportFileError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ExportFileError';
  }
}

/**
 * Where an export to `path` goes. A symbolic link is followed: the file it names is replaced and the link
 * stays. Anything that is not a file (a device such as /dev/stdout, a named pipe) is written into as it
 * is, since replacing it would put a plain file where the device or pipe was.
 */
async function exportTarget(path: string): Promise<{ path: string; into: 'file' | 'as-is' }> {
  const real = await realpath(path).catch(() => path);
  const target = await stat(real).catch(() => null);
  return { path: real, into: target && !target.isFile() && !target.isDirectory() ? 'as-is' : 'file' };
}

/** Refuses an output path the export could not write, before the store is opened and read. */
export async function assertExportFile(path: string): Promise<void> {
  const target = await stat(path).catch(() => null);
  if (target?.isDirectory()) throw new ExportFileError(`${path} is a directory: give a file name, for example ${join(path, 'designers.csv')}`);
  const resolved = await exportTarget(path);
  if (resolved.into === 'as-is') return;
  const folder = dirname(resolved.path);
  const parent = await stat(folder).catch(() => null);
  if (!parent?.isDirectory()) throw new ExportFileError(`there is no directory ${folder} to write ${path} in`);
  try {
    await access(folder, constants.W_OK);
  } catch (error) {
    throw new ExportFileError(`cannot write in ${folder}: ${(error as Error).message}`, { cause: error });
  }
}

const INTERRUPTIONS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Writes an export to a file that appears only when it is whole: the text goes to a hidden file beside it,
 * renamed over the target at the end. An export that fails midway (the store lost) or is interrupted
 * (Ctrl-C, a kill) leaves the target as it was, never a file that looks complete and holds half the
 * records, and no hidden file. A device or named pipe is written into directly (exportTarget).
 */
export async function writeExportFile(path: string, chunks: AsyncIterable<string>): Promise<void> {
  const target = await exportTarget(path);
  const partial = target.into === 'file' ? join(dirname(target.path), `.${basename(target.path)}.${process.pid}.partial`) : null;
  const interrupted = (signal: NodeJS.Signals) => {
    if (partial) rmSync(partial, { force: true });
    process.stderr.write(`Export interrupted (${signal}): ${partial ? `${path} was left as it was` : `${path} holds only part of the records`}.\n`);
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
  };
  for (const signal of INTERRUPTIONS) process.once(signal, interrupted);
  try {
    await pipeline(Readable.from(chunks), createWriteStream(partial ?? target.path, { flags: partial ? 'wx' : 'w' }));
    if (partial) await rename(partial, target.path);
  } catch (error) {
    if (partial) await rm(partial, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'ENOSPC' || code === 'EISDIR' || code === 'EPIPE') {
      throw new ExportFileError(`cannot write ${path}: ${(error as Error).message}`, { cause: error });
    }
    throw error;
  } finally {
    for (const signal of INTERRUPTIONS) process.off(signal, interrupted);
  }
}

/**
 * Writes an export to standard output; true when a reader that stopped early (`| head`) closed the pipe,
 * which ends the export quietly rather than as a failure.
 */
export async function writeExportStdout(chunks: AsyncIterable<string>, out: NodeJS.WritableStream = process.stdout): Promise<boolean> {
  try {
    await pipeline(Readable.from(chunks), out, { end: false });
    return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EPIPE') return true;
    throw error;
  }
}
