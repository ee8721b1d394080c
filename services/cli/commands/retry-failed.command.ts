import type { Command } from 'commander';
import { withIngest } from './with-ingest.ts';

export function registerRetryFailedCommand(program: Command): void {
  program
    .command('retry-failed')
    .description('Move every failed ingest job back to the queue')
    .action(async () => {
      await withIngest(async ({ queues }) => {
        const retried = await queues.retryFailed();
        process.stdout.write(retried === 0 ? 'No failed jobs.\n' : `Queued ${retried} failed job(s) again.\n`);
      });
    });
}
