import type { z } from 'zod';
import { analyzeStore } from '../analyze.ts';
import type { Db } from '../db.ts';
import { retryingDeadlocks } from '../deadlock-retry.policy.ts';
import type { UpsertResult } from '../upsert-result.ts';
import { RecordConflictError, toRecordConflict } from '../store.errors.ts';
import type { CsvColumns, RecordSource, SourceRecord } from './import-file.reader.ts';
import { importFileSource } from './import-file-stream.ts';
import { ImportValidationError, type RecordProblem } from './import.errors.ts';
import { recordProblems } from './record-problems.ts';

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
  /**
   * Check the file against the store without changing it: every record is validated and written exactly as
   * an import would write it (so a slug another row holds is found too), and then all of it is rolled back.
   * The counts are what the import would do now. Only for a call that owns its transaction (the CLI).
   */
  dryRun?: boolean;
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
  /** Per field, each value seen and its line: flat keys, no joined strings, as a 1M file holds 2M of them. */
  private readonly seen = new Map<string, Map<string, number>>();
  private index = 0;

  constructor(private readonly entity: ImportEntity<R>) {}

  check(item: SourceRecord): { valid: Valid<R> } | { invalid: SkippedRecord } {
    const at = { line: item.line, record: ++this.index };
    const problems = (item.problems ?? []).map((p) => ({ ...at, ...p }));
    let value: R | undefined;
    const parsed = this.entity.schema.safeParse(item.value);
    if (parsed.success && problems.length === 0) value = parsed.data;
    else if (!parsed.success) {
      // The file's own reading of a cell (a CSV cell that is not JSON or not a yes/no) says more about that
      // field than the schema can; every other field's problems are reported beside it, so one run shows all.
      const read = new Set(problems.map((p) => p.field));
      const others = recordProblems(parsed.error, item.value).filter((p) => !read.has(p.field.split('.')[0]!));
      problems.push(...others.map((p) => ({ ...at, ...p })));
    }
    if (value !== undefined) {
      for (const key of this.entity.uniqueKeys(value)) {
        let lines = this.seen.get(key.field);
        if (!lines) this.seen.set(key.field, (lines = new Map()));
        const first = lines.get(key.value);
        if (first !== undefined) problems.push({ ...at, field: key.field, message: `"${key.value}" is already given on line ${first}` });
        else lines.set(key.value, item.line);
      }
    }
    return problems.length > 0 || value === undefined ? { invalid: { ...at, problems } } : { valid: { ...at, value } };
  }
}


const iterate = (source: RecordSource) => (Array.isArray(source) ? source : source());

/**
 * How a batch is written. Fast: one multi-row write per batch and no savepoint, so the rows carry the
 * import's own transaction id and their roles add no second version (migration role-touch-skips-own-writes).
 * Careful: a savepoint per batch, so a batch the store refuses is undone and written record by record,
 * which names the record at fault.
 */
type WriteMode = 'fast' | 'careful';

/** The store refused a record of a fast batch; the import's transaction is lost and it starts over, careful. */
class FastBatchRefused extends Error {}

/** Ends a dry run's transaction once everything is written and counted, so that nothing is kept. */
class DryRunDone extends Error {}

/**
 * Validates and writes the records in one pass and one transaction: one bad record means no change at all
 * (ImportValidationError names every bad line and field, found by validating to the end), unless
 * skipInvalid, which imports the rest and reports what it skipped. A failure of the database itself rolls
 * everything back too. The file streams through: only the keys seen are held, never the records, and the
 * next batch is read and validated while the database writes the one before.
 */
export async function importRecords<R>(
  db: Db,
  entity: ImportEntity<R>,
  source: RecordSource,
  options: ImportOptions = {},
): Promise<ImportResult> {
  let result: ImportResult;
  // Ended by Postgres to break a deadlock with a set or delete (its batches lock rows in file order, they in
  // id order), the import has written nothing and starts over; the file is read again.
  try {
    result = await retryingDeadlocks(() => importOnce(db, entity, source, options, 'fast'));
  } catch (error) {
    // Rare (a slug another row holds): the fast path could not undo just the batch, so it undid everything.
    if (!(error instanceof FastBatchRefused)) throw error;
    result = await retryingDeadlocks(() => importOnce(db, entity, source, options, 'careful'));
  }
  if (result.inserted + result.updated > 0 && !options.dryRun) await analyzeStore(db);
  result.skipped.sort((a, b) => a.record - b.record);
  return result;
}

