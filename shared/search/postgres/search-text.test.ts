import { describe, expect, it } from 'vitest';
import { DESIGNER_FIELD_WEIGHTS, DESIGNER_NAMING_WEIGHTS } from './designer.search-text.ts';
import { OPEN_ROLE_FIELD_WEIGHTS, OPEN_ROLE_NAMING_WEIGHTS } from './open-role.search-text.ts';
import { fieldWeights, namingWeights } from './search-text.ts';

describe('tsvector weights from the field boosts', () => {
  it('give each weight the points of its fields, in the order of the Elasticsearch boosts', () => {
    // name A, titles and companies B, description C, location D.
    expect(DESIGNER_FIELD_WEIGHTS).toEqual({ A: 6, B: 4, C: 2, D: 1 });
    // title A, company B, location C, description D: the stored layout of open_role_search.
    expect(OPEN_ROLE_FIELD_WEIGHTS).toEqual({ A: 6, B: 4, C: 1, D: 2 });
  });

  it('refuse fields of different boosts at one weight, and a boost that is not a whole number of points', () => {
    const text = (boost: number) => ({ boost, text: () => '' });
    expect(() => fieldWeights({ a: text(3), b: text(2) }, { a: 'A', b: 'A' })).toThrow(/share one boost/);
    expect(() => fieldWeights({ a: text(0.25) }, { a: 'A' })).toThrow(/whole number/);
  });
});

describe('the weights of the fields that name the record', () => {
  it('are every weight but the description\'s', () => {
    expect(DESIGNER_NAMING_WEIGHTS).toBe('ABD');
    expect(OPEN_ROLE_NAMING_WEIGHTS).toBe('ABC');
  });

  it('refuse a prose field sharing a weight with a field that names the record', () => {
    const text = (prose: boolean) => ({ boost: 1, prose, text: () => '' });
    expect(() => namingWeights({ a: text(false), b: text(true) }, { a: 'A', b: 'A' })).toThrow(/shares weight A/);
  });
});
