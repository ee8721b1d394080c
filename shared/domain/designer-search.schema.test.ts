import { describe, expect, it } from 'vitest';
import { DesignerSearchQuerySchema, DesignerSearchSchema, MAX_Q_LENGTH } from './designer-search.schema.ts';
import { parseOrThrow } from './errors.ts';
import { OpenRoleSearchQuerySchema, OpenRoleSearchSchema } from './open-role-search.schema.ts';
import { MAX_RESULT_WINDOW, REST_PAGE_RULES } from './pagination.ts';
import { problems } from './search-params.test-support.ts';

/** Parses like the REST route does: req.query gives a string per parameter, an array when repeated. */
function parseQuery(query: Record<string, string | string[]>) {
  return parseOrThrow(DesignerSearchQuerySchema, query);
}


const ALLOWED = 'product, brand, graphic, motion, 3d, director, engineer';

describe('DesignerSearchQuerySchema (query string)', () => {
  it('accepts no parameters', () => {
    expect(parseQuery({})).toEqual({});
  });

  it('accepts every parameter and types the numbers', () => {
    expect(
      parseQuery({
        q: ' ana ',
        slug: 'ana-muller',
        category: 'brand',
        location: 'US',
        company: 'Globex',
        limit: '10',
        offset: '20',
      }),
    ).toEqual({ q: 'ana', slug: 'ana-muller', category: 'brand', location: 'US', company: 'Globex', limit: 10, offset: 20 });
    expect(parseQuery({ cursor: 'abc' })).toEqual({ cursor: 'abc' });
  });

  it('maps the category aliases directors and engineers', () => {
    expect(parseQuery({ category: 'directors' }).category).toBe('director');
    expect(parseQuery({ category: 'engineers' }).category).toBe('engineer');
  });

  it('accepts limit=0 and large limits (the clamp is applied later, not an error)', () => {
    expect(parseQuery({ limit: '0' }).limit).toBe(0);
    expect(parseQuery({ limit: '500' }).limit).toBe(500);
  });

  it.each(['abc', '1.5', '1e2', '', ' 1', '0x10', '+1'])('limit=%j is not a non-negative integer', (value) => {
    expect(problems(() => parseQuery({ limit: value }))).toEqual([
      { parameter: 'limit', message: 'must be a non-negative integer' },
    ]);
  });

  it.each(['1000000001', '99999999999', '9'.repeat(400)])('offset=%s is a non-negative integer, too large', (value) => {
    expect(problems(() => parseQuery({ offset: value }))).toEqual([{ parameter: 'offset', message: 'must be at most 1000000000' }]);
  });

  it('a negative limit or offset', () => {
    expect(problems(() => parseQuery({ limit: '-1' }))).toEqual([{ parameter: 'limit', message: 'must be a non-negative integer' }]);
    expect(problems(() => parseQuery({ offset: '-20' }))).toEqual([{ parameter: 'offset', message: 'must be a non-negative integer' }]);
  });

  it('an unknown category names the allowed values', () => {
    const [problem, ...rest] = problems(() => parseQuery({ category: 'designers' }));
    expect(rest).toEqual([]);
    expect(problem!.parameter).toBe('category');
    expect(problem!.message).toBe(`must be one of ${ALLOWED}, directors, engineers`);
  });

  it.each(['q', 'slug', 'id', 'category', 'location', 'company', 'limit', 'offset', 'cursor'])('a repeated %s', (name) => {
    const value = { q: 'a', slug: 'a', category: 'brand', location: 'a', company: 'a', limit: '1', offset: '1', cursor: 'a' }[name]!;
    expect(problems(() => parseQuery({ [name]: [value, value] }))).toEqual([
      { parameter: name, message: 'must be given at most once, not repeated' },
    ]);
  });

  it('an unknown parameter name lists the known ones, and says which was meant when one is close', () => {
    const known = 'allowed: q, slug, id, category, location, company, facets, highlight, limit, offset, cursor';
    expect(problems(() => parseQuery({ categroy: 'brand' }))).toEqual([
      { parameter: 'categroy', message: `is not a known parameter; did you mean "category"? ${known}` },
    ]);
    expect(problems(() => parseQuery({ query: 'ana' }))).toEqual([{ parameter: 'query', message: `is not a known parameter; did you mean "q"? ${known}` }]);
    expect(problems(() => parseQuery({ per_page: '5' }))).toEqual([{ parameter: 'per_page', message: `is not a known parameter; did you mean "limit"? ${known}` }]);
    expect(problems(() => parseQuery({ extra: '1' }))).toEqual([{ parameter: 'extra', message: `is not a known parameter; ${known}` }]);
    // employment_type is an open-role parameter: no hint at a parameter this endpoint does not have.
    expect(problems(() => parseQuery({ type: 'x' }))).toEqual([{ parameter: 'type', message: `is not a known parameter; ${known}` }]);
  });

  it(`q longer than ${MAX_Q_LENGTH} characters; exactly ${MAX_Q_LENGTH} is fine, surrounding blanks do not count`, () => {
    expect(problems(() => parseQuery({ q: 'x'.repeat(201) }))).toEqual([{ parameter: 'q', message: 'must be at most 200 characters' }]);
    // 20 words of 9 letters: within the word limits, so the character limit alone decides.
    const longest = 'xxxxxxxxx '.repeat(20).trim() + 'x';
    expect(parseQuery({ q: longest }).q).toHaveLength(200);
    expect(parseQuery({ q: `  ${longest}  ` }).q).toHaveLength(200);
  });

  it('a slug that is not a slug', () => {
    expect(problems(() => parseQuery({ slug: 'Ana Müller' }))).toEqual([
      { parameter: 'slug', message: 'must be lowercase letters, digits and single hyphens, for example "ana-lopez"' },
    ]);
  });

  it('a category in capitals says which value was meant; an unknown one lists them all', () => {
    const all = 'must be one of product, brand, graphic, motion, 3d, director, engineer, directors, engineers';
    expect(problems(() => parseQuery({ category: 'Brand' }))).toEqual([{ parameter: 'category', message: `${all}; did you mean "brand"? Values are lowercase, without spaces` }]);
    expect(problems(() => parseQuery({ category: 'painter' }))).toEqual([{ parameter: 'category', message: all }]);
    expect(problems(() => parseQuery({ category: 'brnad' }))).toEqual([{ parameter: 'category', message: `${all}; did you mean "brand"?` }]);
    expect(problems(() => parseQuery({ category: 'ux' }))).toEqual([{ parameter: 'category', message: `${all}; did you mean "product"?` }]);
    expect(problems(() => parseQuery({ category: 'Animation' }))).toEqual([{ parameter: 'category', message: `${all}; did you mean "motion"?` }]);
    expect(problems(() => parseQuery({ category: ['brand', 'motion'] }))).toEqual([{ parameter: 'category', message: 'must be given at most once, not repeated' }]);
  });

  it('an empty slug is one problem, said plainly', () => {
    expect(problems(() => parseQuery({ slug: '' }))).toEqual([{ parameter: 'slug', message: 'must not be empty' }]);
  });

  it('several problems: one per parameter', () => {
    expect(problems(() => parseQuery({ limit: 'x', category: 'nope', extra: '1' })).map((p) => p.parameter).sort()).toEqual([
      'category',
      'extra',
      'limit',
    ]);
  });
});

