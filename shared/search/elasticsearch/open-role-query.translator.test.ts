import { describe, expect, it } from 'vitest';
import { filtersFromQueryString } from '../../domain/search-params.test-support.ts';
import { OpenRoleSearchQuerySchema, type OpenRoleFilters } from '../../domain/open-role-search.schema.ts';
import {
  buildOpenRoleQuery,
  buildOpenRoleSearchRequest,
  OPEN_ROLE_TEXT_FIELDS,
  openRoleSort,
  titleHolds,
} from './open-role-query.translator.ts';
import { freeText, wordFilter } from './query-clauses.ts';

const NOW = new Date('2026-03-15T12:00:00.000Z');
const NOT_EXPIRED = { range: { expires_at: { gt: '2026-03-15T12:00:00.000Z' } } };

type Bool = { bool: { filter: unknown[]; must?: unknown[]; should?: unknown[] } };
const bool = (filters: OpenRoleFilters, now = NOW) => (buildOpenRoleQuery(filters, now) as Bool).bool;

const fromQueryString = (qs: string): OpenRoleFilters => filtersFromQueryString(OpenRoleSearchQuerySchema, qs);

describe('buildOpenRoleQuery', () => {
  it('always filters out expired open roles, relative to the injected now', () => {
    expect(buildOpenRoleQuery({}, NOW)).toEqual({ bool: { filter: [NOT_EXPIRED] } });
    expect(bool({}, new Date('2030-01-01T00:00:00Z')).filter).toEqual([
      { range: { expires_at: { gt: '2030-01-01T00:00:00.000Z' } } },
    ]);
  });

  it('q: free text over title, company, description and (lowest) location, title boosted highest', () => {
    expect(OPEN_ROLE_TEXT_FIELDS).toEqual(['title^3', 'company^2', 'description', 'location^0.5']);
    const b = bool({ q: 'brand desig' });
    const text = freeText('brand desig', OPEN_ROLE_TEXT_FIELDS, undefined, { formFields: ['forms.title^3', 'forms.description'], placeFields: ['location'] })!;
    expect(b.filter).toEqual([NOT_EXPIRED]);
    expect(b.must).toEqual(text.must);
    expect(b.should).toEqual(text.should);
  });

  it('q: a tool\'s name scores in the hiring company as any word does ("figma" asks for Figma\'s openings too)', () => {
    expect(JSON.stringify(bool({ q: 'figma' }).must)).toContain('"fields":["title^3","company^2","description","location^0.5"]');
    expect(JSON.stringify(bool({ q: 'figma' }).must)).not.toContain('"boost":0}');
  });

  it('q: a role\'s phrase after a word that may start an employer\'s name is also the head at that company', () => {
    // "riot games designers": a Game Designer, or a designer at a company named "… Riot Games …".
    const filters = JSON.stringify(bool({ q: 'riot games designers' }).filter);
    expect(filters).toContain('{"bool":{"filter":[{"term":{"forms.title":"design"}},{"match":{"company":{"query":"riot games","operator":"and"}}}]}}');
  });

  it('category: an exact term, aliases resolved by the schema', () => {
    expect(bool({ category: 'motion' }).filter).toEqual([NOT_EXPIRED, { term: { category: 'motion' } }]);
    expect(bool(fromQueryString('category=directors')).filter).toEqual([NOT_EXPIRED, { term: { category: 'director' } }]);
    expect(bool(fromQueryString('category=engineers')).filter).toEqual([NOT_EXPIRED, { term: { category: 'engineer' } }]);
  });

  it('location: word prefixes in order', () => {
    expect(bool({ location: 'Remote (US)' }).filter).toEqual([NOT_EXPIRED, wordFilter('location', 'location', 'remote us')]);
  });

  it('company: word prefixes in order on the hiring company', () => {
    expect(bool({ company: 'Globex' }).filter).toEqual([NOT_EXPIRED, { prefix: { company: { value: 'globex' } } }]);
  });

  it('remote: true and false both filter (false is not "no filter")', () => {
    expect(bool({ remote: true }).filter).toEqual([NOT_EXPIRED, { term: { remote: true } }]);
    expect(bool({ remote: false }).filter).toEqual([NOT_EXPIRED, { term: { remote: false } }]);
    expect(bool(fromQueryString('remote=false')).filter).toEqual([NOT_EXPIRED, { term: { remote: false } }]);
  });

  it('employment_type: an exact term', () => {
    expect(bool({ employment_type: 'internship' }).filter).toEqual([NOT_EXPIRED, { term: { employment_type: 'internship' } }]);
  });

  it('every filter together: all in filter (AND), q scored', () => {
    const b = bool(
      fromQueryString('q=designer&category=brand&location=remote&company=acme&remote=true&employment_type=full_time'),
    );
    expect(b.filter).toEqual([
      NOT_EXPIRED,
      { term: { category: 'brand' } },
      { term: { employment_type: 'full_time' } },
      { term: { remote: true } },
      { prefix: { location: { value: 'remote' } } },
      { prefix: { company: { value: 'acme' } } },
    ]);
    expect(b.must).toHaveLength(1);
  });
});

describe('openRoleSort', () => {
  it('featured first, then newest posted, then id', () => {
    expect(openRoleSort({})).toEqual([
      { placement_rank: { order: 'asc' } },
      { posted_at: { order: 'desc' } },
      { id: { order: 'asc' } },
    ]);
  });

  it('with q: featured first, then relevance, then newest, then id', () => {
    expect(openRoleSort({ q: 'brand' })).toEqual([
      { placement_rank: { order: 'asc' } },
      { _score: { order: 'desc' } },
      { posted_at: { order: 'desc' } },
      { id: { order: 'asc' } },
    ]);
    expect(openRoleSort({ q: '  ' })).toEqual(openRoleSort({}));
  });
});

describe('buildOpenRoleSearchRequest', () => {
  it('an offset window with exact totals and only the public open role from _source', () => {
    expect(buildOpenRoleSearchRequest({ remote: true }, { limit: 5, offset: 10 }, NOW)).toEqual({
      query: { bool: { filter: [NOT_EXPIRED, { term: { remote: true } }] } },
      sort: openRoleSort({}),
      size: 5,
      from: 10,
      track_total_hits: true,
      _source: ['role'],
    });
  });

  it('a cursor window uses search_after instead of from', () => {
    const request = buildOpenRoleSearchRequest({}, { limit: 5, after: [0, 1700000000000, 'r-1'] }, NOW);
    expect(request.search_after).toEqual([0, 1700000000000, 'r-1']);
    expect(request).not.toHaveProperty('from');
  });
});

describe('buildOpenRoleQuery: the role a request names beside words that qualify it', () => {
  it('an open role whose title holds it, typed or by a synonym, matches however few of the other words', () => {
    type Must = { dis_max?: { queries: [unknown, { bool: { filter: unknown[] } }] } };
    const [must] = bool({ q: 'a motion designer who can start next month' }).must as Must[];
    const [holders] = must!.dis_max!.queries[1].bool.filter as ReturnType<typeof titleHolds>[];
    expect(JSON.stringify(holders)).toContain('{"match_phrase":{"forms.title":"motion design"}}');
    expect((bool({ q: 'motion designer' }).must as Must[])[0]!.dis_max).toBeUndefined();
    expect(titleHolds(null)).toBeNull();
  });
});
