import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb, DATA_DIR_LOCK } from '../../shared/store/db.ts';
import { runCli } from '../support/cli.ts';

const REFUSAL =
  'another process has the embedded store open (the API, or another command), and kept it for the last 12 s; the embedded store serves one process at a time: ' +
  'stop that process first, or give both a Postgres server with DATABASE_URL';

/** The CLI on the embedded store in dataDir: its exit code and standard error. */
async function cli(dataDir: string, ...args: string[]): Promise<{ code: number; stderr: string }> {
  const { code, stderr } = await runCli(args, { DATA_DIR: dataDir });
  return { code, stderr };
}

describe('the embedded store serves one process at a time', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dd-embedded-lock-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('a command while another process has the store open is refused, naming why, and runs once that process closed it', { timeout: 60_000 }, async () => {
    const dataDir = join(dir, 'shared');
    const db = await createPgliteDb(dataDir);
    try {
      const refused = await cli(dataDir, 'delete', 'designers', 'anyone');
      expect(refused).toEqual({ code: 1, stderr: `Cannot use the embedded store in ${dataDir} (DATA_DIR): ${REFUSAL}\n` });
    } finally {
      await db.close();
    }
    expect(await readdir(dataDir)).not.toContain(DATA_DIR_LOCK);
    const after = await cli(dataDir, 'export', 'designers');
    expect(after).toEqual({ code: 0, stderr: 'Exported 0 designer record(s) (ndjson).\n' });
  });

  it('an opener waits out the lock of a process that was killed, and the store it left opens; a live holder is refused', async () => {
    const dataDir = join(dir, 'killed');
    const holder = spawn(process.execPath, ['--import', 'tsx', 'test/store/support/hold-embedded-store.ts', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [line] = await once(createInterface({ input: holder.stdout! }), 'line');
    expect(line).toBe('open');
    await expect(createPgliteDb(dataDir)).rejects.toThrow(REFUSAL);
    holder.kill('SIGKILL');
    await once(holder, 'exit');

    // Nobody renews the lock any more: the next opener waits until it is stale (10 s), takes it, and the store opens.
    const started = Date.now();
    const db = await createPgliteDb(dataDir);
    try {
      expect(Date.now() - started).toBeLessThan(15_000);
      expect((await db.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
  }, 60_000);
});
