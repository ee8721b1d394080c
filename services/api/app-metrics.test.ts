import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminJobsPort } from '../../shared/admin/admin-jobs.port.ts';
import { InvalidInputError } from '../../shared/domain/errors.ts';
import type { Page } from '../../shared/domain/pagination.ts';
import type { SearchPort } from '../../shared/search/search.port.ts';
import { adminJobsRouter } from './admin/admin-jobs.routes.ts';
import { createApp } from './app.ts';
import { routeLabel } from './middleware/traffic.ts';

const emptyPage = <T>(limit: number): Page<T> => ({ items: [], total: 0, limit, offset: 0, hasMore: false, nextCursor: null });

/** Every search finds nothing; a cursor is refused as the engines refuse a tampered one. */
const search: SearchPort = {
  searchDesigners: (_f, page) =>
    page.cursor ? Promise.reject(new InvalidInputError([{ parameter: 'cursor', message: 'is not a cursor of this search' }])) : Promise.resolve(emptyPage(page.limit)),
  findDesigner: () => Promise.resolve(null),
  searchOpenRoles: (_f, page) => Promise.resolve(emptyPage(page.limit)),
  similarDesigners: () => Promise.resolve([]),
  suggest: () => Promise.resolve([]),
  isReady: () => Promise.resolve(true),
};

const jobs: AdminJobsPort = {
  enqueueReindex: () => Promise.resolve('reindex-1'),
  getJob: () => Promise.resolve(null),
  retryFailed: () => Promise.resolve(0),
};

describe('routeLabel', () => {
  it('joins the mount and the route pattern, names a mount root by the mount alone, and pools the unmatched', () => {
    expect(routeLabel('/api/v1', '/designers/:slug')).toBe('/api/v1/designers/:slug');
    expect(routeLabel('', '/designer/:slug')).toBe('/designer/:slug');
    expect(routeLabel('/api/mcp', '/')).toBe('/api/mcp');
    expect(routeLabel('', '/')).toBe('/');
    expect(routeLabel('/api/v1', undefined)).toBe('/api/v1');
    expect(routeLabel('', undefined)).toBe('unmatched');
  });
});

describe('/metrics labels each request by its full route pattern, whatever its status', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const { app } = createApp({
      search,
      logger: pino({ level: 'silent' }),
      config: { PUBLIC_BASE_URL: 'https://directory.test', CACHE_MAX_AGE_SECONDS: 60 },
      mounts: () => [{ path: '/api/admin', router: adminJobsRouter(jobs, '/api/admin') }],
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const request = async (path: string, init?: RequestInit) => (await fetch(base + path, init)).status;
  const counted = async () => {
    const text = await (await fetch(`${base}/metrics`)).text();
    const counts = new Map<string, number>();
    for (const m of text.matchAll(/^http_requests_total\{method="(\w+)",route="([^"]*)",status="(\d+)"\} (\d+)$/gm)) {
      counts.set(`${m[1]} ${m[2]} ${m[3]}`, Number(m[4]));
    }
    return counts;
  };

  it('an error answered by a mount keeps the mount path: API 4xx are not counted under the page routes', async () => {
    expect(await request('/api/v1/designers?category=nope')).toBe(400);
    expect(await request('/api/v1/designers?cursor=abc')).toBe(400);
    expect(await request('/api/v1/designers/nobody')).toBe(404);
    expect(await request('/api/v1/open-roles?remote=maybe')).toBe(400);
    expect(await request('/open-roles?remote=maybe')).toBe(400);
    expect(await request('/designer/nobody')).toBe(404);
    expect(await request('/api/v1/designers/%ZZ')).toBe(400);
    expect(await request('/api/admin/jobs/nope')).toBe(404);
    expect(await request('/api/admin/reindex', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' })).toBe(415);
    expect(await request('/api/v1/designers')).toBe(200);
    expect(await request('/nowhere')).toBe(404);

    const counts = await counted();
    expect(Object.fromEntries(counts)).toMatchObject({
      'GET /api/v1/designers 400': 2,
      'GET /api/v1/designers 200': 1,
      'GET /api/v1/designers/:slug 404': 1,
      'GET /api/v1/open-roles 400': 1,
      'GET /open-roles 400': 1,
      'GET /designer/:slug 404': 1,
      // Refused before any route matched: the mount that answered names it.
      'GET /api/v1 400': 1,
      'GET /api/admin/jobs/:id 404': 1,
      'POST /api/admin/reindex 415': 1,
      'GET unmatched 404': 1,
    });
    const routes = [...counts.keys()].map((key) => key.split(' ')[1]!);
    for (const bare of ['/designers', '/designers/:slug', '/reindex', '/jobs/:id']) expect(routes).not.toContain(bare);
  });
});
