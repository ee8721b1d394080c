import { SingleBar } from 'cli-progress';
import { Argument, type Command } from 'commander';
import { REINDEX_TARGETS, type ReindexProgress, ReindexProgressSchema, type ReindexTarget } from '../../../shared/ingest/jobs/maintenance-job.schema.ts';
import type { ReindexResult } from '../../../shared/ingest/jobs/reindex.job.ts';
import type { IngestQueues, JobView } from '../../../shared/ingest/runtime/ingest-queues.ts';
import { waitForJob } from '../../../shared/ingest/runtime/job-waiter.ts';
import { redisService } from '../../../shared/config/unusable-service.errors.ts';
import { withIngest } from './with-ingest.ts';

export function registerReindexCommand(program: Command): void {
  program
    .command('reindex')
    .description('Rebuild search indices from the store without downtime (run by the ingest worker)')
    .addArgument(new Argument('[target]', 'what to rebuild').choices(REINDEX_TARGETS).default('all'))
    .option('--wait', 'wait for the rebuild, with a progress bar, and fail if it fails')
    .action(async (target: ReindexTarget, options: { wait?: boolean }) => {
      await withIngest(async ({ queues }, { redisUrl }) => {
        const id = await queues.enqueueReindex(target);
        process.stdout.write(`Reindex of ${target} queued as job ${id}.\n`);
        if (!options.wait) return;
        const job = await follow(queues, id, redisUrl);
        if (job?.state === 'completed') {
          const result = job.result as ReindexResult;
          for (const k of result.kinds) {
            process.stdout.write(
              `${k.kind}: ${k.indexed} documents in ${k.index} (previous ${k.previous ?? 'none'} kept` +
                `${k.pruned.length ? `, pruned ${k.pruned.join(', ')}` : ''}); ${k.replayed} replayed changes` +
                `${k.invalid ? `; ${k.invalid} invalid rows left out` : ''}.\n`,
            );
          }
          process.stdout.write(`Done in ${(result.elapsed_ms / 1000).toFixed(1)} s.\n`);
          return;
        }
        process.stderr.write(`Reindex job ${id} ${job ? `${job.state}: ${job.failed_reason ?? 'no reason given'}` : 'disappeared'}.\n`);
        process.exitCode = 1;
      });
    });
}

/** Waits for the job to complete or fail, drawing its progress whenever it reports a step. */
async function follow(queues: IngestQueues, id: string, redisUrl: string): Promise<JobView | null> {
  const bar = new SingleBar({
    format: '{phase} |{bar}| {value}/{total} documents | {rate} docs/s',
    stream: process.stderr,
    hideCursor: true,
  });
  let started = false;
  const draw = (job: JobView) => {
    const parsed = ReindexProgressSchema.safeParse(job.progress);
    const progress: Partial<ReindexProgress> = parsed.success ? parsed.data : {};
    // A crashed worker's rebuild is run again from the start by the next worker: say so.
    const restarts = job.stalled_count ? ` (restarted ${job.stalled_count}x after worker crashes)` : '';
    const payload = { phase: `${progress.kind ?? ''} ${progress.phase ?? job.state}${restarts}`.trim(), rate: progress.rate ?? 0 };
    if (!started) {
      bar.start(progress.total ?? 0, progress.done ?? 0, payload);
      started = true;
    } else {
      bar.setTotal(progress.total ?? 0);
      bar.update(progress.done ?? 0, payload);
    }
  };
  // Steps can come faster than the job is read back: one read at a time, and none queued twice.
  let drawing: Promise<void> = Promise.resolve();
  let queued = false;
  const redraw = () => {
    if (queued) return;
    queued = true;
    drawing = drawing
      .then(async () => {
        queued = false;
        const job = await queues.getJob(id);
        if (job && job.state !== 'completed' && job.state !== 'failed') draw(job);
      })
      .catch(() => undefined);
  };
  // The worker carries on without us: a lost connection only stops the following, until Redis is back.
  const redis = redisService(redisUrl);
  const onConnection = (up: boolean) => {
    const text = up
      ? `${redis} answers again; following job ${id} again.`
      : `Lost ${redis} (REDIS_URL) while following job ${id}. The reindex is the worker's and goes on without this command; waiting for Redis to answer again (Ctrl-C stops the waiting, not the reindex).`;
    if (started && process.stderr.isTTY) bar.update({ phase: up ? 'reconnected' : 'waiting for Redis' });
    process.stderr.write(`${started && process.stderr.isTTY ? '\n' : ''}${text}\n`);
    if (up) redraw();
  };
  try {
    redraw();
    await waitForJob(queues.maintenance, id, redisUrl, { onStep: redraw, onConnection });
    await drawing;
    const job = await queues.getJob(id);
    if (started && job?.state === 'completed') bar.update(bar.getTotal());
    return job;
  } finally {
    if (started) bar.stop();
  }
}
