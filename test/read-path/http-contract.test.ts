import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiIndexResponse } from '../../shared/domain/api-index.schema.ts';
import { type Designer, DesignerSchema } from '../../shared/domain/designer.schema.ts';
import type { OpenRole } from '../../shared/domain/open-role.schema.ts';
import { requireServices } from '../support/services.ts';
import { CAST, CAST_BY_SLUG } from './designer-cast.ts';
import { OpenApiValidator } from './openapi.validator.ts';
import { type ErrorBody, type ListBody, openRole, PUBLIC_BASE_URL, query, ReadPathFixture } from './read-path.harness.ts';

const services = requireServices('elasticsearch');

/** Exactly the fields of the public profile (its one schema, derived from designer.fields.ts): nothing internal. */
const DESIGNER_FIELDS = Object.keys(DesignerSchema.shape).sort();

/** The spec's Designer, section 2: every one of these is served, whatever fields are added beside them. */
const SPEC_DESIGNER_FIELDS = [
  'id',
  'slug',
  'name',
  'description',
  'website',
  'portfolio_preview',
  'category',
  'location',
  'current_role',
  'previous_roles',
  'profile_url',
];

const ALLOWED_CATEGORIES = 'product, brand, graphic, motion, 3d, director, engineer';

/** A GET with exactly these headers (fetch would add Accept-Encoding and decode the body behind our back). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe.skipIf(!services)('HTTP contract of the read API on a real Elasticsearch', () => {
  let fx: ReadPathFixture;
  let openapi: OpenApiValidator;

  beforeAll(async () => {
    fx = await ReadPathFixture.create(services!.elasticsearch, 'http_contract');
    await fx.load({
      designers: CAST,
      openRoles: [
        openRole({ id: 'role-live', company_url: 'https://acme.example', placement: 'featured' }),
        openRole({ id: 'role-plain', company_url: null, remote: true, location: 'Remote (EU)' }),
        openRole({ id: 'role-expired', postedDaysAgo: 40, expiresInDays: -10 }),
      ],
    });
    const served = await fx.app.get('/api/v1/openapi.json');
    expect(served.status).toBe(200);
    openapi = new OpenApiValidator(served.body as ConstructorParameters<typeof OpenApiValidator>[0]);
  });

  afterAll(async () => {
    await fx?.dispose();
  });

  async function bad(path: string, params: Record<string, string | number> | string) {
    const qs = typeof params === 'string' ? params : query(params);
    const response = await fx.app.get<ErrorBody>(`${path}${qs}`);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    openapi.check(path.replace('/api/v1', ''), 'get', 400, response.body);
    expect(response.body.success).toBe(false);
    expect(response.body.error).toEqual(expect.any(String));
    return response.body.details ?? [];
  }

  describe('the OpenAPI document', () => {
    it('is OpenAPI 3.1 with the two read operations, the slug lookup, similar designers, suggest and the index (and the admin operations, apart)', async () => {
      const doc = openapi.document as unknown as { openapi: string; paths: Record<string, Record<string, { tags?: string[] }>> };
      expect(doc.openapi).toBe('3.1.0');
      const publicPaths = Object.keys(doc.paths).filter((path) => !Object.values(doc.paths[path]!).some((op) => op.tags?.includes('admin')));
      const publicOnes = ['/', '/designers', '/designers/{slug}', '/designers/{slug}/similar', '/suggest', '/open-roles'];
      expect(publicPaths.sort()).toEqual(publicOnes.sort());
      expect(Object.keys(doc.paths).sort()).toEqual([...publicOnes, '/api/admin/jobs/{id}', '/api/admin/reindex', '/api/admin/retry-failed'].sort());
    });

    it('its check is not a formality: an internal field, a missing field or a bad URL fails it', async () => {
      const { body } = await fx.app.get<{ success: true; data: Designer }>('/api/v1/designers/ana-muller');
      openapi.check('/designers/{slug}', 'get', 200, body);
      const { website: _website, ...missing } = body.data;
      for (const data of [{ ...body.data, listed_at: '2025-01-01' }, missing, { ...body.data, website: 'not a url' }]) {
        expect(() => openapi.check('/designers/{slug}', 'get', 200, { success: true, data })).toThrow();
      }
    });

    it('documents exactly the query parameters the endpoints accept', () => {
      expect(openapi.queryParameterNames('/designers').sort()).toEqual(
        ['q', 'slug', 'id', 'category', 'location', 'company', 'facets', 'highlight', 'limit', 'offset', 'cursor'].sort(),
      );
      expect(openapi.queryParameterNames('/open-roles').sort()).toEqual(
        ['q', 'category', 'location', 'company', 'remote', 'employment_type', 'limit', 'offset', 'cursor'].sort(),
      );
      expect(openapi.queryParameterNames('/designers/{slug}/similar')).toEqual(['limit']);
      expect(openapi.queryParameterNames('/suggest').sort()).toEqual(['limit', 'q']);
    });
  });

  describe('similar designers and suggest match the OpenAPI document', () => {
    it('GET /designers/{slug}/similar answers designers of the list shape, without the designer itself', async () => {
      const response = await fx.app.get<{ success: true; data: Designer[] }>('/api/v1/designers/ana-muller/similar?limit=3');
      expect(response.status).toBe(200);
      openapi.check('/designers/{slug}/similar', 'get', 200, response.body);
      expect(response.body.data.length).toBeLessThanOrEqual(3);
      for (const d of response.body.data) expect(d).toEqual(CAST_BY_SLUG.get(d.slug));
      expect(response.body.data.map((d) => d.slug)).not.toContain('ana-muller');
    });

    it('GET /suggest answers completions with kind and count', async () => {
      const response = await fx.app.get<{ success: true; data: { text: string; kind: string; count: number }[] }>('/api/v1/suggest?q=de');
      expect(response.status).toBe(200);
      openapi.check('/suggest', 'get', 200, response.body);
      expect(response.body.data.length).toBeGreaterThan(0);
      for (const s of response.body.data) expect(s.text.startsWith('de')).toBe(true);
    });
  });

  describe('response shapes match the OpenAPI document', () => {
    it('GET /designers: every designer has exactly the spec fields and nothing internal', async () => {
      const response = await fx.app.get<ListBody<Designer>>('/api/v1/designers');
      expect(response.status).toBe(200);
      openapi.check('/designers', 'get', 200, response.body);
      expect(response.body.data).toHaveLength(CAST.length);
      for (const d of response.body.data) {
        expect(Object.keys(d).sort()).toEqual(DESIGNER_FIELDS);
        expect(Object.keys(d)).toEqual(expect.arrayContaining(SPEC_DESIGNER_FIELDS));
        expect(d).toEqual(CAST_BY_SLUG.get(d.slug));
      }
    });

    it('current_role is null when there is none, company_url may be null, previous_roles may be empty', async () => {
      const { body } = await fx.app.get<ListBody<Designer>>('/api/v1/designers?slug=sofia-rossi');
      openapi.check('/designers', 'get', 200, body);
      expect(body.data[0]!.current_role).toBeNull();
      expect(body.data[0]!.previous_roles).toEqual([{ title: 'Motion Designer', company: 'Umbrella', company_url: null }]);

      const lena = (await fx.app.get<ListBody<Designer>>('/api/v1/designers?slug=lena-ortiz')).body.data[0]!;
      expect(lena.previous_roles).toEqual([]);
      expect(lena.current_role).toEqual({ title: 'Senior Product Designer', company: 'Initech', company_url: null });
      const kofi = (await fx.app.get<ListBody<Designer>>('/api/v1/designers?slug=kofi-mensah')).body.data[0]!;
      expect(kofi.current_role?.company_url).toBe('https://globex.example');
    });

    it('an empty page and a limit=0 page match too', async () => {
      for (const qs of ['?q=zzzzzz', '?limit=0']) {
        const { body } = await fx.app.get('/api/v1/designers' + qs);
        openapi.check('/designers', 'get', 200, body);
      }
    });

    it('GET /designers/{slug} 200', async () => {
      const response = await fx.app.get<{ success: true; data: Designer }>('/api/v1/designers/ana-muller');
      expect(response.status).toBe(200);
      openapi.check('/designers/{slug}', 'get', 200, response.body);
      expect(response.body).toEqual({ success: true, data: CAST_BY_SLUG.get('ana-muller') });
    });

    it('GET /designers/{slug} 404 is a JSON error', async () => {
      const response = await fx.app.get<ErrorBody>('/api/v1/designers/nobody-here');
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      openapi.check('/designers/{slug}', 'get', 404, response.body);
      expect(response.body).toEqual({ success: false, error: expect.stringContaining('nobody-here') });
    });

    it('GET /designers/{slug} with a value that cannot be a slug is a 400 naming slug', async () => {
      const response = await fx.app.get<ErrorBody>('/api/v1/designers/Not_A_Slug');
      expect(response.status).toBe(400);
      openapi.check('/designers/{slug}', 'get', 400, response.body);
      expect(response.body.details).toEqual([{ parameter: 'slug', message: expect.stringMatching(/lowercase/) }]);
    });

    it('GET /designers/{slug} with a query parameter is a 400 naming it: the lookup takes none', async () => {
      for (const qs of ['?fields=name', '?slug=ana-muller', '?q=ana&q=muller']) {
        const name = new URLSearchParams(qs).keys().next().value!;
        const response = await fx.app.get<ErrorBody>(`/api/v1/designers/ana-muller${qs}`);
        expect(response.status, qs).toBe(400);
        openapi.check('/designers/{slug}', 'get', 400, response.body);
        expect(response.body.details).toEqual([{ parameter: name, message: 'is not a known parameter; this endpoint takes none' }]);
      }
    });

    it('GET /open-roles matches, with nullable company_url', async () => {
      const response = await fx.app.get<ListBody<OpenRole>>('/api/v1/open-roles');
      expect(response.status).toBe(200);
      openapi.check('/open-roles', 'get', 200, response.body);
      expect(response.body.data.map((r) => r.id).sort()).toEqual(['role-live', 'role-plain']);
      expect(response.body.data.find((r) => r.id === 'role-plain')!.company_url).toBeNull();
    });
  });

  describe('the API index at /api/v1/', () => {
    /** An absolute URL the API gave out, on the test server. */
    const local = (url: string) => url.replace(PUBLIC_BASE_URL, '');

    it('matches the document, with or without the trailing slash, and lists every public operation once', async () => {
      const response = await fx.app.get<ApiIndexResponse>('/api/v1/');
      expect(response.status).toBe(200);
      openapi.check('/', 'get', 200, response.body);
      expect((await fx.app.get<ApiIndexResponse>('/api/v1')).body).toEqual(response.body);
      expect(response.body.data.endpoints.map((e) => `${e.method} ${local(e.url)}`).sort()).toEqual(
        ['GET /api/v1/', 'GET /api/v1/designers', 'GET /api/v1/designers/{slug}', 'GET /api/v1/designers/{slug}/similar', 'GET /api/v1/suggest', 'GET /api/v1/open-roles'].sort(),
      );
    });

    it('leads somewhere: each endpoint it lists answers, and its openapi link is the document served', async () => {
      const { body } = await fx.app.get<ApiIndexResponse>('/api/v1/');
      for (const endpoint of body.data.endpoints) {
        // Suggest needs the text typed so far.
        const query = endpoint.url.endsWith('/suggest') ? '?q=de' : '';
        const response = await fx.app.get(`${local(endpoint.url).replace('{slug}', 'ana-muller')}${query}`);
        expect(response.status, endpoint.url).toBe(200);
      }
      const described = body.data.links.find((link) => link.rel === 'openapi')!;
      expect((await fx.app.get(local(described.href))).body).toEqual(openapi.document);
      // The site's pages are served by the same app: the reference and llms.txt are there.
      for (const rel of ['documentation', 'llms-txt', 'site']) {
        const link = body.data.links.find((l) => l.rel === rel)!;
        expect((await fetch(`${fx.app.baseUrl}${local(link.href)}`)).status, rel).toBe(200);
      }
    });
  });

  describe('unknown routes', () => {
    it('answer a JSON 404 that points to the index', async () => {
      for (const path of ['/api/v1/nope', '/api/nope', '/api', '/api/v2/designers', '/api/v1/designers/ana-muller/extra']) {
        const response = await fx.app.get<ErrorBody>(path);
        expect(response.status, path).toBe(404);
        expect(response.headers.get('content-type')).toMatch(/application\/json/);
        expect(response.body).toEqual({ success: false, error: `No route for GET ${path}. The API's routes are listed at ${PUBLIC_BASE_URL}/api/v1/` });
      }
    });

    it('a write method on a read endpoint is a JSON 405 naming the methods it takes, not a 404 and not a write', async () => {
      const paths = ['/api/v1/designers', '/api/v1/designers/ana-muller', '/api/v1/open-roles', '/api/v1/openapi.json', '/api/v1/', '/healthz', '/readyz', '/metrics'];
      for (const path of paths) {
        for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
          const response = await fetch(`${fx.app.baseUrl}${path}`, { method, body: '{}' });
          expect(response.status, `${method} ${path}`).toBe(405);
          expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
          expect(response.headers.get('cache-control')).toBe('no-store');
          expect(await response.json()).toEqual({ success: false, error: `${path} does not take ${method}; it takes GET, HEAD, OPTIONS.` });
        }
      }
      // HEAD is still the GET without its body, and a path that is no resource stays a 404 whatever the method.
      const head = await fetch(`${fx.app.baseUrl}/api/v1/designers/ana-muller`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect((await fetch(`${fx.app.baseUrl}/api/v1/nope`, { method: 'POST' })).status).toBe(404);
      expect((await fx.app.get('/api/v1/designers/ana-muller')).status).toBe(200);
    });
  });

  describe.each(['/api/v1/designers', '/api/v1/open-roles'])('400 cases of %s', (path) => {
    it('a limit or offset that is not an integer', async () => {
      for (const [parameter, value] of [
        ['limit', 'abc'],
        ['limit', '1.5'],
        ['limit', '1e2'],
        ['limit', ''],
        ['offset', 'ten'],
        ['offset', '0x10'],
      ] as const) {
        expect(await bad(path, { [parameter]: value }), `${parameter}=${value}`).toEqual([
          { parameter, message: 'must be a non-negative integer' },
        ]);
      }
    });

    it('a negative limit or offset', async () => {
      expect(await bad(path, { limit: -1 })).toEqual([{ parameter: 'limit', message: 'must be a non-negative integer' }]);
      expect(await bad(path, { offset: -5 })).toEqual([{ parameter: 'offset', message: 'must be a non-negative integer' }]);
    });

    it('an unknown category, listing the allowed values', async () => {
      const details = await bad(path, { category: 'designer' });
      expect(details).toHaveLength(1);
      expect(details[0]!.parameter).toBe('category');
      expect(details[0]!.message).toContain(ALLOWED_CATEGORIES);
    });

    it('a repeated parameter', async () => {
      for (const qs of ['?limit=1&limit=2', '?category=brand&category=motion', '?q=a&q=b', '?location=US&location=EU']) {
        const details = await bad(path, qs);
        expect(details, qs).toHaveLength(1);
        expect(details[0]!.parameter).toBe(qs.slice(1, qs.indexOf('=')));
        expect(details[0]!.message).toMatch(/at most once/);
      }
    });

    it('an unknown parameter name, naming the one meant and listing the known ones', async () => {
      const details = await bad(path, { categroy: 'brand' });
      expect(details).toHaveLength(1);
      expect(details[0]!.parameter).toBe('categroy');
      expect(details[0]!.message).toMatch(/not a known parameter; did you mean "category"\? allowed: .*category/);
      // Bracket syntax is not a way around it.
      expect((await bad(path, '?category[]=brand'))[0]!.parameter).toBe('category[]');
    });

    it('q longer than 200 characters; 200 is fine', async () => {
      expect(await bad(path, { q: 'a'.repeat(201) })).toEqual([{ parameter: 'q', message: 'must be at most 200 characters' }]);
      const ok = await fx.app.get(`${path}${query({ q: `${'aaaaaaaaa '.repeat(20).trim()}a` })}`);
      expect(ok.status).toBe(200);
    });

    it('offset+limit past the result window, pointing to the cursor', async () => {
      const details = await bad(path, { offset: 10_000, limit: 1 });
      expect(details).toEqual([{ parameter: 'offset', message: expect.stringMatching(/at most 10000.*cursor/) }]);
    });

    it('several problems at once: one detail each', async () => {
      const details = await bad(path, { limit: 'x', offset: '-1', categroy: 'x' });
      expect(details.map((d) => d.parameter).sort()).toEqual(['categroy', 'limit', 'offset']);
    });
  });

  describe('400 cases of /api/v1/designers only', () => {
    it('slug must look like a slug and be given once', async () => {
      expect(await bad('/api/v1/designers', { slug: 'Ana Müller' })).toEqual([
        { parameter: 'slug', message: expect.stringMatching(/lowercase letters, digits and single hyphens/) },
      ]);
      expect(await bad('/api/v1/designers', '?slug=ana-muller&slug=kofi-mensah')).toEqual([
        { parameter: 'slug', message: expect.stringMatching(/at most once/) },
      ]);
    });
  });

  describe('400 cases of /api/v1/open-roles only', () => {
    it('remote must be true or false', async () => {
      expect(await bad('/api/v1/open-roles', { remote: 'yes' })).toEqual([{ parameter: 'remote', message: 'must be true or false' }]);
    });

    it('employment_type must be one of the allowed values', async () => {
      const details = await bad('/api/v1/open-roles', { employment_type: 'temp' });
      expect(details).toEqual([
        { parameter: 'employment_type', message: 'must be one of full_time, part_time, contract, freelance, internship' },
      ]);
    });

    it('slug is not a parameter of open roles', async () => {
      expect((await bad('/api/v1/open-roles', { slug: 'ana-muller' }))[0]!.parameter).toBe('slug');
    });
  });

  describe('caching and CORS', () => {
    it('GET responses carry Cache-Control and an ETag, and If-None-Match gives a 304', async () => {
      for (const path of ['/api/v1/designers?category=brand', '/api/v1/designers/ana-muller', '/api/v1/open-roles', '/api/v1/openapi.json']) {
        const first = await fx.app.raw(path);
        expect(first.status, path).toBe(200);
        expect(first.headers['cache-control'], path).toBe('public, max-age=60');
        const etag = first.headers.etag;
        expect(etag, path).toMatch(/^W\/".+"$/);

        const again = await fx.app.raw(path, { 'If-None-Match': etag! });
        expect(again.status, path).toBe(304);
        expect(again.text).toBe('');
        expect(again.headers.etag).toBe(etag);

        const other = await fx.app.raw(path, { 'If-None-Match': 'W/"something-else"' });
        expect(other.status, path).toBe(200);
        expect(JSON.parse(other.text)).toEqual(JSON.parse(first.text));
      }
    });

    it('compresses for a client that asks (gzip, brotli), to the same JSON, and not for one that does not', async () => {
      const path = '/api/v1/designers?limit=50';
      const plain = await rawGet(`${fx.app.baseUrl}${path}`, {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const [encoding, decode] of [['gzip', gunzipSync], ['br', brotliDecompressSync]] as const) {
        const packed = await rawGet(`${fx.app.baseUrl}${path}`, { 'accept-encoding': encoding });
        expect(packed.status).toBe(200);
        expect(packed.headers['content-encoding']).toBe(encoding);
        expect(packed.headers.vary).toMatch(/Accept-Encoding/);
        expect(packed.body.length).toBeLessThan(plain.body.length / 2);
        expect(JSON.parse(decode(packed.body).toString())).toEqual(JSON.parse(plain.body.toString()));
        // The ETag names the content, not its encoding: a revalidation is a 304 either way.
        expect(packed.headers.etag).toBe(plain.headers.etag);
      }
    });

    it('every answer, success or error, JSON or not, forbids content sniffing', async () => {
      for (const path of ['/api/v1/designers', '/api/v1/designers/nobody-here', '/api/v1/designers?category=x', '/nope', '/healthz', '/metrics']) {
        const response = await fetch(`${fx.app.baseUrl}${path}`);
        expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      }
    });

    it('different results have different ETags', async () => {
      const a = await fetch(`${fx.app.baseUrl}/api/v1/designers?category=brand`);
      const b = await fetch(`${fx.app.baseUrl}/api/v1/designers?category=motion`);
      expect(a.headers.get('etag')).not.toBe(b.headers.get('etag'));
    });

    it('errors are not cached', async () => {
      const response = await fetch(`${fx.app.baseUrl}/api/v1/designers?limit=x`);
      expect(response.status).toBe(400);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const missing = await fetch(`${fx.app.baseUrl}/api/v1/designers/nobody-here`);
      expect(missing.headers.get('cache-control')).toBe('no-store');
    });

    it('GET is open to any origin, and the preflight allows GET', async () => {
      const response = await fetch(`${fx.app.baseUrl}/api/v1/designers?limit=1`, { headers: { Origin: 'https://elsewhere.example' } });
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const preflight = await fetch(`${fx.app.baseUrl}/api/v1/designers`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'GET' },
      });
      expect(preflight.status).toBeLessThan(300);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-methods')).toMatch(/GET/);
    });
  });
});
