import { Command } from 'commander';
import { startOrExit } from '../../shared/composition/startup-failure.ts';

type Register = (program: Command) => void;

/**
 * Each command and the module that registers it, in the order help lists them. A run loads only the
 * command it names: the queue and engine clients that reindex, status and retry-failed need take about a
 * second to load, which a store command (import, export, set, delete, migrate) does not pay. With no
 * command, or a word that is not one, every command registers, so that help and "did you mean" see them all.
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  // Store commands.
  seed: async () => (await import('./commands/seed.command.ts')).registerSeedCommand,
  migrate: async () => (await import('./commands/migrate.command.ts')).registerMigrateCommand,
  import: async () => (await import('./commands/import.command.ts')).registerImportCommand,
  'import-open-roles': async () => (await import('./commands/import-open-roles.command.ts')).registerImportOpenRolesCommand,
  export: async () => (await import('./commands/export.command.ts')).registerExportCommand,
  set: async () => (await import('./commands/set.command.ts')).registerSetCommand,
  delete: async () => (await import('./commands/delete.command.ts')).registerDeleteCommand,
  synonyms: async () => (await import('./commands/synonyms.command.ts')).registerSynonymsCommand,
  // Sync commands.
  reindex: async () => (await import('./commands/reindex.command.ts')).registerReindexCommand,
  status: async () => (await import('./commands/status.command.ts')).registerStatusCommand,
  'retry-failed': async () => (await import('./commands/retry-failed.command.ts')).registerRetryFailedCommand,
};

const program = new Command()
  .name('designer-directory')
  .description('Curator tools for the Designer Directory')
  .showHelpAfterError();

const named = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
const loaders = named !== undefined && Object.hasOwn(COMMANDS, named) ? [COMMANDS[named]!] : Object.values(COMMANDS);

// A bad setting or a service that is missing or down is its message and exit code 1, not a stack trace.
await startOrExit(async () => {
  for (const register of await Promise.all(loaders.map((load) => load()))) register(program);
  await program.parseAsync();
});
