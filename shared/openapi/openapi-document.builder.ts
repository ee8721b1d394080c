import { OpenApiGeneratorV31, OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import {
  AdminJobResponseSchema,
  ReindexAcceptedResponseSchema,
  ReindexRequestSchema,
  RetryFailedResponseSchema,
} from '../admin/admin-job.schema.ts';
import { ApiIndexResponseSchema } from '../domain/api-index.schema.ts';
import { SlugSchema } from '../domain/designer.schema.ts';
import { DesignerSearchQuerySchema } from '../domain/designer-search.schema.ts';
import {
  DesignerListResponseSchema,
  DesignerResponseSchema,
  ErrorResponseSchema,
  OpenRoleListResponseSchema,
} from '../domain/envelope.schema.ts';
import { OpenRoleSearchQuerySchema } from '../domain/open-role-search.schema.ts';
import { registerDiscoveryPaths } from './discovery-paths.builder.ts';

export const API_VERSION = '1.0.0';

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const retryAfter = { 'Retry-After': { schema: { type: 'integer' as const }, description: 'Seconds to wait.' } };

const errorResponses = {
  400: json(ErrorResponseSchema, 'Invalid parameter: `details` names each parameter and what is allowed.'),
  429: {
    ...json(ErrorResponseSchema, 'Too many requests from this client, on a server that sets a rate limit; retry after the Retry-After header.'),
    headers: {
      ...retryAfter,
      RateLimit: { schema: { type: 'string' as const }, description: 'What is left of the limit (IETF RateLimit header), on every answer of a rate-limited server.' },
      'RateLimit-Policy': { schema: { type: 'string' as const }, description: 'The limit: requests per window.' },
    },
  },
  500: json(ErrorResponseSchema, 'Server error.'),
  503: {
    ...json(ErrorResponseSchema, 'The search backend is unavailable or slow, or the server is busy; retry after the Retry-After header.'),
    headers: retryAfter,
  },
};

export const ADMIN_TAG = 'admin';
/** The public operations' tags, in the order readers meet them: /docs lists them before the admin ones. */
const DESIGNERS_TAG = 'designers';
const OPEN_ROLES_TAG = 'open-roles';
const INDEX_TAG = 'index';
export const ADMIN_SECURITY_SCHEME = 'adminToken';

const adminErrorResponses = {
  401: {
    ...json(ErrorResponseSchema, 'No bearer token, or not the admin token.'),
    headers: { 'WWW-Authenticate': { schema: { type: 'string' as const }, description: 'Bearer realm="admin"' } },
  },
  500: json(ErrorResponseSchema, 'Server error.'),
};

const adminUnavailable = (description: string) => ({
  ...json(ErrorResponseSchema, description),
  headers: {
    'Retry-After': { schema: { type: 'integer' as const }, description: 'Seconds to wait, when the queue is only away for now.' },
  },
});

const NO_ADMIN = 'The server has no admin routes (ADMIN_TOKEN is not set).';

/**
 * The curator operations under /api/admin: behind the admin bearer token, on the site root rather than
 * /api/v1, each under the `admin` tag so readers and generators can keep them apart from the public API.
 */
function registerAdminPaths(registry: OpenAPIRegistry, adminServerUrl: string): void {
  registry.registerComponent('securitySchemes', ADMIN_SECURITY_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description: 'The ADMIN_TOKEN the server was started with.',
  });
  const admin = {
    tags: [ADMIN_TAG],
    security: [{ [ADMIN_SECURITY_SCHEME]: [] }],
    servers: [{ url: adminServerUrl, description: 'The site root: admin routes live under /api/admin.' }],
  };

  registry.registerPath({
    ...admin,
    method: 'post',
    path: '/api/admin/reindex',
    operationId: 'adminReindex',
    summary: 'Rebuild the search data of designers, open roles or both',
    description:
      'With the job queue, a worker rebuilds the Elasticsearch indices without downtime; a rebuild of the same ' +
      'target still waiting or running is returned instead of a second one. Without it (the embedded mode), the ' +
      'Postgres search text is recomputed before the answer. Either way, follow Location to read the job.',
    request: { body: { required: false, content: { 'application/json': { schema: ReindexRequestSchema } } } },
    responses: {
      202: {
        ...json(ReindexAcceptedResponseSchema, 'The rebuild is queued (or, in the embedded mode, done).'),
        headers: { Location: { schema: { type: 'string' as const }, description: 'The job: /api/admin/jobs/{id}.' } },
      },
      400: json(ErrorResponseSchema, 'Invalid body: `details` names the field (or `body`, when it is not JSON) and what is allowed.'),
      404: json(ErrorResponseSchema, NO_ADMIN),
      413: json(ErrorResponseSchema, 'The body is larger than 100 KB.'),
      415: json(ErrorResponseSchema, 'A body not sent as UTF-8 JSON (Content-Type: application/json), or in an unknown Content-Encoding.'),
      ...adminErrorResponses,
      503: adminUnavailable('The job queue is unavailable, or not configured on this server.'),
    },
  });

  registry.registerPath({
    ...admin,
    method: 'get',
    path: '/api/admin/jobs/{id}',
    operationId: 'adminGetJob',
    summary: 'Read a job: state, progress and result',
    request: { params: z.object({ id: z.string().describe('The job id, as POST /api/admin/reindex returned it.') }) },
    responses: {
      200: json(AdminJobResponseSchema, 'The job.'),
      400: json(ErrorResponseSchema, 'The id is not valid percent-encoded UTF-8.'),
      404: json(ErrorResponseSchema, `No job has this id (finished rebuilds are kept a day), or: ${NO_ADMIN}`),
      ...adminErrorResponses,
      503: adminUnavailable('The job queue is unavailable, or not configured on this server.'),
    },
  });

  registry.registerPath({
    ...admin,
    method: 'post',
    path: '/api/admin/retry-failed',
    operationId: 'adminRetryFailed',
    summary: 'Move every failed job back to waiting',
    responses: {
      200: json(RetryFailedResponseSchema, 'How many failed jobs were moved back.'),
      404: json(ErrorResponseSchema, NO_ADMIN),
      ...adminErrorResponses,
      503: adminUnavailable('The job queue is unavailable; or the server has none (the embedded mode has nothing to retry).'),
    },
  });
}

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. `serverUrl` is
 * the public API's (…/api/v1); the admin operations name their own server, the site root, by default
 * `serverUrl` without its /api/v1.
 */
