import type { Command } from 'commander';
import { importOpenRolesFile } from '../../../shared/store/import/open-role-import.ts';
import { registerEntityImportCommand } from './import.command.ts';

export function registerImportOpenRolesCommand(program: Command): void {
  registerEntityImportCommand(program, {
    name: 'import-open-roles',
    description:
      'Upsert open roles from a JSON array, NDJSON or CSV file (by id, else by apply_url). One invalid ' +
      'record means no change at all.',
    noun: 'open role',
    importFile: importOpenRolesFile,
  });
}
