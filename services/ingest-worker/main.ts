// Placeholder until the ingest worker lands: the process starts, logs and exits cleanly.
import { loadConfig } from '../../shared/config/config.schema.ts';
import { createLogger } from '../../shared/logging/logger.ts';

const config = loadConfig();
createLogger(config.LOG_LEVEL, 'ingest-worker').info('ingest worker: nothing to do yet');
