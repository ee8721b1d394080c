import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb, type Db } from '../../shared/store/db.ts';

/**
 * The embedded engine runs on a thread of its own: these pin what that must not change (errors keep
 * Postgres' fields, transactions commit or roll back whole, node-postgres works during a loan) and what
 * it is for (the event loop keeps turning while a statement computes).
 */
describe('embedded engine on its own thread (PGlite)', () => {
  let db: Db;

  beforeAll(async () => {
    db = await createPgliteDb('memory://');
    await db.query('CREATE TABLE thread_probe (id int PRIMARY KEY, name text NOT NULL)');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('answers rows with the same types node-postgres gives (bigint as a string, NULL, timestamps as Date)', async () => {
    const { rows } = await db.query<{ big: string; nothing: null; at: Date; arr: number[] }>(
      "SELECT 9007199254740993::bigint AS big, NULL AS nothing, '2026-01-02T03:04:05Z'::timestamptz AS at, ARRAY[1,2] AS arr",
    );
    expect(rows).toEqual([{ big: '9007199254740993', nothing: null, at: new Date('2026-01-02T03:04:05Z'), arr: [1, 2] }]);
  });

  it('plans as an in-memory engine: random reads cost about what sequential ones do', async () => {
    const { rows } = await db.query<{ random_page_cost: string }>('SHOW random_page_cost');
    expect(rows).toEqual([{ random_page_cost: '1.1' }]);
  });

  it('keeps its buffer pool and index builds small: its memory never shrinks, so its settings bound it', async () => {
    const setting = async (name: string) => (await db.query<Record<string, string>>(`SHOW ${name}`)).rows[0]![name];
    expect({ shared_buffers: await setting('shared_buffers'), maintenance_work_mem: await setting('maintenance_work_mem') }).toEqual({
      shared_buffers: '32MB',
      maintenance_work_mem: '16MB',
    });
  });

  it('passes parameters through unchanged (accents, astral characters)', async () => {
    const { rows } = await db.query<{ echo: string; n: number }>('SELECT $1::text AS echo, $2::int AS n', ['é\u{1F600}', 7]);
    expect(rows).toEqual([{ echo: 'é\u{1F600}', n: 7 }]);
  });

  it("keeps a Postgres error's fields (code, constraint, column) across the thread", async () => {
    await db.query("INSERT INTO thread_probe VALUES (1, 'one')");
    const duplicate = await db.query("INSERT INTO thread_probe VALUES (1, 'again')").catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'thread_probe_pkey' });
    const missing = await db.query('INSERT INTO thread_probe (id) VALUES (2)').catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: '23502', column: 'name' });
  });

  it('commits a transaction whole, and rolls it back whole when its function throws (nested calls join it)', async () => {
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO thread_probe VALUES (10, 'ten')");
      await tx.transaction((inner) => inner.query("INSERT INTO thread_probe VALUES (11, 'eleven')"));
    });
    const failed = await db
      .transaction(async (tx) => {
        await tx.query("INSERT INTO thread_probe VALUES (20, 'twenty')");
        throw new Error('stop here');
      })
      .catch((e: unknown) => e);
    expect((failed as Error).message).toBe('stop here');
    const { rows } = await db.query<{ id: number }>('SELECT id FROM thread_probe WHERE id >= 10 ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual([10, 11]);
  });

  it('runs statements from other callers only after an open transaction ends (one writer at a time)', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = db.transaction(async (t) => {
      await t.query("INSERT INTO thread_probe VALUES (30, 'thirty')");
      order.push('tx wrote');
      await held;
      order.push('tx ends');
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = db.query<{ n: string }>('SELECT count(*) AS n FROM thread_probe WHERE id = 30').then(({ rows }) => {
      order.push(`outside saw ${rows[0]!.n}`);
    });
    await new Promise((r) => setTimeout(r, 50));
    release();
    await Promise.all([tx, outside]);
    expect(order).toEqual(['tx wrote', 'tx ends', 'outside saw 1']);
  });

  it('lends node-postgres a connection of its own (what node-pg-migrate uses)', async () => {
    const names = await db.withPgClient(async (client) => {
      const result = await client.query<{ name: string }>('SELECT name FROM thread_probe WHERE id = $1', [1]);
      return result.rows.map((r) => r.name);
    });
    expect(names).toEqual(['one']);
    const error = await db.withPgClient((client) => client.query('SELECT * FROM no_such_table')).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '42P01' });
    // The engine is free again after the loan, failed or not.
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('keeps the event loop turning while a long statement computes', async () => {
    let ticks = 0;
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks += 1;
    }, 5);
    const started = performance.now();
    await db.query('SELECT sum(g::bigint * g) FROM generate_series(1, 3000000) AS g');
    const took = performance.now() - started;
    clearInterval(timer);
    // On the event loop itself this statement would be one gap as long as the statement.
    expect(took).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThan(took / 5 / 4);
    expect(longestGap).toBeLessThan(took / 2);
  });

  it('does not keep a process alive once nothing waits on it (a CLI that forgets close() still exits)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dd-thread-'));
    try {
      const script = join(dir, 'forgets-close.mjs');
      const dbModule = fileURLToPath(new URL('../../shared/store/db.ts', import.meta.url));
      await writeFile(script, `const { createPgliteDb } = await import(${JSON.stringify(dbModule)});\nconst db = await createPgliteDb('memory://');\nawait db.query('SELECT 1');\nconsole.log('queried');\n`);
      const child = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 30_000 });
      expect(child.stderr).toBe('');
      expect(child.stdout).toContain('queried');
      expect(child.status).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
