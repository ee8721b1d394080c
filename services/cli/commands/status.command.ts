import type { Command } from 'commander';
import { ReindexProgressSchema } from '../../../shared/ingest/jobs/maintenance-job.schema.ts';
import { getSyncStatus, type SyncStatus } from '../../../shared/ingest/runtime/sync-status.ts';
import { withIngest } from './with-ingest.ts';

export function registerStatusCommand(program: Command): void {
  program
    .command('status')
    .description('Queue counts, failed jobs, store against index counts, and the oldest unsynced change')
    .option('--json', 'print the status as JSON')
    .action(async (options: { json?: boolean }) => {
      await withIngest(async (ctx) => {
        const status = await getSyncStatus(ctx);
        process.stdout.write(options.json ? `${JSON.stringify(status, null, 2)}\n` : format(status));
      });
    });
}

function format(status: SyncStatus): string {
  const lines: string[] = [];
  lines.push('Queues:');
  for (const [queue, counts] of Object.entries(status.queues)) {
    lines.push(`  ${queue.padEnd(12)} ${Object.entries(counts).map(([state, n]) => `${state} ${n}`).join(', ')}`);
  }
  lines.push('Store against index:');
  for (const [kind, c] of Object.entries(status.counts) as [keyof SyncStatus['counts'], { store: number; index: number }][]) {
    const mark = !status.reindex.indices[kind].alias_on
      ? 'no index yet: the worker creates it when it starts'
      : c.store !== c.index
        ? `differs by ${c.index - c.store}`
        : status.unsynced_changes.count === 0
          ? 'in step'
          : 'counts equal; unsynced changes below';
    lines.push(`  ${kind.padEnd(12)} store ${c.store}, index ${c.index} (${mark})`);
  }
  const u = status.unsynced_changes;
  lines.push(
    `Unsynced changes: ${u.count}${u.oldest_age_seconds !== null ? `, oldest ${u.oldest_age_seconds.toFixed(1)} s old` : ''}`,
  );
  lines.push(`Failed jobs: ${status.failed_jobs.length === 0 ? 'none' : ''}`);
  for (const job of status.failed_jobs) {
    lines.push(`  ${job.queue}/${job.id} ${job.name} ${JSON.stringify(job.data)} after ${job.attempts_made} attempts: ${job.failed_reason}`);
  }
  lines.push(...formatReindex(status.reindex));
  return `${lines.join('\n')}\n`;
}

function formatReindex(reindex: SyncStatus['reindex']): string[] {
  const lines = [`Reindex: ${reindex.jobs.length === 0 ? 'never run' : ''}`];
  for (const job of reindex.jobs) {
    const progress = ReindexProgressSchema.safeParse(job.progress);
    const where = progress.success ? `, ${progress.data.kind} ${progress.data.phase} ${progress.data.done}/${progress.data.total}` : '';
    const crashes = job.stalled_count ? `; restarted after ${job.stalled_count} worker crash${job.stalled_count === 1 ? '' : 'es'}` : '';
    const failure = job.failed_reason ? `: ${job.failed_reason}` : '';
    const lost =
      job.worker === 'lost'
        ? '; no worker is running it: the worker that ran it stopped without finishing (crashed, killed or out of memory), and the next worker to start runs it again from a new snapshot'
        : '';
    lines.push(`  ${job.id} (${String(job.target)}) ${job.state}${where}${crashes}${failure}${lost}`);
  }
  for (const [kind, index] of Object.entries(reindex.indices)) {
    const partial =
      index.partial_state === 'none'
        ? ''
        : index.partial_state === 'building'
          ? `; building ${index.partial.join(', ')}`
          : `; half-built ${index.partial.join(', ')} left by an interrupted rebuild (the next reindex removes it)`;
    lines.push(`  ${kind.padEnd(12)} alias on ${index.alias_on ?? 'nothing'}${partial}`);
  }
  return lines;
}
