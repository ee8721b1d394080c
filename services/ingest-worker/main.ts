import { runWorkerProcess } from './worker-process.ts';

await runWorkerProcess();
