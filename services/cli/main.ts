import { Command } from 'commander';
import { loadConfig } from '../../shared/config/config.schema.ts';
import { seedSearchIndex } from '../../shared/sample/seed.ts';

const program = new Command()
  .name('designer-directory')
  .description('Curator tools for the Designer Directory')
  .showHelpAfterError();

program
  .command('seed')
  .description('Load the deterministic, fictional sample directory')
  .option('--designers <n>', 'number of designers', (v) => Number.parseInt(v, 10), 500)
  .option('--open-roles <n>', 'number of open roles', (v) => Number.parseInt(v, 10), 40)
  .action(async (options: { designers: number; openRoles: number }) => {
    const result = await seedSearchIndex(loadConfig(), options);
    process.stdout.write(`Seeded ${result.designers} designers and ${result.openRoles} open roles.\n`);
  });

// Store commands (migrate, import, import-open-roles) register here.

// Sync commands (reindex, status, retry-failed) register here.

await program.parseAsync();
