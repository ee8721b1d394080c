import { loadConfig, type Config } from '../../../shared/config/config.schema.ts';
import { ServiceLostError } from '../../../shared/config/unusable-service.errors.ts';
import { createLogger, type Logger } from '../../../shared/logging/logger.ts';
import type { Db } from '../../../shared/store/db.ts';
import { isDatabaseUnavailable } from '../../../shared/store/db-unavailable.ts';
import { RepeatedDeadlockError } from '../../../shared/store/deadlock-retry.policy.ts';
import { RecordsRefusedError } from '../../../shared/store/curate/record-keys.ts';
import { ExportFileError } from '../../../shared/store/export/export-output.ts';
import { ImportFileError, ImportValidationError } from '../../../shared/store/import/import.errors.ts';
import { openStore, storeService } from '../../../shared/store/open-store.ts';

export interface StoreContext {
  config: Config;
  logger: Logger;
  db: Db;
}

/** What a store command that lost its store tells the operator about its writes. */
const LOST_STORE_CONSEQUENCE =
  'What the command had not committed was rolled back, and an import commits all its records at once: run it again once the store answers (records already in place stay unchanged).';

/**
 * Runs a store command: opens the store with its migrations applied, closes it afterwards, and turns a
 * curator's mistake (a bad file, bad records) into a message and exit code 1 instead of a stack trace. A
 * store lost midway is a ServiceLostError, which main.ts prints. `before` runs before the store is opened
 * (an import's check of its file), so its refusal leaves the store untouched.
 */
export async function withStore(fn: (ctx: StoreContext) => Promise<void>, options: { before?: () => Promise<void> } = {}): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'cli');
  try {
    await options.before?.();
  } catch (error) {
    if (reportedCuratorError(error)) return;
    throw error;
  }
  const db = await openStore(config, logger);
  try {
    await fn({ config, logger, db });
  } catch (error) {
    if (reportedCuratorError(error)) return;
    if (isDatabaseUnavailable(error)) {
      const { what, setting } = storeService(config);
      throw new ServiceLostError(what, setting, error, LOST_STORE_CONSEQUENCE);
    }
    throw error;
  } finally {
    await db.close();
  }
}

/**
 * What a store command tells the curator when it did not do what was asked because of the request or of a
 * command running beside it (a bad file, bad records, a key that names nothing, a deadlock that kept
 * recurring), or null for anything else. Printed with exit code 1, not as a stack trace.
 */
export function curatorErrorMessage(error: unknown): string | null {
  if (error instanceof ImportValidationError) return error.message;
  if (error instanceof ImportFileError) return `Cannot import: ${error.message}`;
  if (error instanceof ExportFileError) return `Cannot export: ${error.message}`;
  if (error instanceof RecordsRefusedError) return `Cannot ${error.action}: ${error.message}`;
  if (error instanceof RepeatedDeadlockError) {
    // Only a curator's own write transaction is run through retryingDeadlocks up to here: its last run wrote nothing.
    return 'Nothing was written: the store kept ending this command to break a deadlock with another command writing the same records at the same time (an import, set or delete). Run it again once that one has finished.';
  }
  return null;
}

function reportedCuratorError(error: unknown): boolean {
  const message = curatorErrorMessage(error);
  if (message === null) return false;
  process.stderr.write(`${message}\n`);
  process.exitCode = 1;
  return true;
}
