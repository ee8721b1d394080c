import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestWorker } from '../../shared/ingest/runtime/ingest-worker.factory.ts';
import type { SyncStatus } from '../../shared/ingest/runtime/sync-status.ts';
import { requireServices } from '../support/services.ts';
import { runCli } from './support/cli-process.ts';
import { IngestHarness, waitFor } from './support/ingest-harness.ts';

const services = requireServices('postgres', 'redis', 'elasticsearch');

describe.skipIf(!services)('CLI sync commands: reindex, status, retry-failed', () => {
  let h: IngestHarness;
  let worker: IngestWorker;

  const cli = (...args: string[]) => runCli(h.config(), args);

  beforeAll(async () => {
    h = await IngestHarness.create(services!, 'cli');
    await h.insertDesigners(300);
    await h.insertOpenRole();
    worker = await h.startWorker();
    await waitFor(async () => (await h.diffStoreAndIndex('designers')).length === 0, { timeoutMs: 60_000, what: 'initial sync' });
  });

  afterAll(async () => {
    await h?.cleanup();
  });

  it('reindex --wait rebuilds, follows the job to the end and prints what it did', async () => {
    const before = await h.manager.currentIndex('designers');
    const { stdout, stderr, code } = await cli('reindex', 'designers', '--wait');
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/Reindex of designers queued as job reindex-/);
    expect(stdout).toMatch(/designers: 300 documents in .*designers_v2 \(previous .*designers_v1 kept\)/);
    expect(await h.manager.currentIndex('designers')).not.toBe(before);
  });

  it('rejects an unknown reindex target', async () => {
    const { stderr, code } = await cli('reindex', 'everything');
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/Allowed choices are designers, open-roles, all/);
  });

  it('status shows queue counts, failed jobs with reasons, store against index, and the outbox backlog', async () => {
    await worker.context.queues.sync.add('sync-open-role', { id: 'x'.repeat(100), version: 1, change_id: 1 });
    await waitFor(async () => (await worker.context.queues.sync.getFailedCount()) > 0, { what: 'a failed job' });

    const json = await cli('status', '--json');
    expect(json.code, json.stderr).toBe(0);
    const status = JSON.parse(json.stdout) as SyncStatus;
    expect(status.counts.designers).toEqual({ store: 300, index: 300 });
    expect(status.counts.open_roles).toEqual({ store: 1, index: 1 });
    expect(status.unsynced_changes).toEqual({ count: 0, oldest_age_seconds: null });
    expect(status.queues.sync.failed).toBe(1);
    expect(status.failed_jobs[0]).toMatchObject({ name: 'sync-open-role', failed_reason: expect.stringMatching(/Invalid sync-open-role payload/) });

    const text = await cli('status');
    expect(text.stdout).toMatch(/designers\s+store 300, index 300 \(in step\)/);
    expect(text.stdout).toMatch(/Failed jobs:\s*\n\s+sync\/\S+ sync-open-role .*Invalid sync-open-role payload/);
  });

  it('retry-failed queues failed jobs again', async () => {
    const { stdout, code } = await cli('retry-failed');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Queued 1 failed job\(s\) again/);
    await waitFor(async () => (await worker.context.queues.sync.getFailed())[0]?.attemptsStarted === 2, { what: 'the retried job to run' });
  });
});
