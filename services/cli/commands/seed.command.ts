import type { Command } from 'commander';
import { seedStore } from '../../../shared/sample/seed.ts';
import { withStore } from './with-store.ts';

export function registerSeedCommand(program: Command): void {
  program
    .command('seed')
    .description('Write the deterministic, fictional sample directory into the store (the worker syncs it to Elasticsearch)')
    .option('--designers <n>', 'number of designers', (v) => Number.parseInt(v, 10), 500)
    .option('--open-roles <n>', 'number of open roles', (v) => Number.parseInt(v, 10), 40)
    .action(async (options: { designers: number; openRoles: number }) => {
      await withStore(async ({ config, db }) => {
        const result = await seedStore(db, { publicBaseUrl: config.PUBLIC_BASE_URL, designers: options.designers, openRoles: options.openRoles });
        const line = (noun: string, r: typeof result.designers) =>
          `${r.total} ${noun} (${r.inserted} new, ${r.updated} updated, ${r.unchanged} unchanged)`;
        process.stdout.write(`Seeded ${line('designers', result.designers)} and ${line('open roles', result.openRoles)}.\n`);
      });
    });
}
