import { describe, expect, it } from 'vitest';
import { PLACEMENTS } from '../domain/open-role.schema.ts';
import { DESIGNER_SEARCH_RULES, designerRoles } from './designer-search.rules.ts';
import { OPEN_ROLE_SEARCH_RULES, PLACEMENT_RANK } from './open-role-search.rules.ts';
import { hasFreeText } from './search-rules.ts';

const role = (title: string) => ({ title, company: 'Acme', company_url: null });

describe('search rules', () => {
  it('free text means at least one word to match: blanks and punctuation alone are none', () => {
    expect(hasFreeText(undefined)).toBe(false);
    expect(hasFreeText('')).toBe(false);
    expect(hasFreeText('  ')).toBe(false);
    expect(hasFreeText('!!!')).toBe(false);
    expect(hasFreeText('ana')).toBe(true);
    // A query of filler only keeps its words.
    expect(hasFreeText('who')).toBe(true);
  });

  it('designers: relevance first only with free text, then newest listed, then id', () => {
    const fields = (q?: string) => DESIGNER_SEARCH_RULES.order({ q }).map((r) => `${r.field} ${r.descending ? 'desc' : 'asc'}`);
    expect(fields()).toEqual(['listed_at desc', 'id asc']);
    expect(fields('!!!')).toEqual(['listed_at desc', 'id asc']);
    expect(fields('ana')).toEqual(['score desc', 'listed_at desc', 'id asc']);
  });

  it('open roles: featured first, then relevance with free text, then newest posted, then id', () => {
    const fields = (q?: string) => OPEN_ROLE_SEARCH_RULES.order({ q }).map((r) => `${r.field} ${r.descending ? 'desc' : 'asc'}`);
    expect(fields()).toEqual(['placement_rank asc', 'posted_at desc', 'id asc']);
    expect(fields('brand')).toEqual(['placement_rank asc', 'score desc', 'posted_at desc', 'id asc']);
  });

  it('every placement has a rank, featured before standard', () => {
    expect(Object.keys(PLACEMENT_RANK).sort()).toEqual([...PLACEMENTS].sort());
    expect(PLACEMENT_RANK.featured).toBeLessThan(PLACEMENT_RANK.standard);
  });

  it("a designer's roles: the current one first, then the previous ones in order", () => {
    expect(designerRoles({ current_role: role('Lead'), previous_roles: [role('A'), role('B')] })).toEqual([
      { role: role('Lead'), current: true },
      { role: role('A'), current: false },
      { role: role('B'), current: false },
    ]);
    expect(designerRoles({ current_role: null, previous_roles: [role('A')] })).toEqual([{ role: role('A'), current: false }]);
  });

  it('field boosts: the name or title highest, the location lowest', () => {
    const boosts = (text: Record<string, { boost: number }>) => Object.fromEntries(Object.entries(text).map(([k, v]) => [k, v.boost]));
    expect(boosts(DESIGNER_SEARCH_RULES.text)).toEqual({ name: 3, titles: 2, companies: 2, description: 1, location: 0.5 });
    expect(boosts(OPEN_ROLE_SEARCH_RULES.text)).toEqual({ title: 3, company: 2, description: 1, location: 0.5 });
  });
});
