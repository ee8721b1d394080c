import { describe, expect, it } from 'vitest';
import { DesignerSearchQuerySchema, DesignerSearchSchema } from './designer-search.schema.ts';
import { parseOrThrow } from './errors.ts';
import { problems } from './search-params.test-support.ts';

const parseQuery = (query: Record<string, string | string[]>) => parseOrThrow(DesignerSearchQuerySchema, query);

describe('facets and highlight parameters', () => {
  it('facets as a comma list (REST) and as a list (MCP) give the same names, each once', () => {
    expect(parseQuery({ facets: 'category, country,company,remote,country' }).facets).toEqual(['category', 'country', 'company', 'remote']);
    expect(parseOrThrow(DesignerSearchSchema, { facets: ['country', 'category', 'country'] }).facets).toEqual(['country', 'category']);
    expect(parseQuery({ facets: '' }).facets).toEqual([]);
  });

  it('an unknown facet is refused by name, with the allowed ones', () => {
    expect(problems(() => parseQuery({ facets: 'category,colour' }))).toEqual([
      { parameter: 'facets', message: '"colour": must be one of category, country, company, remote' },
    ]);
    expect(problems(() => parseOrThrow(DesignerSearchSchema, { facets: ['colour'] }))[0]!.parameter).toMatch(/^facets/);
    expect(problems(() => parseQuery({ facets: ['category', 'country'] }))).toEqual([
      { parameter: 'facets', message: 'must be given at most once, as a comma list' },
    ]);
  });

  it('highlight is true or false; anything else is refused by name', () => {
    expect(parseQuery({ highlight: 'true' }).highlight).toBe(true);
    expect(parseQuery({ highlight: 'false' }).highlight).toBe(false);
    expect(problems(() => parseQuery({ highlight: 'maybe' }))).toEqual([{ parameter: 'highlight', message: 'must be true or false' }]);
    expect(parseOrThrow(DesignerSearchSchema, { highlight: true }).highlight).toBe(true);
  });
});
