import { describe, expect, it } from 'vitest';
import type { OpenRoleFilters } from '../domain/open-role-search.schema.ts';
import { openRoleHints } from './open-role-hints.ts';

/** Open roles of known places and companies: a filter counts 1 when its value is known. */
function counter(known: { locations?: string[]; companies?: string[]; words?: string[] }) {
  const calls: OpenRoleFilters[] = [];
  const count = async (filters: OpenRoleFilters) => {
    calls.push(filters);
    if (filters.location) return known.locations?.includes(filters.location) ? 1 : 0;
    if (filters.company) return known.companies?.includes(filters.company) ? 1 : 0;
    return known.words?.includes(filters.q ?? '') ? 1 : 0;
  };
  return { count, calls };
}

const line = (args: object, names: string) =>
  `q names ${names} that structured arguments match exactly: consider calling list_open_roles with ${JSON.stringify(args)}.`;

describe('openRoleHints', () => {
  it('says nothing without q, or when q names nothing an argument filters by', async () => {
    expect(await openRoleHints({ category: 'brand' }, 1, counter({}).count)).toEqual([]);
    expect(await openRoleHints({ q: 'checkout redesign' }, 1, counter({}).count)).toEqual([]);
  });

  it('reads remote or on-site work and an employment type, words and two-word phrases', async () => {
    const { count } = counter({});
    expect(await openRoleHints({ q: 'remote brand designer jobs' }, 1, count)).toEqual([line({ category: 'brand', remote: true }, 'a category, remote or on-site work')]);
    expect(await openRoleHints({ q: 'full-time motion roles' }, 1, count)).toEqual([line({ category: 'motion', employment_type: 'full_time' }, 'a category, an employment type')]);
    expect(await openRoleHints({ q: 'on site internships' }, 1, count)).toEqual([line({ remote: false, employment_type: 'internship' }, 'remote or on-site work, an employment type')]);
    expect(await openRoleHints({ q: 'freelance checkout redesign' }, 1, count)).toEqual([line({ employment_type: 'freelance', q: 'checkout redesign' }, 'an employment type')]);
  });

  it('reads a place after "in" and an employer after "at" when open roles are there', async () => {
    const { count } = counter({ locations: ['berlin', 'us'], companies: ['acme studio'] });
    expect(await openRoleHints({ q: 'contract ux work in the US' }, 1, count)).toEqual([
      line({ category: 'product', location: 'us', employment_type: 'contract' }, 'a category, a place, an employment type'),
    ]);
    expect(await openRoleHints({ q: 'motion roles at acme studio in berlin' }, 1, count)).toEqual([
      line({ category: 'motion', location: 'berlin', company: 'acme studio' }, 'a category, a place, a company'),
    ]);
    // No open role in Lisbon: no location suggested.
    expect(await openRoleHints({ q: 'brand roles in lisbon' }, 1, count)).toEqual([line({ category: 'brand', q: 'lisbon' }, 'a category')]);
  });

  it('with no results, names the words no open role holds, leaving out those that named an argument', async () => {
    const { count, calls } = counter({ words: ['motion'] });
    expect(await openRoleHints({ q: 'remote motion roles for quantum startups' }, 0, count)).toEqual([
      'No open role matches the words "quantum", "startups".',
      line({ category: 'motion', remote: true }, 'a category, remote or on-site work'),
    ]);
    // Filler ("roles", "for") and the word that named remote work are not counted.
    expect(calls.map((c) => c.q)).toEqual(['motion', 'quantum', 'startups']);
  });

  it('does not suggest what the call already filters by', async () => {
    const { count, calls } = counter({ locations: ['berlin'] });
    expect(await openRoleHints({ q: 'remote contract roles in berlin', remote: true, employment_type: 'contract', location: 'berlin' }, 1, count)).toEqual([]);
    expect(calls).toEqual([]);
  });
});
