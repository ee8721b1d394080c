import type { Command } from 'commander';
import { importDesignersFile } from '../../../shared/store/import/designer.import.ts';
import { writeImportReport } from './import-report.ts';
import { withStore } from './with-store.ts';

export function registerImportCommand(program: Command): void {
  program
    .command('import')
    .description(
      'Upsert designers from a JSON array, NDJSON or CSV file (by id, else by slug). One invalid record ' +
        'means no change at all; in CSV, current_role and previous_roles are JSON cells.',
    )
    .argument('<file>', 'a .json, .ndjson/.jsonl or .csv file')
    .option('--skip-invalid', 'import the valid records and list the invalid ones', false)
    .action(async (file: string, options: { skipInvalid: boolean }) => {
      await withStore(async ({ db }) => {
        writeImportReport('designer', file, await importDesignersFile(db, file, { skipInvalid: options.skipInvalid }));
      });
    });
}