export function buildOpenApiDocument(serverUrl: string, options: { adminServerUrl?: string } = {}) {
  const registry = new OpenAPIRegistry();

  registry.registerPath({
    method: 'get',
    path: '/designers',
    operationId: 'searchDesigners',
    tags: [DESIGNERS_TAG],
    summary: 'List and search designers',
    description:
      'Filters combine with AND. Intent mapping: people at or from a company use `company`; design leaders or ' +
      'heads of design use `category=director`; a specialty uses `category`; a place uses `location`; a name uses ' +
      '`q`; one known person uses `slug` with `limit=1`. Order: with q, relevance then newest listed then id; ' +
      'without q, newest listed then id. `facets` adds exact counts per value over every match (meta.facets; with ' +
      '`limit=0` the counts alone); `highlight=true` adds to each designer why it matched (match).',
    request: { query: DesignerSearchQuerySchema },
    responses: { 200: json(DesignerListResponseSchema, 'A page of designers.'), ...errorResponses },
  });

  registry.registerPath({
    method: 'get',
    path: '/designers/{slug}',
    operationId: 'getDesigner',
    tags: [DESIGNERS_TAG],
    summary: 'Get one designer by slug',
    request: { params: z.object({ slug: SlugSchema }) },
    responses: {
      200: json(DesignerResponseSchema, 'The designer.'),
      404: json(ErrorResponseSchema, 'No designer has this slug.'),
      ...errorResponses,
    },
  });

  registerDiscoveryPaths(registry, json, errorResponses, json(ErrorResponseSchema, 'No listed designer has this slug.'), DESIGNERS_TAG);

  registry.registerPath({
    method: 'get',
    path: '/open-roles',
    operationId: 'listOpenRoles',
    tags: [OPEN_ROLES_TAG],
    summary: 'List open design roles',
    description: 'Only listings that have not expired. Order: featured first, then (with q) relevance, then newest posted, then id.',
    request: { query: OpenRoleSearchQuerySchema },
    responses: { 200: json(OpenRoleListResponseSchema, 'A page of open roles.'), ...errorResponses },
  });

  registry.registerPath({
    method: 'get',
    path: '/',
    operationId: 'getApiIndex',
    tags: [INDEX_TAG],
    summary: 'The API index: its operations and where its description, documentation and MCP endpoint are',
    // It takes no parameters, so there is nothing to refuse as a 400; the traffic controls still apply.
    responses: { 200: json(ApiIndexResponseSchema, 'The index.'), 429: errorResponses[429], 500: errorResponses[500], 503: errorResponses[503] },
  });

  registerAdminPaths(registry, options.adminServerUrl ?? serverUrl.replace(/\/api\/v1\/?$/, ''));

  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Designer Directory API',
      version: API_VERSION,
      description:
        'A public, read-only JSON directory of curated designers and open design roles. No authentication, except ' +
        'for the curator operations under the `admin` tag, which need the admin bearer token.',
    },
    servers: [{ url: serverUrl }],
    // Public and read-only: an explicit empty requirement says "no authentication" to clients and linters.
    // The admin operations override it with their own.
    security: [],
    tags: [
      { name: DESIGNERS_TAG, 'x-displayName': 'Designers', description: 'Search the directory and read one profile.' },
      { name: OPEN_ROLES_TAG, 'x-displayName': 'Open roles', description: 'Current design job listings.' },
      { name: INDEX_TAG, 'x-displayName': 'API index', description: 'What the API offers, at absolute URLs.' },
      {
        name: ADMIN_TAG,
        'x-displayName': 'Curator operations',
        description: 'Curator operations: rebuild the search data and follow its jobs. Bearer token (ADMIN_TOKEN).',
      },
    ],
  });
  // Redoc (on /docs) shows the groups as headings in this order: the public API, then the curator operations.
  return {
    ...document,
    'x-tagGroups': [
      { name: 'Public API', tags: [DESIGNERS_TAG, OPEN_ROLES_TAG, INDEX_TAG] },
      { name: 'Curator operations (admin token)', tags: [ADMIN_TAG] },
    ],
  };
}
