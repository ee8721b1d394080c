import { describe, expect, it } from 'vitest';
import { ApiIndexResponseSchema } from '../domain/api-index.schema.ts';
import { buildApiIndex } from './api-index.builder.ts';
import { API_VERSION, buildOpenApiDocument } from './openapi-document.builder.ts';

describe('buildApiIndex', () => {
  const document = buildOpenApiDocument('https://directory.test/api/v1/');
  const links = [{ rel: 'openapi', href: 'https://directory.test/api/v1/openapi.json', title: 'OpenAPI' }];

  it('lists every public operation of the document at its absolute URL, and none of the admin ones', () => {
    const index = buildApiIndex(document, links);
    expect(index.data.endpoints).toEqual([
      { method: 'GET', url: 'https://directory.test/api/v1/designers', summary: 'List and search designers', operation_id: 'searchDesigners' },
      { method: 'GET', url: 'https://directory.test/api/v1/designers/{slug}', summary: 'Get one designer by slug', operation_id: 'getDesigner' },
      { method: 'GET', url: 'https://directory.test/api/v1/designers/{slug}/similar', summary: 'Designers similar to one designer', operation_id: 'findSimilarDesigners' },
      { method: 'GET', url: 'https://directory.test/api/v1/suggest', summary: 'Type-ahead: completions of the last word', operation_id: 'suggest' },
      { method: 'GET', url: 'https://directory.test/api/v1/open-roles', summary: 'List open design roles', operation_id: 'listOpenRoles' },
      { method: 'GET', url: 'https://directory.test/api/v1/', summary: expect.stringMatching(/^The API index/), operation_id: 'getApiIndex' },
    ]);
  });

  it('names the API as the document does, carries the links it is given, and fits its own schema', () => {
    const index = buildApiIndex(document, links);
    expect(index.data).toMatchObject({ name: 'Designer Directory API', version: API_VERSION, links });
    expect(index.data.description).toBe(document.info.description);
    expect(ApiIndexResponseSchema.parse(index)).toEqual(index);
  });

  it('follows the document: an operation added to it is listed', () => {
    const grown = structuredClone(document);
    grown.paths!['/designers/{slug}/similar'] = { get: { summary: 'Similar designers', operationId: 'similar', responses: {} } };
    expect(buildApiIndex(grown, []).data.endpoints.map((e) => e.operation_id)).toContain('similar');
  });
});
