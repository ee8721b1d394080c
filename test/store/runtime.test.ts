import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime } from '../../shared/composition/runtime.factory.ts';
import { loadConfig } from '../../shared/config/config.schema.ts';
import { InvalidInputError } from '../../shared/domain/errors.ts';
import { createLogger } from '../../shared/logging/logger.ts';
import { seedStore } from '../../shared/sample/seed.ts';
import type { SearchPort } from '../../shared/search/search.port.ts';
import { requireServices } from '../support/services.ts';
import { createTempDatabase, type TempDatabase } from '../support/temp-database.ts';

const logger = createLogger('silent', 'test');
const services = requireServices('postgres');

describe('runtime on the embedded default (no DATABASE_URL, no ELASTICSEARCH_URL)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dd-runtime-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('first start: PGlite under DATA_DIR, migrated, loaded with the sample directory, searched in Postgres', async () => {
    const config = loadConfig({ DATA_DIR: join(dir, 'data') });
    expect(config.SEARCH_BACKEND).toBe('postgres');
    const runtime = await createRuntime(config, logger);
    try {
      expect(runtime.db?.engine).toBe('pglite');
      const page = await runtime.search.searchDesigners({}, { limit: 3, offset: 0 });
      expect(page.total).toBe(500);
      const roles = await runtime.search.searchOpenRoles({}, { limit: 50, offset: 0 }, new Date());
      expect(roles.total).toBe(40);
      const us = await runtime.search.searchDesigners({ location: 'US' }, { limit: 100, offset: 0 });
      expect(us.total).toBeGreaterThan(0);
      expect(us.items.every((d) => /\bUS\b/.test(d.location))).toBe(true);
      expect(await runtime.search.isReady()).toBe(true);
    } finally {
      await runtime.close();
    }
  });

  it('a second start reuses the data: no second load, no new change rows', async () => {
    const config = loadConfig({ DATA_DIR: join(dir, 'data') });
    const runtime = await createRuntime(config, logger);
    try {
      const { rows } = await runtime.db!.query<{ n: string; d: string }>(
        'SELECT (SELECT count(*) FROM change_log) AS n, (SELECT count(*) FROM designers) AS d',
      );
      expect(rows[0]!.d).toBe('500');
      const before = rows[0]!.n;
      await runtime.close();
      const again = await createRuntime(config, logger);
      try {
        const after = await again.db!.query<{ n: string }>('SELECT count(*) AS n FROM change_log');
        expect(after.rows[0]!.n).toBe(before);
      } finally {
        await again.close();
      }
    } catch (error) {
      await runtime.close().catch(() => undefined);
      throw error;
    }
  });

  it('signs cursors with the store\'s secret when CURSOR_SECRET is unset, so one outlives a restart; CURSOR_SECRET overrides it', async () => {
    const lines: string[] = [];
    const capture = pino({ level: 'debug' }, new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) }));
    const secret = 'runtime-test-cursor-secret-0123456789';
    let stored: Buffer | undefined;
    /** One start: follows `cursor` if given, and returns what that answered and a first page's cursor. */
    const start = async (env: Record<string, string>, cursor?: string) => {
      const runtime = await createRuntime(loadConfig({ DATA_DIR: join(dir, 'data'), ...env }), capture);
      try {
        stored ??= Buffer.from((await runtime.db!.query<{ secret: Uint8Array }>('SELECT secret FROM cursor_secret')).rows[0]!.secret);
        return { followed: await follow(runtime.search, cursor), cursor: await firstCursor(runtime.search) };
      } finally {
        await runtime.close();
      }
    };

    const first = await start({});
    const restarted = await start({}, first.cursor);
    expect(restarted.followed).toMatchObject({ offset: 2, items: expect.any(Array) });
    expect(stored).toHaveLength(32);
    const logged = lines.join('');
    for (const spelling of ['hex', 'base64', 'base64url'] as const) expect(logged).not.toContain(stored!.toString(spelling));

    const overridden = await start({ CURSOR_SECRET: secret }, restarted.cursor);
    expectRefused(overridden.followed);
    const { followed } = await start({ CURSOR_SECRET: secret }, overridden.cursor);
    expect(followed).toMatchObject({ offset: 2, items: expect.any(Array) });
  });
});

