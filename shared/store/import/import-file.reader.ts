import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { CsvError } from 'csv-parse';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Columns } from '../../domain/field-set.ts';
import { restoreCell } from '../../text/spreadsheet-cell.codec.ts';
import { decodeFileText } from './import-text-decoder.ts';
import { ImportFileError } from './import.errors.ts';

export type ImportFormat = 'json' | 'ndjson' | 'csv';

/** One record as read from the file, before validation. */
export interface SourceRecord {
  line: number;
  value: unknown;
  /** What went wrong reading this record (a bad NDJSON line, a CSV cell that is not JSON). */
  problems?: { field: string; message: string }[];
}

/** Records in file order; a function, because the import reads them twice (validate, then write). */
export type RecordSource = SourceRecord[] | (() => AsyncIterable<SourceRecord> | Iterable<SourceRecord>);

/**
 * How CSV cells become JSON values: nested values (roles) are JSON text in their cell, booleans are
 * true/false (also yes/no, 1/0), an empty cell means "not given", so defaults apply, and the apostrophe
 * before text a spreadsheet would run as a formula (`'=x`, as the export writes it) is not part of the value.
 */
export interface CsvColumns {
  json: readonly string[];
  boolean: readonly string[];
}

/** An entity's CSV columns: its boolean columns, and the given fields that hold JSON (nested values). */
export function csvColumns(columns: Columns, json: readonly string[]): CsvColumns {
  return { json, boolean: Object.keys(columns).filter((name) => columns[name]!.type === 'boolean') };
}

const BOOLEAN_WORDS: Readonly<Record<string, boolean>> = { true: true, false: false, yes: true, no: false, '1': true, '0': false };

export function detectFormat(path: string, text: string): ImportFormat {
  const ext = extname(path).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  if (ext === '.csv') return 'csv';
  const first = text.replace(/^\uFEFF/, '').trimStart()[0];
  if (first === '[') return 'json';
  if (first === '{') return 'ndjson';
  return 'csv';
}

/** The line on which each element of a top-level JSON array starts (the text is known to be valid JSON). */
function arrayElementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let expecting = false;
  for (const ch of text) {
    if (ch === '\n') line += 1;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (depth === 1 && expecting && !/\s/.test(ch) && ch !== ']') {
      lines.push(line);
      expecting = false;
    }
    if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') {
      depth += 1;
      if (depth === 1) expecting = true;
    } else if (ch === ']' || ch === '}') depth -= 1;
    else if (ch === ',' && depth === 1) expecting = true;
  }
  return lines;
}