describe('DesignerSearchSchema (JSON, as the MCP tools receive it)', () => {
  it('takes numbers as numbers', () => {
    expect(parseOrThrow(DesignerSearchSchema, { limit: 5, offset: 0, category: 'engineers' })).toEqual({
      limit: 5,
      offset: 0,
      category: 'engineer',
    });
  });

  it('refuses numbers as strings, fractions and negatives', () => {
    expect(problems(() => parseOrThrow(DesignerSearchSchema, { limit: '5' }))).toEqual([
      { parameter: 'limit', message: 'must be a non-negative integer' },
    ]);
    expect(problems(() => parseOrThrow(DesignerSearchSchema, { offset: 1.5 }))[0]!.parameter).toBe('offset');
    expect(problems(() => parseOrThrow(DesignerSearchSchema, { offset: -1 }))).toEqual([
      { parameter: 'offset', message: 'must be a non-negative integer' },
    ]);
  });

  it('refuses unknown keys', () => {
    expect(problems(() => parseOrThrow(DesignerSearchSchema, { categroy: 'brand' }))[0]!.parameter).toBe('categroy');
  });
});

describe('paging descriptions', () => {
  it('state the REST page rules and the result window, whatever their values', () => {
    for (const schema of [DesignerSearchSchema, DesignerSearchQuerySchema, OpenRoleSearchSchema, OpenRoleSearchQuerySchema]) {
      expect(schema.shape.limit.unwrap().description).toContain(`Default ${REST_PAGE_RULES.defaultLimit}; values above ${REST_PAGE_RULES.maxLimit}`);
      expect(schema.shape.offset.unwrap().description).toContain(`may not pass ${MAX_RESULT_WINDOW}`);
    }
  });
});