/** Follows `cursor` (if given) to the second page of an unfiltered walk: the page, or what it threw. */
async function follow(search: SearchPort, cursor: string | undefined): Promise<unknown> {
  return cursor ? search.searchDesigners({}, { limit: 2, offset: 0, cursor }).catch((e: unknown) => e) : undefined;
}

async function firstCursor(search: SearchPort): Promise<string> {
  const { nextCursor } = await search.searchDesigners({}, { limit: 2, offset: 0 });
  if (!nextCursor) throw new Error('a first page of 2 gave no cursor: the store holds too few designers');
  return nextCursor;
}

function expectRefused(answer: unknown): void {
  expect(answer).toBeInstanceOf(InvalidInputError);
  expect((answer as InvalidInputError).problems[0]).toMatchObject({ parameter: 'cursor' });
}

describe.skipIf(!services)('runtime with DATABASE_URL', () => {
  let temp: TempDatabase;
  beforeAll(async () => {
    temp = await createTempDatabase(services!.postgres, 'runtime');
  });
  afterAll(async () => {
    await temp?.drop();
  });

  it('uses the pg Pool, migrates, never fills a server store on its own, and exposes the Db', async () => {
    const runtime = await createRuntime(loadConfig({ DATABASE_URL: temp.url, SEARCH_BACKEND: 'postgres' }), logger);
    try {
      expect(runtime.db?.engine).toBe('postgres');
      expect((await runtime.search.searchDesigners({}, { limit: 1, offset: 0 })).total).toBe(0);
      const { rows } = await runtime.db!.query<{ n: string }>('SELECT count(*) AS n FROM pgmigrations');
      expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(2);
    } finally {
      await runtime.close();
    }
  });

  it('without CURSOR_SECRET, replicas on one database (started together) and a restart follow each other\'s cursors; another database refuses them', async () => {
    const shared = await createTempDatabase(services!.postgres, 'runtime_cursor');
    const other = await createTempDatabase(services!.postgres, 'runtime_cursor_other');
    const config = (url: string) => loadConfig({ DATABASE_URL: url, SEARCH_BACKEND: 'postgres' });
    try {
      // Both start on a database with no secret yet: the race the one-row table settles.
      const [a, b] = await Promise.all([createRuntime(config(shared.url), logger), createRuntime(config(shared.url), logger)]);
      let fromA: string;
      try {
        await seedStore(a.db!, { publicBaseUrl: 'https://d.example/' });
        fromA = await firstCursor(a.search);
        expect(await follow(b.search, fromA)).toMatchObject({ offset: 2, items: expect.any(Array) });
        expect(await follow(a.search, await firstCursor(b.search))).toMatchObject({ offset: 2, items: expect.any(Array) });
        const { rows } = await a.db!.query<{ n: string }>('SELECT count(*) AS n FROM cursor_secret');
        expect(rows[0]!.n).toBe('1');
      } finally {
        await Promise.all([a.close(), b.close()]);
      }

      const restarted = await createRuntime(config(shared.url), logger);
      try {
        expect(await follow(restarted.search, fromA)).toMatchObject({ offset: 2, items: expect.any(Array) });
      } finally {
        await restarted.close();
      }

      const elsewhere = await createRuntime(config(other.url), logger);
      try {
        await seedStore(elsewhere.db!, { publicBaseUrl: 'https://d.example/' });
        expectRefused(await follow(elsewhere.search, fromA));
      } finally {
        await elsewhere.close();
      }
    } finally {
      await Promise.all([shared.drop(), other.drop()]);
    }
  });
});
