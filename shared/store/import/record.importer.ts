import type { z } from 'zod';
import { analyzeStore } from '../analyze.ts';
import type { Db } from '../db.ts';
import type { UpsertResult } from '../upsert-result.ts';
import { RecordConflictError, toRecordConflict } from '../store.errors.ts';
import type { CsvColumns, RecordSource, SourceRecord } from './import-file.reader.ts';
import { importFileSource } from './import-file.stream.ts';
import { ImportValidationError, type RecordProblem } from './import.errors.ts';

/** What the importer needs to know about one kind of record. */
export interface ImportEntity<R> {
  /** Singular noun for messages: "designer", "open role". */
  noun: string;
  schema: z.ZodType<R>;
  csv: CsvColumns;
  /** Values that must not repeat within one file (two records would write one row). */
  uniqueKeys(record: R): { field: string; value: string }[];
  /** The entity's writer, on the import's transaction. */
  writer(tx: Db): RecordWriter<R>;
}

/** How the import writes one kind of record: the store's writer of that table. */
export interface RecordWriter<R> {
  upsert(record: R): Promise<UpsertResult>;
  /** Writes many records with a few multi-row statements; throws when any one is refused. */
  upsertBatch?(records: R[]): Promise<UpsertResult[]>;
}

export interface ImportOptions {
  /** Import the valid records and report the others, instead of importing nothing. */
  skipInvalid?: boolean;
}

export interface SkippedRecord {
  line: number;
  record: number;
  problems: RecordProblem[];
}

export interface ImportResult {
  total: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: SkippedRecord[];
}

function zodProblems(error: z.ZodError): { field: string; message: string }[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ field: key, message: 'is not a known field' }));
    if (issue.path.length === 0 && issue.code === 'invalid_type') return [{ field: '(record)', message: 'must be an object' }];
    return [{ field: issue.path.join('.') || '(record)', message: issue.message }];
  });
}

interface Valid<R> {
  line: number;
  record: number;
  value: R;
}

/**
 * Checks records one at a time, in file order: the schema, then that no id or slug repeats an earlier
 * record's. Holds only the keys seen, never the records, so a file of any size can stream through it.
 */
class RecordValidator<R> {
  private readonly seen = new Map<string, number>();
  private index = 0;

  constructor(private readonly entity: ImportEntity<R>) {}

  check(item: SourceRecord): { valid: Valid<R> } | { invalid: SkippedRecord } {
    const at = { line: item.line, record: ++this.index };
    const problems = (item.problems ?? []).map((p) => ({ ...at, ...p }));
    let value: R | undefined;
    if (problems.length === 0) {
      const parsed = this.entity.schema.safeParse(item.value);
      if (parsed.success) value = parsed.data;
      else problems.push(...zodProblems(parsed.error).map((p) => ({ ...at, ...p })));
    }
    if (value !== undefined) {
      for (const key of this.entity.uniqueKeys(value)) {
        const first = this.seen.get(`${key.field}\u0000${key.value}`);
        if (first !== undefined) problems.push({ ...at, field: key.field, message: `"${key.value}" is already given on line ${first}` });
        else this.seen.set(`${key.field}\u0000${key.value}`, item.line);
      }
    }
    return problems.length > 0 || value === undefined ? { invalid: { ...at, problems } } : { valid: { ...at, value } };
  }
}


const iterate = (source: RecordSource) => (Array.isArray(source) ? source : source());

/**
 * Validates every record, then writes them all in one transaction: one bad record means no change at
 * all (ImportValidationError names each bad line and field), unless skipInvalid, which imports the rest
 * and reports what it skipped. A failure of the database itself rolls everything back too.
 *
 * Two passes over the source, so that a file of a million records never sits in memory: the first only
 * validates; the second validates again (the same records give the same verdicts) and writes the valid
 * ones a batch at a time, with a few multi-row statements per batch.
 */
export async function importRecords<R>(
  db: Db,
  entity: ImportEntity<R>,
  source: RecordSource,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const invalid: SkippedRecord[] = [];
  let total = 0;
  const first = new RecordValidator(entity);
  for await (const item of iterate(source)) {
    total += 1;
    const verdict = first.check(item);
    if ('invalid' in verdict) invalid.push(verdict.invalid);
  }
  if (invalid.length > 0 && !options.skipInvalid) throw new ImportValidationError(invalid.flatMap((s) => s.problems));

  const result: ImportResult = { total, inserted: 0, updated: 0, unchanged: 0, skipped: invalid };
  await db.transaction(async (tx) => {
    const second = new RecordValidator(entity);
    let batch: Valid<R>[] = [];
    const flush = async () => {
      for (const outcome of await writeBatch(tx, entity, batch, options, result)) result[outcome.outcome] += 1;
      batch = [];
    };
    for await (const item of iterate(source)) {
      const verdict = second.check(item);
      if (!('valid' in verdict)) continue;
      batch.push(verdict.valid);
      if (batch.length === IMPORT_BATCH) await flush();
    }
    if (batch.length > 0) await flush();
  });
  if (result.inserted + result.updated > 0) await analyzeStore(db);
  result.skipped.sort((a, b) => a.record - b.record);
  return result;
}

/** An entity's two ways in: records already read (tests, the sample seed) and a file (the CLI). */
export function importersOf<R>(entity: ImportEntity<R>) {
  return {
    records: (db: Db, records: RecordSource, options?: ImportOptions): Promise<ImportResult> => importRecords(db, entity, records, options),
    file: async (db: Db, path: string, options?: ImportOptions): Promise<ImportResult> =>
      importRecords(db, entity, await importFileSource(path, entity.csv), options),
  };
}

/** Records per multi-row write. */
export const IMPORT_BATCH = 500;

/**
 * Writes one batch in one go when the entity can; when the store refuses one of its records, the batch is
 * undone (savepoint) and written record by record, which names the record and field at fault.
 */
async function writeBatch<R>(
  tx: Db,
  entity: ImportEntity<R>,
  batch: Valid<R>[],
  options: ImportOptions,
  result: ImportResult,
): Promise<UpsertResult[]> {
  const writer = entity.writer(tx);
  if (writer.upsertBatch) {
    await tx.query('SAVEPOINT import_batch');
    try {
      const outcomes = await writer.upsertBatch(batch.map((b) => b.value));
      await tx.query('RELEASE SAVEPOINT import_batch');
      return outcomes;
    } catch (error) {
      if (!isRecordFault(error)) throw error;
      await tx.query('ROLLBACK TO SAVEPOINT import_batch');
    }
  }
  const outcomes: UpsertResult[] = [];
  for (const item of batch) {
    try {
      if (options.skipInvalid) await tx.query('SAVEPOINT import_record');
      outcomes.push(await writer.upsert(item.value));
      if (options.skipInvalid) await tx.query('RELEASE SAVEPOINT import_record');
    } catch (error) {
      if (!(error instanceof RecordConflictError)) throw error;
      const problem = { line: item.line, record: item.record, field: error.field, message: error.reason };
      if (!options.skipInvalid) throw new ImportValidationError([problem]);
      await tx.query('ROLLBACK TO SAVEPOINT import_record');
      result.skipped.push({ line: item.line, record: item.record, problems: [problem] });
    }
  }
  return outcomes;
}

/** An integrity violation (class 23): some record of the batch is at fault, not the database. */
function isRecordFault(error: unknown): boolean {
  return toRecordConflict(error) instanceof RecordConflictError;
}
