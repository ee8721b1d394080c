import type { Command } from 'commander';
import { loadConfig } from '../../../shared/config/config.schema.ts';
import { createLogger } from '../../../shared/logging/logger.ts';
import { refreshStaleSearchText } from '../../../shared/search/postgres/search-text.writer.ts';
import { openMigratedStore } from '../../../shared/store/open-store.ts';

export function registerMigrateCommand(program: Command): void {
  program
    .command('migrate')
    .description('Apply pending database migrations (DATABASE_URL, or the embedded store under DATA_DIR)')
    .action(async () => {
      const config = loadConfig();
      const logger = createLogger(config.LOG_LEVEL, 'cli');
      const { db, applied } = await openMigratedStore(config, logger);
      try {
        // Rows written outside the store (plain SQL) get their search text back in step.
        const refreshed = await refreshStaleSearchText(db);
        process.stdout.write(
          applied.length > 0 ? `Applied ${applied.length} migration(s): ${applied.join(', ')}\n` : 'The database is up to date.\n',
        );
        if (refreshed.designers + refreshed.openRoles > 0) {
          process.stdout.write(`Refreshed the search text of ${refreshed.designers} designer(s) and ${refreshed.openRoles} open role(s).\n`);
        }
      } finally {
        await db.close();
      }
    });
}
