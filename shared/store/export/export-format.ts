import { stringify } from 'csv-stringify/sync';
import { extname } from 'node:path';
import { defuseCell } from '../../text/spreadsheet-cell.codec.ts';
import type { ImportFormat } from '../import/import-file.reader.ts';

export type ExportFormat = ImportFormat;
export const EXPORT_FORMATS: readonly ExportFormat[] = ['ndjson', 'json', 'csv'];

/** How an entity's records become CSV rows: the columns in order, and those that hold JSON (nested values). */
export interface ExportColumns {
  names: readonly string[];
  json: readonly string[];
}

/** The format a file name asks for (`.csv`, `.json`, `.ndjson`/`.jsonl`), or null for any other name. */
export function formatOfPath(path: string): ExportFormat | null {
  const ext = extname(path).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.json') return 'json';
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  return null;
}

/**
 * One CSV cell, as the import reads it back: nested values as JSON text, booleans as true/false, null as an
 * empty cell (which the import reads as "not given", that is the field's default, null), and text a
 * spreadsheet would run as a formula behind an apostrophe the import takes off.
 */
function csvCell(value: unknown, json: boolean): string {
  if (value === null || value === undefined) return '';
  return defuseCell(json ? JSON.stringify(value) : String(value));
}

/**
 * Records as the text of an import file, a chunk at a time, so an export of any size streams. CSV starts
 * with a byte-order mark, which spreadsheets need to read UTF-8 and the import skips; its cells are the
 * stored values, except that one a spreadsheet would run as a formula starts with an apostrophe.
 */
export async function* exportChunks(records: AsyncIterable<Record<string, unknown>>, format: ExportFormat, columns: ExportColumns): AsyncGenerator<string> {
  if (format === 'ndjson') {
    for await (const record of records) yield `${JSON.stringify(record)}\n`;
    return;
  }
  if (format === 'json') {
    let first = true;
    yield '[';
    for await (const record of records) {
      yield `${first ? '\n' : ',\n'}${JSON.stringify(record)}`;
      first = false;
    }
    yield first ? ']\n' : '\n]\n';
    return;
  }
  // Quoted besides what csv-stringify quotes: a value with blanks at either end, since the import trims
  // unquoted cells (hand-written CSV has stray blanks), and one with a line break of either kind, since only
  // the record delimiter itself (\r\n, which spreadsheets expect) would be quoted otherwise.
  const row = (cells: string[]) => stringify([cells], { record_delimiter: '\r\n', quoted_match: /^\s|\s$|[\r\n]/ });
  yield `\uFEFF${row([...columns.names])}`;
  for await (const record of records) {
    yield row(columns.names.map((name) => csvCell(record[name], columns.json.includes(name))));
  }
}
