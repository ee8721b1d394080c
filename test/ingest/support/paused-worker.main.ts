import { runWorkerProcess } from '../../../services/ingest-worker/worker-process.ts';
import { REINDEX_PAUSE_ENV, reindexPause } from './reindex-pause.ts';

/**
 * The worker as it ships, plus a rebuild that stops where REINDEX_PAUSE_AT says (see reindex-pause.ts):
 * the crash tests' entry, so no test switch is part of the worker's own configuration.
 */
const at = process.env[REINDEX_PAUSE_ENV];
await runWorkerProcess({ reindexObserver: (signal) => reindexPause(at, signal) });
