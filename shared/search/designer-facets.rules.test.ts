import { describe, expect, it } from 'vitest';
import { buildDesigner } from '../domain/designer.builder.ts';
import { designerFacetValues, locationFacets, locationFacetValues, topFacetValues } from './designer-facets.rules.ts';

describe('designer facet values', () => {
  it('reads the country as the location filter does: the last part, code or name, UK as GB', () => {
    expect(locationFacetValues('Munich, DE')).toEqual({ country: 'DE', remote: false });
    expect(locationFacetValues('Berlin, Germany')).toEqual({ country: 'DE', remote: false });
    expect(locationFacetValues('London, UK')).toEqual({ country: 'GB', remote: false });
    expect(locationFacetValues('Remote (US)')).toEqual({ country: 'US', remote: true });
    expect(locationFacetValues('Remote')).toEqual({ country: null, remote: true });
    expect(locationFacetValues('Berlin')).toEqual({ country: null, remote: false });
    expect(locationFacetValues('')).toEqual({ country: null, remote: false });
  });

  it('counts each company once per designer, current and previous', () => {
    const role = (title: string, company: string) => ({ title, company, company_url: null });
    const designer = buildDesigner({ current_role: role('Lead', 'Figma'), previous_roles: [role('Designer', 'Canva'), role('Intern', 'Figma')] });
    expect(designerFacetValues(designer).companies).toEqual(['Figma', 'Canva']);
  });
});

describe('topFacetValues', () => {
  it('most first, ties by value in code-point order, at most 10, no zero counts', () => {
    const counts = Array.from({ length: 12 }, (_, i) => [`v${String(i).padStart(2, '0')}`, i % 3] as const);
    const top = topFacetValues(counts);
    expect(top).toHaveLength(8);
    expect(top.slice(0, 4)).toEqual([
      { value: 'v02', count: 2 },
      { value: 'v05', count: 2 },
      { value: 'v08', count: 2 },
      { value: 'v11', count: 2 },
    ]);
    expect(topFacetValues([['Zeta', 1], ['alpha', 1], ['Émile', 1]]).map((v) => v.value)).toEqual(['Zeta', 'alpha', 'Émile']);
    expect(topFacetValues(Array.from({ length: 20 }, (_, i) => [`c${i}`, 1] as const))).toHaveLength(10);
  });

  it('sums the designers of every location of one country', () => {
    const { country, remote } = locationFacets([
      { location: 'Berlin, DE', count: 3 },
      { location: 'Munich, Germany', count: 2 },
      { location: 'Remote (DE)', count: 1 },
    ]);
    expect([...country]).toEqual([['DE', 6]]);
    expect(remote.get(true)).toBe(1);
    expect(remote.get(false)).toBe(5);
  });
});
