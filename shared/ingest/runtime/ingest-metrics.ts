import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Prometheus metrics of one worker process, on its own registry (no global state). */
export class IngestMetrics {
  readonly registry = new Registry();
  readonly jobs: Counter<'queue' | 'name' | 'outcome'>;
  readonly jobDuration: Histogram<'queue' | 'name'>;
  readonly syncLag: Histogram<'name'>;
  readonly relayed: Counter;

  constructor(collect: { queueDepth: () => Promise<Record<string, Record<string, number>>>; outboxBacklog: () => Promise<{ count: number; oldestAgeSeconds: number | null }> }) {
    collectDefaultMetrics({ register: this.registry });
    this.jobs = new Counter({
      name: 'ingest_jobs_total',
      help: 'Jobs finished, by queue, job name and outcome (completed, failed, retrying).',
      labelNames: ['queue', 'name', 'outcome'],
      registers: [this.registry],
    });
    this.jobDuration = new Histogram({
      name: 'ingest_job_duration_seconds',
      help: 'Time a job spent in its handler.',
      labelNames: ['queue', 'name'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      registers: [this.registry],
    });
    this.syncLag = new Histogram({
      name: 'ingest_sync_lag_seconds',
      help: 'From a row sync job being queued to its document being written.',
      labelNames: ['name'],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
      registers: [this.registry],
    });
    this.relayed = new Counter({
      name: 'ingest_outbox_changes_relayed_total',
      help: 'Outbox rows handed to the queue.',
      registers: [this.registry],
    });
    new Gauge({
      name: 'ingest_queue_jobs',
      help: 'Jobs per queue and state.',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        try {
          for (const [queue, counts] of Object.entries(await collect.queueDepth())) {
            for (const [state, n] of Object.entries(counts)) this.set({ queue, state }, n);
          }
        } catch {
          // Redis down: the gauge keeps its last values; the failure shows in /readyz.
        }
      },
    });
    // Each gauge asks Postgres itself: prom-client may collect them concurrently. On a failure
    // (Postgres down) a gauge keeps its last value.
    new Gauge({
      name: 'ingest_outbox_unprocessed',
      help: 'Outbox rows not yet handed to the queue.',
      registers: [this.registry],
      async collect() {
        const backlog = await collect.outboxBacklog().catch(() => null);
        if (backlog) this.set(backlog.count);
      },
    });
    new Gauge({
      name: 'ingest_outbox_oldest_age_seconds',
      help: 'Age of the oldest outbox row not yet handed to the queue (0 when none).',
      registers: [this.registry],
      async collect() {
        const backlog = await collect.outboxBacklog().catch(() => null);
        if (backlog) this.set(backlog.oldestAgeSeconds ?? 0);
      },
    });
  }
}
