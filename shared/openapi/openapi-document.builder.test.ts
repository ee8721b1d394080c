import { describe, expect, it } from 'vitest';
import { ADMIN_SECURITY_SCHEME, ADMIN_TAG, buildOpenApiDocument } from './openapi-document.builder.ts';

const ADMIN_OPERATIONS = [
  ['post', '/api/admin/reindex'],
  ['get', '/api/admin/jobs/{id}'],
  ['post', '/api/admin/retry-failed'],
] as const;
const PUBLIC_OPERATIONS = [
  ['get', '/designers'],
  ['get', '/designers/{slug}'],
  ['get', '/designers/{slug}/similar'],
  ['get', '/suggest'],
  ['get', '/open-roles'],
] as const;

/** GET /: the index, public too, with no parameters to refuse. */
const INDEX_OPERATION = ['get', '/'] as const;

interface Operation {
  tags?: string[];
  security?: Record<string, string[]>[];
  servers?: { url: string }[];
  requestBody?: { content: Record<string, { schema: { $ref: string } }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }>;
}

const document = buildOpenApiDocument('https://directory.test/api/v1');
const operation = (method: string, path: string) =>
  (document.paths as Record<string, Record<string, Operation>>)[path]?.[method] as Operation;
const schemaRef = (method: string, path: string, status: number) =>
  operation(method, path).responses[String(status)]?.content?.['application/json']?.schema.$ref;

describe('the OpenAPI document', () => {
  it('has the public paths and the admin paths, nothing else', () => {
    expect(Object.keys(document.paths ?? {}).sort()).toEqual([...PUBLIC_OPERATIONS, INDEX_OPERATION, ...ADMIN_OPERATIONS].map(([, p]) => p).sort());
  });

  it('declares the public tags first, the admin tag last in its own group, and the admin bearer scheme', () => {
    expect(document.tags?.map((t) => t.name)).toEqual(['designers', 'open-roles', 'index', ADMIN_TAG]);
    expect((document as { 'x-tagGroups'?: { tags: string[] }[] })['x-tagGroups']?.map((g) => g.tags)).toEqual([
      ['designers', 'open-roles', 'index'],
      [ADMIN_TAG],
    ]);
    expect(document.components?.securitySchemes?.[ADMIN_SECURITY_SCHEME]).toEqual({
      type: 'http',
      scheme: 'bearer',
      description: expect.any(String),
    });
  });

  it.each(ADMIN_OPERATIONS)('%s %s: admin tag, bearer security, on the site root, with its error responses', (method, path) => {
    const op = operation(method, path);
    expect(op.tags).toEqual([ADMIN_TAG]);
    expect(op.security).toEqual([{ [ADMIN_SECURITY_SCHEME]: [] }]);
    expect(op.servers?.map((s) => s.url)).toEqual(['https://directory.test']);
    for (const status of [401, 404, 503]) expect(schemaRef(method, path, status), String(status)).toBe('#/components/schemas/Error');
  });

  it('documents the admin bodies with the zod schemas the routes use', () => {
    expect(operation('post', '/api/admin/reindex').requestBody?.content['application/json']?.schema.$ref).toBe('#/components/schemas/ReindexRequest');
    expect(schemaRef('post', '/api/admin/reindex', 202)).toBe('#/components/schemas/ReindexAcceptedResponse');
    expect(schemaRef('post', '/api/admin/reindex', 400)).toBe('#/components/schemas/Error');
    expect(schemaRef('get', '/api/admin/jobs/{id}', 200)).toBe('#/components/schemas/AdminJobResponse');
    expect(schemaRef('post', '/api/admin/retry-failed', 200)).toBe('#/components/schemas/RetryFailedResponse');
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(expect.arrayContaining(['AdminJob', 'AdminJobState', 'AdminReindexResult']));
  });

  it.each(PUBLIC_OPERATIONS)('%s %s documents its refusals: 400, 429 and 503 with Retry-After', (method, path) => {
    for (const status of [400, 429, 500, 503]) expect(schemaRef(method, path, status), String(status)).toBe('#/components/schemas/Error');
    const headers = (status: number) => Object.keys((operation(method, path).responses[String(status)] as { headers?: object }).headers ?? {});
    expect(headers(429)).toEqual(['Retry-After', 'RateLimit', 'RateLimit-Policy']);
    expect(headers(503)).toEqual(['Retry-After']);
  });

  it('GET / documents the traffic refusals, and no 400: it takes no parameters', () => {
    const [method, path] = INDEX_OPERATION;
    expect(Object.keys(operation(method, path).responses).sort()).toEqual(['200', '429', '500', '503']);
    expect(schemaRef(method, path, 200)).toBe('#/components/schemas/ApiIndex');
    for (const status of [429, 500, 503]) expect(schemaRef(method, path, status), String(status)).toBe('#/components/schemas/Error');
  });

  it.each([...PUBLIC_OPERATIONS, INDEX_OPERATION])('%s %s stays public: a public tag, no security of its own, the document-wide "none"', (method, path) => {
    const op = operation(method, path);
    expect(op.tags).toHaveLength(1);
    expect(op.tags).not.toContain(ADMIN_TAG);
    expect(op.security).toBeUndefined();
    expect(op.servers).toBeUndefined();
    expect(document.security).toEqual([]);
    expect(document.servers).toEqual([{ url: 'https://directory.test/api/v1' }]);
  });

  it('takes the admin server from the caller when the site root is not the API URL without /api/v1', () => {
    const doc = buildOpenApiDocument('https://api.example/v1', { adminServerUrl: 'https://admin.example' });
    const servers = (doc.paths as Record<string, Record<string, Operation>>)['/api/admin/reindex']?.post?.servers;
    expect(servers?.map((s) => s.url)).toEqual(['https://admin.example']);
  });
});
