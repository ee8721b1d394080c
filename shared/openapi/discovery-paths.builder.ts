import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { SlugSchema } from '../domain/designer.schema.ts';
import { SimilarDesignersQuerySchema, SimilarDesignersResponseSchema } from '../domain/similar-designers.schema.ts';
import { SuggestQuerySchema, SuggestResponseSchema } from '../domain/suggest.schema.ts';

type Responses = Record<number, unknown>;

/** GET /designers/{slug}/similar and GET /suggest, from the schemas the routes parse with. */
export function registerDiscoveryPaths(
  registry: OpenAPIRegistry,
  json: (schema: z.ZodType, description: string) => object,
  errorResponses: Responses,
  notFound: object,
  tag: string,
): void {
  registry.registerPath({
    method: 'get',
    path: '/designers/{slug}/similar',
    operationId: 'findSimilarDesigners',
    tags: [tag],
    summary: 'Designers similar to one designer',
    description:
      'Listed designers most like this one by the words of their role titles, companies and description, and their ' +
      'category; most similar first. Never the designer itself. `limit` is 1 to 20 (default 6); other values are refused.',
    request: { params: z.object({ slug: SlugSchema }), query: SimilarDesignersQuerySchema },
    responses: { 200: json(SimilarDesignersResponseSchema, 'The similar designers.'), 404: notFound, ...errorResponses },
  });

  registry.registerPath({
    method: 'get',
    path: '/suggest',
    operationId: 'suggest',
    tags: [tag],
    summary: 'Type-ahead: completions of the last word',
    description:
      'Completions of the last word of `q` across the names, role titles, companies and places of listed designers, ' +
      'each with its kind and the exact number of listed designers whose field of that kind holds the word. At most ' +
      '`limit` (1 to 8, default 8): most designers first, then the word, then the kind.',
    request: { query: SuggestQuerySchema },
    responses: { 200: json(SuggestResponseSchema, 'The completions.'), ...errorResponses },
  });
}
