import type { Server } from 'node:http';
import express from 'express';
import { listenOn } from '../../shared/composition/http-listen.ts';
import type { IngestWorker } from '../../shared/ingest/runtime/ingest-worker.factory.ts';

/**
 * /healthz: the process is alive (200 until it starts stopping). /readyz: Postgres, Redis and
 * Elasticsearch answer (503 otherwise, with which one does not). /metrics: Prometheus.
 */
export function startHealthServer(worker: IngestWorker, port: number, host: string): Promise<Server> {
  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', async (_req, res) => {
    const report = await worker.health();
    res.status(report.status === 'stopping' ? 503 : 200).json(report);
  });
  app.get('/readyz', async (_req, res) => {
    const report = await worker.health();
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  });
  app.get('/metrics', async (_req, res) => {
    res.setHeader('Content-Type', worker.metrics.registry.contentType);
    res.send(await worker.metrics.registry.metrics());
  });
  app.use((_req, res) => {
    res.status(404).json({ success: false, error: 'Not found.' });
  });
  return listenOn(app, port, host, 'WORKER_PORT');
}