function parseJsonArray(source: string): SourceRecord[] {
  const text = source.replace(/^\uFEFF/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ImportFileError(`not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed)) throw new ImportFileError('a JSON file must hold an array of records');
  const lines = arrayElementLines(text);
  return parsed.map((value, i) => ({ line: lines[i] ?? 1, value }));
}

function parseNdjson(text: string): SourceRecord[] {
  const records: SourceRecord[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const source = raw.replace(/^\uFEFF/, '').trim();
    if (source === '') return;
    try {
      records.push({ line: i + 1, value: JSON.parse(source) });
    } catch (error) {
      records.push({ line: i + 1, value: null, problems: [{ field: '(record)', message: `is not valid JSON: ${(error as Error).message}` }] });
    }
  });
  return records;
}

/**
 * The header's column names as the record's fields: a spreadsheet's header is written by hand, so case,
 * surrounding blanks, and spaces or hyphens for underscores do not matter ("Current role" is current_role).
 * A name given twice is refused, since each row's later cell would hide the earlier one.
 */
function csvHeader(header: string[]): string[] {
  const names = header.map((name) => name.trim().toLowerCase().replace(/[\s-]+/g, '_'));
  const twice = names.find((name, i) => name !== '' && names.indexOf(name) !== i);
  if (twice !== undefined) throw new ImportFileError(`the CSV header names the column "${twice}" twice: name each column once`);
  return names;
}

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The character that separates the header's column names: a comma, or the semicolon a spreadsheet writes
 * where the comma is the decimal mark (Excel in most of Europe), or a tab. Column names hold none of the
 * three, so the one that splits the header most is the file's; a tie (a header of one column) is a comma.
 */
export function csvDelimiter(text: string): (typeof DELIMITERS)[number] {
  // Up to the first line break of any kind: an old Mac spreadsheet ends lines with CR alone.
  const header = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/, 1)[0]!;
  const count = (d: string) => header.split(d).length;
  return DELIMITERS.reduce((best, d) => (count(d) > count(best) ? d : best));
}

interface CsvRow {
  info: { lines: number };
  record: Record<string, string>;
}

/** How csv-parse reads an import file, whole or streamed: the header names the fields. */
export function csvParseOptions(delimiter: string) {
  return { columns: csvHeader, delimiter, info: true, skip_empty_lines: true, bom: true, trim: true } as const;
}

/**
 * Turns parsed CSV rows into records, in file order, one call per row: a row's cells become the record's
 * values, and its line is where it starts. csv-parse counts a CRLF inside a quoted cell as two lines (its
 * line numbers run ahead by one for each, to the end of the file), while every line break ends one line of
 * the file: CRLF, CR or LF.
 */
export class CsvRecordReader {
  private crlfInCells = 0;
  /** The line on which the last record read ends (the header's, before any). */
  private lastEnd = 1;

  constructor(private readonly columns: CsvColumns) {}

  read({ info, record }: CsvRow): SourceRecord {
    const cells = Object.values(record);
    this.crlfInCells += count(cells, /\r\n/g);
    this.lastEnd = info.lines - this.crlfInCells;
    // Where the record ends, less the line breaks inside its cells: where it starts.
    const line = this.lastEnd - count(cells, /\r\n|\r|\n/g);
    const value: Record<string, unknown> = {};
    const problems: { field: string; message: string }[] = [];
    for (const [key, written] of Object.entries(record)) {
      if (written === '') continue;
      const cell = restoreCell(written);
      if (this.columns.json.includes(key)) {
        try {
          value[key] = JSON.parse(cell);
        } catch {
          problems.push({ field: key, message: `must be JSON in a CSV cell, for example ${JSON_CELL_EXAMPLES[key] ?? JSON_CELL_EXAMPLES.current_role}` });
        }
      } else if (this.columns.boolean.includes(key)) {
        const word = BOOLEAN_WORDS[cell.trim().toLowerCase()];
        if (word === undefined) problems.push({ field: key, message: 'must be true or false (in a CSV cell also yes or no, 1 or 0)' });
        value[key] = word ?? cell;
      } else {
        value[key] = cell;
      }
    }
    return problems.length > 0 ? { line, value, problems } : { line, value };
  }

  /**
   * A csv-parse error as the curator reads it: what is wrong, where the parser stopped, and where the record
   * it could not read starts (after the last one read) when that is an earlier line, such as a quote never
   * closed.
   */
  fileError(error: unknown): unknown {
    if (!(error instanceof CsvError)) return error;
    const reported = (error as CsvError & { lines?: number }).lines;
    if (!reported) return new ImportFileError(`not valid CSV: ${error.message}`);
    const line = reported - this.crlfInCells;
    const start = this.lastEnd + 1;
    return new ImportFileError(`not valid CSV at line ${line}${start < line ? ` (the record that starts at line ${start})` : ''}: ${error.message}`);
  }
}

/** What a JSON cell holds, by column: one role, or a list of them. */
const ROLE_EXAMPLE = '{"title":"Designer","company":"Acme","company_url":null}';
const JSON_CELL_EXAMPLES: Readonly<Record<string, string>> = { current_role: ROLE_EXAMPLE, previous_roles: `[${ROLE_EXAMPLE}] (a list; [] for none)` };

const count = (cells: string[], pattern: RegExp) => cells.reduce((n, cell) => n + (cell.match(pattern)?.length ?? 0), 0);

function parseCsvRecords(text: string, columns: CsvColumns): SourceRecord[] {
  const reader = new CsvRecordReader(columns);
  // Row by row, as a stream reads them, so that an error is named after the rows before it.
  const records: SourceRecord[] = [];
  try {
    parseCsv(text, { ...csvParseOptions(csvDelimiter(text)), on_record: (row: CsvRow) => void records.push(reader.read(row)) });
  } catch (error) {
    throw reader.fileError(error);
  }
  return records;
}

export function parseImportText(text: string, format: ImportFormat, csv: CsvColumns): SourceRecord[] {
  if (format === 'json') return parseJsonArray(text);
  if (format === 'ndjson') return parseNdjson(text);
  return parseCsvRecords(text, csv);
}

export async function readImportFile(
  path: string,
  csv: CsvColumns,
  format?: ImportFormat,
): Promise<{ format: ImportFormat; records: SourceRecord[] }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new ImportFileError(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  const text = decodeFileText(bytes);
  const chosen = format ?? detectFormat(path, text);
  return { format: chosen, records: parseImportText(text, chosen, csv) };
}
