import { OpenApiGeneratorV31, OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { SlugSchema } from '../domain/designer.schema.ts';
import { DesignerSearchQuerySchema } from '../domain/designer-search.schema.ts';
import {
  DesignerListResponseSchema,
  DesignerResponseSchema,
  ErrorResponseSchema,
  OpenRoleListResponseSchema,
} from '../domain/envelope.schema.ts';
import { OpenRoleSearchQuerySchema } from '../domain/open-role-search.schema.ts';

export const API_VERSION = '1.0.0';

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const errorResponses = {
  400: json(ErrorResponseSchema, 'Invalid parameter: `details` names each parameter and what is allowed.'),
  500: json(ErrorResponseSchema, 'Server error.'),
  503: {
    ...json(ErrorResponseSchema, 'The search backend is unavailable or slow; retry after the Retry-After header.'),
    headers: { 'Retry-After': { schema: { type: 'integer' as const }, description: 'Seconds to wait.' } },
  },
};

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. */
export function buildOpenApiDocument(serverUrl: string) {
  const registry = new OpenAPIRegistry();

  registry.registerPath({
    method: 'get',
    path: '/designers',
    operationId: 'searchDesigners',
    summary: 'List and search designers',
    description:
      'Filters combine with AND. Intent mapping: people at or from a company use `company`; design leaders or ' +
      'heads of design use `category=director`; a specialty uses `category`; a place uses `location`; a name uses ' +
      '`q`; one known person uses `slug` with `limit=1`. Order: with q, relevance then newest listed then id; ' +
      'without q, newest listed then id.',
    request: { query: DesignerSearchQuerySchema },
    responses: { 200: json(DesignerListResponseSchema, 'A page of designers.'), ...errorResponses },
  });

  registry.registerPath({
    method: 'get',
    path: '/designers/{slug}',
    operationId: 'getDesigner',
    summary: 'Get one designer by slug',
    request: { params: z.object({ slug: SlugSchema }) },
    responses: {
      200: json(DesignerResponseSchema, 'The designer.'),
      404: json(ErrorResponseSchema, 'No designer has this slug.'),
      ...errorResponses,
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/open-roles',
    operationId: 'listOpenRoles',
    summary: 'List open design roles',
    description: 'Only listings that have not expired. Order: featured first, then (with q) relevance, then newest posted, then id.',
    request: { query: OpenRoleSearchQuerySchema },
    responses: { 200: json(OpenRoleListResponseSchema, 'A page of open roles.'), ...errorResponses },
  });

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Designer Directory API',
      version: API_VERSION,
      description: 'A public, read-only JSON directory of curated designers and open design roles. No authentication.',
    },
    servers: [{ url: serverUrl }],
    // Public and read-only: an explicit empty requirement says "no authentication" to clients and linters.
    security: [],
  });
}
