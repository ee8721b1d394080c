import type { Command } from 'commander';
import { seedStore } from '../../../shared/sample/seed.ts';
import { isStoreEmpty } from '../../../shared/store/open-store.ts';
import { withStore } from './with-store.ts';

export function registerSeedCommand(program: Command): void {
  program
    .command('seed')
    .description('Write the deterministic, fictional sample directory into the store (the worker syncs it to Elasticsearch)')
    .option('--designers <n>', 'number of designers', (v) => Number.parseInt(v, 10), 500)
    .option('--open-roles <n>', 'number of open roles', (v) => Number.parseInt(v, 10), 40)
    .option('--if-empty', 'do nothing when the store already holds designers or open roles', false)
    .action(async (options: { designers: number; openRoles: number; ifEmpty: boolean }) => {
      await withStore(async ({ config, db }) => {
        if (options.ifEmpty && !(await isStoreEmpty(db))) {
          process.stdout.write('The store is not empty; nothing seeded.\n');
          return;
        }
        const result = await seedStore(db, { publicBaseUrl: config.PUBLIC_BASE_URL, designers: options.designers, openRoles: options.openRoles });
        const line = (noun: string, r: typeof result.designers) =>
          `${r.total} ${noun} (${r.inserted} new, ${r.updated} updated, ${r.unchanged} unchanged)`;
        process.stdout.write(`Seeded ${line('designers', result.designers)} and ${line('open roles', result.openRoles)}.\n`);
      });
    });
}