async function importOnce<R>(db: Db, entity: ImportEntity<R>, source: RecordSource, options: ImportOptions, mode: WriteMode): Promise<ImportResult> {
  const result: ImportResult = { total: 0, inserted: 0, updated: 0, unchanged: 0, skipped: [] };
  await db.transaction(async (tx) => {
    // One import writes at a time. Each locks rows batch by batch in its file's order, so two over the same
    // rows in different orders would deadlock again and again (each start over takes first what the other
    // needs last); the second waits here, holding nothing, and then runs whole.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('designer-directory:import'))`);
    const validator = new RecordValidator(entity);
    // Without skipInvalid, the first bad record ends the writing (the transaction will be rolled back);
    // validation goes on to the end so that the error names every bad record at once.
    let writing = true;
    let batch: Valid<R>[] = [];
    let inFlight: Promise<void> = Promise.resolve();
    const write = async (items: Valid<R>[]) => {
      const written = await writeBatch(tx, entity, items, options, mode, result);
      for (const outcome of written.outcomes) result[outcome.outcome] += 1;
      if (written.refused) writing = false;
    };
    for await (const item of iterate(source)) {
      result.total += 1;
      const verdict = validator.check(item);
      if ('invalid' in verdict) {
        result.skipped.push(verdict.invalid);
        if (!options.skipInvalid) writing = false;
        continue;
      }
      if (!writing) continue;
      batch.push(verdict.valid);
      if (batch.length === IMPORT_BATCH) {
        // One batch in flight at a time: its statements run while this loop reads the next one.
        await inFlight;
        inFlight = write(batch);
        inFlight.catch(() => undefined); // awaited above or below; this only keeps it from counting as unhandled
        batch = [];
      }
    }
    await inFlight;
    if (writing && batch.length > 0) await write(batch);
    if (result.skipped.length > 0 && !options.skipInvalid) {
      throw new ImportValidationError(result.skipped.sort((a, b) => a.record - b.record).flatMap((s) => s.problems));
    }
    if (options.dryRun) throw new DryRunDone('dry run: rolled back');
  }).catch((error: unknown) => {
    if (!(error instanceof DryRunDone)) throw error;
  });
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

/** Records per multi-row write. 1,000 rather than 500 took a 1M import from 356–376 s to 232 s (BENCHMARKS.md). */
export const IMPORT_BATCH = 1000;

/**
 * Writes one batch in one go when the entity can. Fast mode: when the store refuses one of its records, the
 * transaction is lost and FastBatchRefused starts the import over in careful mode. Careful mode: the batch is
 * undone (savepoint) and written record by record, which names the record at fault; without skipInvalid the
 * first refused record ends the writing (refused) and is reported with the file's other problems.
 */
async function writeBatch<R>(
  tx: Db,
  entity: ImportEntity<R>,
  batch: Valid<R>[],
  options: ImportOptions,
  mode: WriteMode,
  result: ImportResult,
): Promise<{ outcomes: UpsertResult[]; refused: boolean }> {
  const writer = entity.writer(tx);
  if (writer.upsertBatch) {
    if (mode === 'fast') {
      try {
        return { outcomes: await writer.upsertBatch(batch.map((b) => b.value)), refused: false };
      } catch (error) {
        throw isRecordFault(error) ? new FastBatchRefused('a record of the batch was refused', { cause: error }) : error;
      }
    }
    await tx.query('SAVEPOINT import_batch');
    try {
      const outcomes = await writer.upsertBatch(batch.map((b) => b.value));
      await tx.query('RELEASE SAVEPOINT import_batch');
      return { outcomes, refused: false };
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
      result.skipped.push({ line: item.line, record: item.record, problems: [problem] });
      // Without a savepoint the transaction is lost: nothing more is written, and it is rolled back.
      if (!options.skipInvalid) return { outcomes, refused: true };
      await tx.query('ROLLBACK TO SAVEPOINT import_record');
    }
  }
  return { outcomes, refused: false };
}

/** An integrity violation (class 23): some record of the batch is at fault, not the database. */
function isRecordFault(error: unknown): boolean {
  return toRecordConflict(error) instanceof RecordConflictError;
}
