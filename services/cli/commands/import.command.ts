import type { Command } from 'commander';
import { SearchTextUpkeep } from '../../../shared/search/postgres/search-text-upkeep.ts';
import type { Db } from '../../../shared/store/db.ts';
import { RepeatedDeadlockError } from '../../../shared/store/deadlock-retry.policy.ts';
import { importDesignersFile } from '../../../shared/store/import/designer-import.ts';
import { assertImportText } from '../../../shared/store/import/import-file-stream.ts';
import type { ImportOptions, ImportResult } from '../../../shared/store/import/record-importer.ts';
import { writeImportReport } from './import-report.ts';
import { withStore } from './with-store.ts';

/** One import command: its name, what it says it does, the noun of its records, and how it reads a file. */
export interface ImportCommandSpec {
  name: string;
  description: string;
  noun: string;
  importFile(db: Db, path: string, options: ImportOptions): Promise<ImportResult>;
}

export function registerEntityImportCommand(program: Command, spec: ImportCommandSpec): void {
  program
    .command(spec.name)
    .description(spec.description)
    .argument('<file>', 'a .json, .ndjson/.jsonl or .csv file')
    .option('--skip-invalid', 'import the valid records and list the invalid ones', false)
    .option('--dry-run', 'check the file against the store and report what the import would do, writing nothing', false)
    .action(async (file: string, options: { skipInvalid: boolean; dryRun: boolean }) => {
      await withStore(
        async ({ db, config }) => {
          const result = await spec.importFile(db, file, { skipInvalid: options.skipInvalid, dryRun: options.dryRun });
          writeImportReport(spec.noun, file, result, { dryRun: options.dryRun });
          // Searching on the store: compute the new rows' search text now, not in the first searches after.
          if (config.SEARCH_BACKEND === 'postgres' && !options.dryRun) await searchTextNow(db);
        },
        { before: () => assertImportText(file) },
      );
    });
}

/**
 * Computes the search text of what the import wrote. It runs after the import committed, so a failure here
 * must not read as a failed import: a recompute Postgres kept ending as a deadlock (another import writing
 * the same rows) is left to the next search, which catches up before it answers.
 */
async function searchTextNow(db: Db): Promise<void> {
  try {
    await new SearchTextUpkeep(db).catchUp();
  } catch (error) {
    if (!(error instanceof RepeatedDeadlockError)) throw error;
    process.stderr.write('The import is committed. Its search text was not computed now (another command was writing the same records); the next search computes it.\n');
  }
}

export function registerImportCommand(program: Command): void {
  registerEntityImportCommand(program, {
    name: 'import',
    description:
      'Upsert designers from a JSON array, NDJSON or CSV file (by id, else by slug). One invalid record ' +
      'means no change at all; in CSV, current_role and previous_roles are JSON cells.',
    noun: 'designer',
    importFile: importDesignersFile,
  });
}
