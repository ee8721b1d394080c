import { createWriteStream } from 'node:fs';
import { access, constants, rename, rm, stat } from 'node:fs/promises';
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

/** Refuses an output path the export could not write, before the store is opened and read. */
export async function assertExportFile(path: string): Promise<void> {
  const target = await stat(path).catch(() => null);
  if (target?.isDirectory()) throw new ExportFileError(`${path} is a directory: give a file name, for example ${join(path, 'designers.csv')}`);
  const folder = dirname(path);
  const parent = await stat(folder).catch(() => null);
  if (!parent?.isDirectory()) throw new ExportFileError(`there is no directory ${folder} to write ${path} in`);
  try {
    await access(folder, constants.W_OK);
  } catch (error) {
    throw new ExportFileError(`cannot write in ${folder}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Writes an export to a file that appears only when it is whole: the text goes to a hidden file beside it,
 * renamed over the target at the end. An export that fails midway (the store lost) leaves the target as it
 * was, never a file that looks complete and holds half the records.
 */
export async function writeExportFile(path: string, chunks: AsyncIterable<string>): Promise<void> {
  const partial = join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
  try {
    await pipeline(Readable.from(chunks), createWriteStream(partial, { flags: 'wx' }));
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'ENOSPC' || code === 'EISDIR') {
      throw new ExportFileError(`cannot write ${path}: ${(error as Error).message}`, { cause: error });
    }
    throw error;
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
