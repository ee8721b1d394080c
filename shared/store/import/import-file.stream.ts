import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { extname } from 'node:path';
import { createInterface } from 'node:readline';
import { type CsvColumns, parseImportText, readImportFile, type RecordSource, type SourceRecord } from './import-file.reader.ts';
import { ImportFileError } from './import.errors.ts';

/**
 * The records of an import file as a source the importer can read twice. NDJSON streams line by line
 * (each line parsed by the same reader as a whole file, so errors read the same): a file of a million
 * records never sits in memory. JSON arrays and CSV are read whole, as before.
 */
export async function importFileSource(path: string, csv: CsvColumns): Promise<RecordSource> {
  const ext = extname(path).toLowerCase();
  if (ext !== '.ndjson' && ext !== '.jsonl') return (await readImportFile(path, csv)).records;
  try {
    await access(path);
  } catch (error) {
    throw new ImportFileError(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  return () => ndjsonRecords(path, csv);
}

async function* ndjsonRecords(path: string, csv: CsvColumns): AsyncGenerator<SourceRecord> {
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line += 1;
    for (const record of parseImportText(text, 'ndjson', csv)) yield { ...record, line };
  }
}
