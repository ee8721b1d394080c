import { Command } from 'commander';
import { startOrExit } from '../../shared/composition/startup-failure.ts';
import { registerDeleteCommand } from './commands/delete.command.ts';
import { registerExportCommand } from './commands/export.command.ts';
import { registerImportOpenRolesCommand } from './commands/import-open-roles.command.ts';
import { registerImportCommand } from './commands/import.command.ts';
import { registerMigrateCommand } from './commands/migrate.command.ts';
import { registerReindexCommand } from './commands/reindex.command.ts';
import { registerRetryFailedCommand } from './commands/retry-failed.command.ts';
import { registerSeedCommand } from './commands/seed.command.ts';
import { registerSetCommand } from './commands/set.command.ts';
import { registerStatusCommand } from './commands/status.command.ts';
import { registerSynonymsCommand } from './commands/synonyms.command.ts';

const program = new Command()
  .name('designer-directory')
  .description('Curator tools for the Designer Directory')
  .showHelpAfterError();

// Store commands (migrate, import, import-open-roles, export, set, delete) register here.
registerSeedCommand(program);
registerMigrateCommand(program);
registerImportCommand(program);
registerImportOpenRolesCommand(program);
registerExportCommand(program);
registerSetCommand(program);
registerDeleteCommand(program);
registerSynonymsCommand(program);

// Sync commands (reindex, status, retry-failed) register here.
registerReindexCommand(program);
registerStatusCommand(program);
registerRetryFailedCommand(program);

// A bad setting or a service that is missing or down is its message and exit code 1, not a stack trace.
await startOrExit(() => program.parseAsync());
