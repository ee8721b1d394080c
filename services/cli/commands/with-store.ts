import { loadConfig, type Config } from '../../../shared/config/config.schema.ts';
import { createLogger, type Logger } from '../../../shared/logging/logger.ts';
import type { Db } from '../../../shared/store/db.ts';
import { ImportFileError, ImportValidationError } from '../../../shared/store/import/import.errors.ts';
import { openStore } from '../../../shared/store/open-store.ts';

export interface StoreContext {
  config: Config;
  logger: Logger;
  db: Db;
}

/**
 * Runs a store command: opens the store with its migrations applied, closes it afterwards, and turns a
 * curator's mistake (a bad file, bad records) into a message and exit code 1 instead of a stack trace.
 */
export async function withStore(fn: (ctx: StoreContext) => Promise<void>): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'cli');
  const db = await openStore(config, logger);
  try {
    await fn({ config, logger, db });
  } catch (error) {
    if (error instanceof ImportValidationError || error instanceof ImportFileError) {
      process.stderr.write(`${error instanceof ImportFileError ? 'Cannot import: ' : ''}${error.message}\n`);
      process.exitCode = 1;
      return;
    }
    throw error;
  } finally {
    await db.close();
  }
}
