import { describe, expect, it } from 'vitest';
import { parseOrThrow } from './errors.ts';
import { problems } from './search-params.test-support.ts';
import { OpenRoleSearchQuerySchema, OpenRoleSearchSchema } from './open-role-search.schema.ts';

const parseQuery = (query: Record<string, string | string[]>) => parseOrThrow(OpenRoleSearchQuerySchema, query);


describe('OpenRoleSearchQuerySchema (query string)', () => {
  it('accepts every parameter and types booleans and numbers', () => {
    expect(
      parseQuery({
        q: 'brand',
        category: 'directors',
        location: 'Remote',
        company: 'Acme',
        remote: 'false',
        employment_type: 'contract',
        limit: '5',
        offset: '0',
      }),
    ).toEqual({
      q: 'brand',
      category: 'director',
      location: 'Remote',
      company: 'Acme',
      remote: false,
      employment_type: 'contract',
      limit: 5,
      offset: 0,
    });
    expect(parseQuery({ remote: 'true' }).remote).toBe(true);
  });

  it.each(['yes', '1', 'TRUE', ''])('remote=%j must be true or false', (value) => {
    expect(problems(() => parseQuery({ remote: value }))).toEqual([{ parameter: 'remote', message: 'must be true or false' }]);
  });

  it('an unknown employment_type names the allowed values', () => {
    expect(problems(() => parseQuery({ employment_type: 'temp' }))).toEqual([
      { parameter: 'employment_type', message: 'must be one of full_time, part_time, contract, freelance, internship' },
    ]);
  });

  it.each([
    ['full-time', 'full_time'],
    ['Full Time', 'full_time'],
    ['fulltime', 'full_time'],
    ['part-time', 'part_time'],
    ['intern', 'internship'],
    ['freelancer', 'freelance'],
    ['contrat', 'contract'],
  ])('employment_type=%s says "%s" was meant', (given, meant) => {
    expect(problems(() => parseQuery({ employment_type: given }))).toEqual([
      { parameter: 'employment_type', message: expect.stringContaining(`did you mean "${meant}"?`) },
    ]);
  });

  it('an unknown parameter close to employment_type names it', () => {
    expect(problems(() => parseQuery({ employement_type: 'contract' }))[0]!.message).toContain('did you mean "employment_type"?');
    expect(problems(() => parseQuery({ type: 'contract' }))[0]!.message).toContain('did you mean "employment_type"?');
  });

  it('an unknown category, a bad limit, a negative offset', () => {
    expect(problems(() => parseQuery({ category: 'ux' }))[0]!.parameter).toBe('category');
    expect(problems(() => parseQuery({ limit: '2.5' }))).toEqual([{ parameter: 'limit', message: 'must be a non-negative integer' }]);
    expect(problems(() => parseQuery({ offset: '-1' }))).toEqual([{ parameter: 'offset', message: 'must be a non-negative integer' }]);
  });

  it.each(['q', 'category', 'location', 'company', 'remote', 'employment_type', 'limit', 'offset', 'cursor'])(
    'a repeated %s',
    (name) => {
      const value = { category: 'brand', remote: 'true', employment_type: 'contract', limit: '1', offset: '1' }[name] ?? 'a';
      expect(problems(() => parseQuery({ [name]: [value, value] }))).toEqual([
        { parameter: name, message: 'must be given at most once, not repeated' },
      ]);
    },
  );

  it('an unknown parameter (slug is a designer parameter only)', () => {
    expect(problems(() => parseQuery({ slug: 'x' }))).toEqual([
      {
        parameter: 'slug',
        message: 'is not a known parameter; allowed: q, category, location, company, employment_type, remote, limit, offset, cursor',
      },
    ]);
  });

  it('q longer than 200 characters', () => {
    expect(problems(() => parseQuery({ q: 'x'.repeat(201) }))).toEqual([{ parameter: 'q', message: 'must be at most 200 characters' }]);
  });
});

describe('OpenRoleSearchSchema (JSON)', () => {
  it('takes booleans as booleans, not strings', () => {
    expect(parseOrThrow(OpenRoleSearchSchema, { remote: true })).toEqual({ remote: true });
    expect(problems(() => parseOrThrow(OpenRoleSearchSchema, { remote: 'true' }))).toEqual([
      { parameter: 'remote', message: 'must be true or false' },
    ]);
  });
});
