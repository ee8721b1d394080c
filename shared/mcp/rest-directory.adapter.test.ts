import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDesigner } from '../domain/designer.builder.ts';
import { ServiceUnavailableError, InvalidInputError, NotFoundError } from '../domain/errors.ts';
import { TOOL_PAGE_RULES } from '../domain/pagination.ts';
import { apiRoot, createRestDirectoryClient } from './rest-directory.adapter.ts';

/** A canned HTTP server standing in for the public API: each path answers one fixed response. */
type Canned = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Canned>();
const requests: string[] = [];
let server: Server;
let baseUrl: string;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Canned {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    (routes.get(path) ?? json(404, { success: false, error: `No route for GET ${path}.` }))(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const meta = { total: 0, limit: 10, offset: 0, has_more: false, next_cursor: null };

describe('REST directory client', () => {
  it('accepts the site root or the API root as base URL', () => {
    expect(apiRoot('https://d.example')).toBe('https://d.example/api/v1');
    expect(apiRoot('https://d.example/')).toBe('https://d.example/api/v1');
    expect(apiRoot('https://d.example/api/v1/')).toBe('https://d.example/api/v1');
  });

  it('sends the typed search as query parameters with the tool page size, and maps the envelope to a Page', async () => {
    routes.set('/api/v1/open-roles', json(200, { success: true, data: [], meta: { ...meta, total: 3, has_more: true, next_cursor: 'C' } }));
    const client = createRestDirectoryClient({ baseUrl });
    const page = await client.searchOpenRoles({ remote: false, category: 'director', q: 'lead' }, TOOL_PAGE_RULES);
    expect(page).toEqual({ items: [], total: 3, limit: 10, offset: 0, hasMore: true, nextCursor: 'C' });
    expect(requests.at(-1)).toBe('/api/v1/open-roles?remote=false&category=director&q=lead&limit=10');
  });

  it('sends facets as the comma list the route takes, and reads meta.facets and each match back', async () => {
    const designer = { ...buildDesigner({ slug: 'ana' }), match: { reason: 'name: Ana', fields: [] } };
    const facets = { country: [{ value: 'DE', count: 1 }] };
    routes.set('/api/v1/designers', json(200, { success: true, data: [designer], meta: { ...meta, total: 1, facets } }));
    const page = await createRestDirectoryClient({ baseUrl }).searchDesigners({ q: 'ana', facets: ['country', 'remote'], highlight: true }, TOOL_PAGE_RULES);
    expect(requests.at(-1)).toBe('/api/v1/designers?q=ana&facets=country%2Cremote&highlight=true&limit=10');
    expect(page.facets).toEqual(facets);
    expect(page.items).toEqual([designer]);
  });

  it('maps 400 details to InvalidInputError problems', async () => {
    const details = [{ parameter: 'cursor', message: 'is not a valid cursor' }];
    routes.set('/api/v1/designers', json(400, { success: false, error: 'Invalid parameter: cursor: is not a valid cursor', details }));
    const error = await createRestDirectoryClient({ baseUrl }).searchDesigners({ cursor: 'x' }, TOOL_PAGE_RULES).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).problems).toEqual(details);
  });

  it('a 400 without the directory\'s details is another server\'s, not a verdict on the arguments', async () => {
    const client = createRestDirectoryClient({ baseUrl });
    // What Elasticsearch answers when the base URL points at it, and what a proxy's error page looks like.
    routes.set('/api/v1/designers', json(400, { error: 'no handler found for uri [/api/v1/designers]', status: 400 }));
    routes.set('/api/v1/open-roles', (_req, res) => {
      res.writeHead(400, { 'content-type': 'text/html' });
      res.end('<html><body>400 Bad Request</body></html>');
    });
    for (const call of [() => client.searchDesigners({ q: 'ana' }, TOOL_PAGE_RULES), () => client.searchOpenRoles({}, TOOL_PAGE_RULES)]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).not.toBeInstanceOf(InvalidInputError);
      expect((error as Error).message).toMatch(
        /^The server at http:\/\/127\.0\.0\.1:\d+\/api\/v1 answered 400 for .* without the Designer Directory's error body: is the base URL \(--base-url, DIRECTORY_API_URL\) the address of the directory\?$/,
      );
    }
  });

  it('maps 404 on a profile to NotFoundError', async () => {
    routes.set('/api/v1/designers/ghost', json(404, { success: false, error: 'No designer with slug "ghost".' }));
    const client = createRestDirectoryClient({ baseUrl });
    await expect(client.getDesigner({ slug: 'ghost' })).rejects.toThrow(new NotFoundError('No designer with slug "ghost".'));
  });

  it('looks a profile up by id through the exact id filter, and an empty page is NotFoundError', async () => {
    const designer = buildDesigner(
      { id: 'd-1', slug: 'ana-lopez', name: 'Ana López', website: 'https://ana.example', portfolio_preview: 'https://ana.example/p.jpg', category: 'brand', location: 'Remote' },
      'https://d.example',
    );
    routes.set('/api/v1/designers', json(200, { success: true, data: [designer], meta: { ...meta, total: 1, limit: 1 } }));
    const client = createRestDirectoryClient({ baseUrl });
    expect(await client.getDesigner({ id: 'd-1' })).toEqual(designer);
    expect(requests.at(-1)).toBe('/api/v1/designers?id=d-1&limit=1');
    routes.set('/api/v1/designers', json(200, { success: true, data: [], meta: { ...meta, limit: 1 } }));
    await expect(client.getDesigner({ id: 'd-2' })).rejects.toThrow(new NotFoundError('No designer with id "d-2".'));
  });

  it('maps 429/503 to ServiceUnavailableError with the Retry-After, and a refused connection too', async () => {
    routes.set('/api/v1/designers', json(503, { success: false, error: 'The search backend is unavailable.' }, { 'retry-after': '12' }));
    const error = await createRestDirectoryClient({ baseUrl }).searchDesigners({}, TOOL_PAGE_RULES).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect((error as ServiceUnavailableError).retryAfterSeconds).toBe(12);
    routes.set('/api/v1/designers', json(429, { success: false, error: 'Too many requests.' }));
    await expect(createRestDirectoryClient({ baseUrl }).searchDesigners({}, TOOL_PAGE_RULES)).rejects.toBeInstanceOf(ServiceUnavailableError);
    const refused = createRestDirectoryClient({ baseUrl: 'http://127.0.0.1:1' });
    await expect(refused.searchDesigners({}, TOOL_PAGE_RULES)).rejects.toBeInstanceOf(ServiceUnavailableError);
  });

  it('treats a time-out as unavailable', async () => {
    routes.set('/api/v1/designers', () => undefined); // never answers
    const client = createRestDirectoryClient({ baseUrl, timeoutMs: 200 });
    await expect(client.searchDesigners({}, TOOL_PAGE_RULES)).rejects.toBeInstanceOf(ServiceUnavailableError);
  });

  it('fails plainly on a wrong base URL, a 500 or a body that breaks the contract', async () => {
    const wrong = createRestDirectoryClient({ baseUrl: `${baseUrl}/elsewhere` });
    const notApi = await wrong.searchDesigners({}, TOOL_PAGE_RULES).catch((e: unknown) => e);
    expect(notApi).not.toBeInstanceOf(NotFoundError);
    expect((notApi as Error).message).toContain('answered 404');
    routes.set('/api/v1/designers', json(500, { success: false, error: 'Internal server error.' }));
    await expect(createRestDirectoryClient({ baseUrl }).searchDesigners({}, TOOL_PAGE_RULES)).rejects.toThrow('answered 500');
    routes.set('/api/v1/designers', json(200, { success: true, data: [{ id: 1 }], meta }));
    await expect(createRestDirectoryClient({ baseUrl }).searchDesigners({}, TOOL_PAGE_RULES)).rejects.toThrow('Unexpected response');
  });
});
