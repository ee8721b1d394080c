import { createPostgresEngine } from '../../shared/composition/postgres-engine.factory.ts';
import { fillEmptyStore } from '../../shared/composition/runtime.factory.ts';
import { startOrExit } from '../../shared/composition/startup-failure.ts';
import { loadConfig } from '../../shared/config/config.schema.ts';
import { createLogger } from '../../shared/logging/logger.ts';
import { openStore } from '../../shared/store/open-store.ts';

/**
 * The child process fillStoreInChildProcess starts on a first start: makes the embedded store in DATA_DIR,
 * applies the migrations, loads the sample directory and computes its search text, closes the store and
 * exits. It prints what it loaded on stdout as one JSON line (`null` when the store was not empty).
 */
await startOrExit(async () => {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'api');
  const db = await openStore(config, logger);
  try {
    const loaded = await fillEmptyStore(db, config, logger);
    // The search text, here, so that the memory computing it takes goes with this process too.
    await createPostgresEngine(db, config).prepare();
    process.stdout.write(`${JSON.stringify(loaded)}\n`);
  } finally {
    await db.close();
  }
});
