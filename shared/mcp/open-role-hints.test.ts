import { describe, expect, it } from 'vitest';
import type { OpenRoleFilters } from '../domain/open-role-search.schema.ts';
import { type HintRecord, hintDirectory } from './hint-directory.test-support.ts';
import { openRoleHints } from './open-role-hints.ts';

const ROLES: HintRecord[] = [
  { category: 'brand', places: ['remote', 'europe'], companies: ['acme studio'], words: ['brand', 'designer'], remote: true, employment_type: 'full_time' },
  { category: 'brand', places: ['berlin', 'germany'], companies: ['acme studio'], words: ['senior', 'brand', 'designer'], remote: true, employment_type: 'contract' },
  { category: 'motion', places: ['berlin', 'germany'], companies: ['acme studio'], words: ['motion', 'designer'], remote: false, employment_type: 'full_time' },
  { category: 'motion', places: ['berlin', 'germany'], companies: ['nord'], words: ['animator'], remote: false, employment_type: 'freelance' },
  { category: 'product', places: ['new', 'york', 'usa', 'us'], companies: ['spotify'], words: ['checkout', 'redesign', 'product', 'designer'], remote: false, employment_type: 'contract' },
  { category: 'graphic', places: ['paris'], companies: ['nord'], words: ['illustrator'], remote: false, employment_type: 'internship' },
];
const roles = () => hintDirectory<OpenRoleFilters>(ROLES);

const line = (args: object, names: string, found: string) =>
  `q names ${names} that structured arguments match exactly: consider calling list_open_roles with ${JSON.stringify(args)} (${found}).`;

describe('openRoleHints', () => {
  it('says nothing without q, or when q names nothing an argument filters by', async () => {
    expect(await openRoleHints({ category: 'brand' }, 2, roles().count)).toEqual([]);
    expect(await openRoleHints({ q: 'checkout redesign' }, 1, roles().count)).toEqual([]);
  });

  it('reads remote or on-site work and an employment type, words and two-word phrases, each offer checked', async () => {
    const { count } = roles();
    expect(await openRoleHints({ q: 'remote brand designer jobs' }, 2, count)).toEqual([line({ category: 'brand', remote: true }, 'a category, remote or on-site work', '2 open roles')]);
    expect(await openRoleHints({ q: 'full-time motion roles' }, 1, count)).toEqual([line({ category: 'motion', employment_type: 'full_time' }, 'a category, an employment type', '1 open role')]);
    expect(await openRoleHints({ q: 'on site internships' }, 1, count)).toEqual([line({ remote: false, employment_type: 'internship' }, 'remote or on-site work, an employment type', '1 open role')]);
    expect(await openRoleHints({ q: 'contract checkout redesign' }, 1, count)).toEqual([line({ employment_type: 'contract', q: 'checkout redesign' }, 'an employment type', '1 open role')]);
    // No remote motion listing: said, not offered.
    expect(await openRoleHints({ q: 'remote motion roles' }, 2, count)).toEqual([
      'q names a category, remote or on-site work, but no open role matches {"category":"motion","remote":true}.',
    ]);
  });

  it('reads a place after "in" and an employer after "at" when open roles are there', async () => {
    const { count } = roles();
    expect(await openRoleHints({ q: 'contract ux work in the US' }, 1, count)).toEqual([
      line({ category: 'product', location: 'us', employment_type: 'contract' }, 'a category, a place, an employment type', '1 open role'),
    ]);
    expect(await openRoleHints({ q: 'motion roles at acme studio in berlin' }, 1, count)).toEqual([
      line({ category: 'motion', location: 'berlin', company: 'acme studio' }, 'a category, a place, a company', '1 open role'),
    ]);
    // No open role in Lisbon: no location suggested, and the word is reported as matching nothing.
    expect(await openRoleHints({ q: 'brand roles in lisbon' }, 2, count)).toEqual([
      'No open role matches the word "lisbon": these results match the other words of q.',
      line({ category: 'brand' }, 'a category', '2 open roles'),
    ]);
  });

  it("keeps the caller's own arguments in the call it offers", async () => {
    expect(await openRoleHints({ q: 'jobs in berlin', category: 'brand' }, 1, roles().count)).toEqual([
      line({ category: 'brand', location: 'berlin' }, 'a place', '1 open role'),
    ]);
    expect(await openRoleHints({ q: 'remote', category: 'brand' }, 2, roles().count)).toEqual([
      line({ category: 'brand', remote: true }, 'remote or on-site work', '2 open roles'),
    ]);
  });

  it('with no results, names the words no open role holds, leaving out those that named an argument', async () => {
    const { count, calls } = roles();
    expect(await openRoleHints({ q: 'remote motion roles for quantum startups' }, 0, count)).toEqual([
      'No open role matches the words "quantum", "startups".',
      'q names a category, remote or on-site work, but no open role matches {"category":"motion","remote":true}.',
    ]);
    // Filler ("roles", "for"), the word that named remote work and the category's word are not counted.
    expect(calls.filter((c) => Object.keys(c).length === 1 && c.q).map((c) => c.q)).toEqual(['quantum', 'startups']);
  });

  it('points location="remote" at remote=true, which finds every remote listing, keeping the other arguments', async () => {
    expect(await openRoleHints({ location: 'remote' }, 1, roles().count)).toEqual([
      'location="remote" matches only listings whose place says so (1); remote=true matches every such listing: ' +
        'consider calling list_open_roles with {"remote":true} (2 open roles).',
    ]);
    expect(await openRoleHints({ location: 'Remote', category: 'brand' }, 1, roles().count)).toEqual([
      'location="Remote" matches only listings whose place says so (1); remote=true matches every such listing: ' +
        'consider calling list_open_roles with {"category":"brand","remote":true} (2 open roles).',
    ]);
    // Already remote=true, or a place that is more than the word: nothing to say.
    expect(await openRoleHints({ location: 'remote', remote: true }, 1, roles().count)).toEqual([]);
    expect(await openRoleHints({ location: 'remote europe' }, 1, roles().count)).toEqual([]);
  });

  it('does not suggest what the call already filters by', async () => {
    const { count, calls } = roles();
    expect(await openRoleHints({ q: 'remote contract roles in berlin', remote: true, employment_type: 'contract', location: 'berlin' }, 1, count)).toEqual([]);
    expect(calls.filter((c) => c.location !== undefined && c.q === undefined && Object.keys(c).length === 1)).toEqual([]);
  });
});
