import type { ApiIndexResponse, ApiLink } from '../domain/api-index.schema.ts';
import { ADMIN_TAG, type buildOpenApiDocument } from './openapi-document.builder.ts';

type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The API's root document, read off the OpenAPI document so that the two cannot disagree: every public
 * operation (the admin ones are the curators', described in the document under their tag) at its absolute URL,
 * and the links the server has.
 */
export function buildApiIndex(document: OpenApiDocument, links: ApiLink[]): ApiIndexResponse {
  const server = (document.servers?.[0]?.url ?? '').replace(/\/+$/, '');
  const endpoints: ApiIndexResponse['data']['endpoints'] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation || operation.tags?.includes(ADMIN_TAG)) continue;
      endpoints.push({
        method: method.toUpperCase(),
        url: `${server}${path}`,
        summary: operation.summary ?? '',
        operation_id: operation.operationId ?? `${method} ${path}`,
      });
    }
  }
  return {
    success: true,
    data: {
      name: document.info.title,
      version: document.info.version,
      description: document.info.description ?? '',
      endpoints,
      links,
    },
  };
}
