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

  it('signs cursors with CURSOR_SECRET, so one outlives a restart; unset, it says so at start and a restart refuses them', async () => {
    const lines: string[] = [];
    const capture = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) }));
    const secret = 'runtime-test-cursor-secret-0123456789';
    /** One start: follows `cursor` if given, and returns what that answered and a first page's cursor. */
    const start = async (env: Record<string, string>, cursor?: string, log = logger) => {
      const runtime = await createRuntime(loadConfig({ DATA_DIR: join(dir, 'data'), ...env }), log);
      try {
        const followed = cursor ? await runtime.search.searchDesigners({}, { limit: 2, offset: 0, cursor }).catch((e: unknown) => e) : undefined;
        return { followed, cursor: (await runtime.search.searchDesigners({}, { limit: 2, offset: 0 })).nextCursor! };
      } finally {
        await runtime.close();
      }
    };

    const first = await start({}, undefined, capture);
    expect(lines.join('')).toMatch(/CURSOR_SECRET is unset: cursors are signed with a random secret of this process/);
    lines.length = 0;
    const second = await start({ CURSOR_SECRET: secret }, first.cursor, capture);
    expect(second.followed).toBeInstanceOf(InvalidInputError);
    expect((second.followed as InvalidInputError).problems[0]).toMatchObject({ parameter: 'cursor' });
    expect(lines.join('')).not.toMatch(/CURSOR_SECRET/);
    const { followed } = await start({ CURSOR_SECRET: secret }, second.cursor);
    expect(followed).toMatchObject({ offset: 2, items: expect.any(Array) });
  });
});

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
});
