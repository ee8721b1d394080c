import { isUtf8 } from 'node:buffer';
import { createReadStream, type Stats } from 'node:fs';
import { access, constants, open, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse as csvParser } from 'csv-parse';
import {
  csvDelimiter,
  csvParseOptions,
  CsvRecordReader,
  type CsvColumns,
  parseImportText,
  readImportFile,
  type RecordSource,
  type SourceRecord,
} from './import-file.reader.ts';
import { byteLines, refuseNonText, SAVE_AS_UTF8 } from './import-text-decoder.ts';
import { ImportFileError } from './import.errors.ts';

/**
 * The records of an import file as a source the importer can read twice. NDJSON and CSV stream (NDJSON line
 * by line, each line parsed by the same reader as a whole file; CSV through csv-parse's stream parser, with
 * the same options and record reader as a whole file), so errors read the same and a file of a million
 * records never sits in memory. JSON arrays, and files named otherwise, are read whole.
 */
export async function importFileSource(path: string, csv: CsvColumns): Promise<RecordSource> {
  const ext = extname(path).toLowerCase();
  if (ext === '.ndjson' || ext === '.jsonl') {
    await assertImportFile(path);
    return () => ndjsonRecords(path, csv);
  }
  if (ext === '.csv') {
    await assertImportFile(path);
    return () => csvRecords(path, csv);
  }
  return (await readImportFile(path, csv)).records;
}

/**
 * The path names a file this process may read, or an ImportFileError says why not: checked before a
 * command opens the store, so a mistyped path changes nothing (on the embedded default, it used to create
 * and migrate a store first).
 */
export async function assertImportFile(path: string): Promise<void> {
  let file: Stats;
  try {
    file = await stat(path);
    await access(path, constants.R_OK);
  } catch (error) {
    throw new ImportFileError(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  if (!file.isFile()) throw new ImportFileError(`cannot read ${path}: it is not a file`);
}

/**
 * assertImportFile, and the file's first bytes are not a workbook's or UTF-16's (which the import refuses
 * too, once it reads them): for a command to check before it opens the store for the file.
 */
export async function assertImportText(path: string): Promise<void> {
  await assertImportFile(path);
  let start: Buffer;
  try {
    const handle = await open(path, 'r');
    try {
      const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(8), position: 0 });
      start = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new ImportFileError(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  refuseNonText(start);
}

async function* ndjsonRecords(path: string, csv: CsvColumns): AsyncGenerator<SourceRecord> {
  let line = 0;
  try {
    for await (const bytes of byteLines(createReadStream(path))) {
      line += 1;
      if (line === 1) refuseNonText(bytes);
      // One line that is not UTF-8 is one bad record, like a line that is not JSON (--skip-invalid skips it).
      if (!isUtf8(bytes)) {
        yield { line, value: null, problems: [{ field: '(record)', message: `is not UTF-8 text: ${SAVE_AS_UTF8}` }] };
        continue;
      }
      for (const record of parseImportText(bytes.toString('utf8'), 'ndjson', csv)) yield { ...record, line };
    }
  } catch (error) {
    // A read that fails after the start (the file removed or its disk gone) is a file error like any other.
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(`cannot read ${path} after line ${line}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * A CSV file's records as they stream. Its bytes go to the parser line by line once each line is known to
 * be UTF-8 (a line that is not refuses the file, naming the line, as a whole file's reading does), and the
 * header line chooses the delimiter. A file with CR-only line ends has one such line: it is read whole.
 */
async function* csvRecords(path: string, columns: CsvColumns): AsyncGenerator<SourceRecord> {
  let line = 0;
  async function* text(): AsyncGenerator<string> {
    for await (const bytes of byteLines(createReadStream(path))) {
      line += 1;
      if (line === 1) refuseNonText(bytes);
      if (!isUtf8(bytes)) throw new ImportFileError(`line ${line} is not UTF-8 text: ${SAVE_AS_UTF8}`);
      yield `${bytes.toString('utf8')}\n`;
    }
  }
  const lines = text();
  const reader = new CsvRecordReader(columns);
  let parser: ReturnType<typeof csvParser> | undefined;
  try {
    const header = await lines.next();
    if (header.done) return;
    parser = csvParser(csvParseOptions(csvDelimiter(header.value)));
    const feeding = pipeline(
      Readable.from((async function* () {
        yield header.value;
        yield* lines;
      })()),
      parser,
    );
    feeding.catch(() => undefined); // its failure also ends the parser's iteration below, which throws it
    for await (const row of parser) yield reader.read(row);
    await feeding;
  } catch (error) {
    const known = reader.fileError(error);
    if (known instanceof ImportFileError) throw known;
    throw new ImportFileError(`cannot read ${path} after line ${line}: ${(error as Error).message}`, { cause: error });
  } finally {
    parser?.destroy();
  }
}
