import type { AddressInfo } from 'node:net';
import { request, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceUnavailableError, InvalidInputError, NotFoundError } from '../../shared/domain/errors.ts';
import type { Page } from '../../shared/domain/pagination.ts';
import type { SearchPort } from '../../shared/search/search.port.ts';
import { createApp } from './app.ts';

/** A search port whose every call fails with the given error: the HTTP layer is what is under test. */
function failingSearch(error: unknown): SearchPort {
  const fail = () => Promise.reject(error);
  return { searchDesigners: fail, findDesigner: fail, searchOpenRoles: fail, similarDesigners: fail, suggest: fail, isReady: () => Promise.resolve(false) };
}

const emptyPage = <T>(limit: number): Page<T> => ({ items: [], total: 0, limit, offset: 0, hasMore: false, nextCursor: null });

let server: Server | undefined;

async function serve(search: SearchPort) {
  const lines: string[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  const { app } = createApp({ search, logger, config: { PUBLIC_BASE_URL: 'https://directory.test', CACHE_MAX_AGE_SECONDS: 60 } });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string) => {
    const response = await fetch(base + path);
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as Record<string, unknown> };
  };
  /** The request target sent as written (fetch would resolve "//" and "\\" in it first). */
  const raw = (target: string, method = 'GET') =>
    new Promise<{ status: number; location: string | undefined; cacheControl: string | undefined }>((resolve, reject) => {
      const req = request(`${base}/`, { method, path: target }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, cacheControl: res.headers['cache-control'] }));
      });
      req.on('error', reject);
      req.end();
    });
  return { get, raw, logs: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

describe('error middleware', () => {
  it('an unexpected error is a 500 with no stack, message or other internals, and is logged', async () => {
    const secret = new Error('connect ECONNRESET 10.0.0.7:9200 in /srv/app/shared/search/es-search.repository.ts');
    const { get, logs } = await serve(failingSearch(secret));
    for (const path of ['/api/v1/designers', '/api/v1/designers/ana-muller', '/api/v1/open-roles']) {
      const response = await get(path);
      expect(response.status, path).toBe(500);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(response.body).toEqual({ success: false, error: 'Internal server error.' });
      expect(response.text).not.toMatch(/ECONNRESET|10\.0\.0\.7|\/srv\/|\.ts|stack|at /);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    const errors = logs().filter((l) => l.level === 50);
    expect(errors).toHaveLength(3);
    expect(JSON.stringify(errors[0])).toContain('ECONNRESET');
  });

  it('something thrown that is not even an Error is still a clean 500', async () => {
    const { get } = await serve(failingSearch('a string'));
    const response = await get('/api/v1/designers');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ success: false, error: 'Internal server error.' });
  });

  it('ServiceUnavailableError is a 503 with Retry-After and the error body', async () => {
    const { get, logs } = await serve(failingSearch(new ServiceUnavailableError('The search backend is unavailable.', { retryAfterSeconds: 7 })));
    const response = await get('/api/v1/open-roles');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(response.body).toEqual({ success: false, error: 'The search backend is unavailable.' });
    expect(logs().some((l) => l.level === 40)).toBe(true);
  });

  it('Retry-After defaults to a positive number of seconds', () => {
    expect(new ServiceUnavailableError('x').retryAfterSeconds).toBeGreaterThan(0);
  });

  it('InvalidInputError from below (a bad cursor) is a 400 with details', async () => {
    const { get } = await serve(failingSearch(new InvalidInputError([{ parameter: 'cursor', message: 'is not a valid cursor' }])));
    const response = await get('/api/v1/designers?cursor=x');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      error: 'Invalid parameter: cursor: is not a valid cursor',
      details: [{ parameter: 'cursor', message: 'is not a valid cursor' }],
    });
  });

  it('several problems are counted in the error line', async () => {
    const { get } = await serve(failingSearch(new Error('never reached')));
    const response = await get('/api/v1/designers?limit=x&offset=y');
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^Invalid parameters: /);
    expect(response.body.details).toHaveLength(2);
  });

  it('NotFoundError is a JSON 404 with its message', async () => {
    const { get } = await serve(failingSearch(new NotFoundError('No designer with slug "x".')));
    const response = await get('/api/v1/designers/x');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, error: 'No designer with slug "x".' });
  });

  it('a slug that is not valid percent-encoded UTF-8 is a 400 naming slug, not a 500', async () => {
    const { get, logs } = await serve(failingSearch(new Error('never reached')));
    // A cut escape, a non-hex escape, and the UTF-8 bytes of a lone surrogate.
    for (const slug of ['%E0%A4%A', '%ZZ', '%ED%A0%80', 'ok-%ZZ/']) {
      const response = await get(`/api/v1/designers/${slug}`);
      expect(response.status, slug).toBe(400);
      expect(response.body, slug).toEqual({
        success: false,
        error: 'Invalid parameter: slug: is not valid percent-encoded UTF-8',
        details: [{ parameter: 'slug', message: 'is not valid percent-encoded UTF-8' }],
      });
    }
    expect(logs().filter((l) => l.level === 50)).toEqual([]);
  });

  it('a broken escape deeper than the slug matches no route: a 404, as any unknown path', async () => {
    const { get } = await serve(failingSearch(new Error('never reached')));
    const response = await get('/api/v1/designers/ana/%ZZ');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, error: "No route for GET /api/v1/designers/ana/%ZZ. The API's routes are listed at https://directory.test/api/v1/" });
  });

  it('another client error express raises keeps its 4xx status and says nothing more', async () => {
    const { get } = await serve(failingSearch(Object.assign(new Error('request entity too large: 1.2 MB in /srv/app'), { status: 413 })));
    const response = await get('/api/v1/designers');
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ success: false, error: 'Bad request.' });
  });

  it('an unknown route is a JSON 404 naming the method and path, and where the routes are listed', async () => {
    const { get } = await serve(failingSearch(new Error('never reached')));
    const response = await get('/api/v1/unknown');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, error: "No route for GET /api/v1/unknown. The API's routes are listed at https://directory.test/api/v1/" });
  });

  it('an unknown route under /api is not cached', async () => {
    const { get } = await serve(failingSearch(new Error('never reached')));
    for (const path of ['/api/v2/designers', '/api', '/api/v1/unknown']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('a path with repeated slashes is sent, method kept, to the same path with single slashes, never to another host', async () => {
    const { raw } = await serve(failingSearch(new Error('never reached')));
    expect(await raw('//api/v1/designers?limit=1&q=a//b')).toEqual({ status: 308, location: '/api/v1/designers?limit=1&q=a//b', cacheControl: 'no-store' });
    expect(await raw('/api//v1///designers/', 'POST')).toMatchObject({ status: 308, location: '/api/v1/designers/' });
    expect(await raw('///evil.example/path')).toMatchObject({ status: 308, location: '/evil.example/path' });
    expect(await raw('//\\evil.example/')).toMatchObject({ status: 308, location: '/%5Cevil.example/' });
    // A single slash throughout is left alone.
    expect((await raw('/api/v1/unknown')).status).toBe(404);
    // A proxy's absolute form: its scheme's "//" is no repeated slash, and its host is never the redirect's.
    expect(await raw('http://evil.example//x')).toMatchObject({ status: 308, location: '/x' });
    expect(await raw('https://evil.example//api//v1?q=a')).toMatchObject({ status: 308, location: '/api/v1?q=a' });
    expect(await raw('javascript://x//%0aalert(1)')).toMatchObject({ status: 308, location: '/%0aalert(1)' });
    expect((await raw('http://directory.test/api/v1/unknown')).status).toBe(404);
  });

  it('readiness follows the search port', async () => {
    const { get } = await serve(failingSearch(new Error('down')));
    expect((await get('/readyz')).status).toBe(503);
    expect((await get('/healthz')).status).toBe(200);
  });
});

describe('routes with a working search port', () => {
  it('answers the list envelope with meta.limit clamped, and validates before searching', async () => {
    const calls: unknown[] = [];
    const search: SearchPort = {
      searchDesigners: (filters, page, caller) => {
        calls.push({ filters, page, caller });
        return Promise.resolve(emptyPage(page.limit));
      },
      findDesigner: () => Promise.resolve(null),
      searchOpenRoles: (_f, page) => Promise.resolve(emptyPage(page.limit)),
      similarDesigners: () => Promise.resolve([]),
      suggest: () => Promise.resolve([]),
      isReady: () => Promise.resolve(true),
    };
    const { get } = await serve(search);
    const response = await get('/api/v1/designers?limit=500&category=directors');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: [],
      meta: { total: 0, limit: 100, offset: 0, has_more: false, next_cursor: null },
    });
    expect(calls).toEqual([{ filters: { category: 'director' }, page: { limit: 100, offset: 0, signal: expect.any(AbortSignal) }, caller: { client: '127.0.0.1' } }]);

    expect((await get('/api/v1/designers?categroy=brand')).status).toBe(400);
    expect(calls).toHaveLength(1);
    expect((await get('/api/v1/designers/unknown-person')).status).toBe(404);
  });
});
