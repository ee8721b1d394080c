import type { Command } from 'commander';
import { importOpenRolesFile } from '../../../shared/store/import/open-role.import.ts';
import { writeImportReport } from './import-report.ts';
import { withStore } from './with-store.ts';

export function registerImportOpenRolesCommand(program: Command): void {
  program
    .command('import-open-roles')
    .description(
      'Upsert open roles from a JSON array, NDJSON or CSV file (by id, else by apply_url). One invalid ' +
        'record means no change at all.',
    )
    .argument('<file>', 'a .json, .ndjson/.jsonl or .csv file')
    .option('--skip-invalid', 'import the valid records and list the invalid ones', false)
    .action(async (file: string, options: { skipInvalid: boolean }) => {
      await withStore(async ({ db }) => {
        writeImportReport('open role', file, await importOpenRolesFile(db, file, { skipInvalid: options.skipInvalid }));
      });
    });
}
