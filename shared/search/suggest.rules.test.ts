import { describe, expect, it } from 'vitest';
import { rankSuggestions, suggestWords } from './suggest.rules.ts';

describe('suggestWords', () => {
  it('gives each kind’s distinct folded words, a place under every name search knows it by', () => {
    const words = suggestWords({
      name: 'Zoë Müller',
      description: 'ignored',
      location: 'Munich, DE',
      current_role: { title: 'Lead Designer', company: 'Canva', company_url: null },
      previous_roles: [{ title: 'Designer', company: 'Canva', company_url: null }],
    });
    expect(words.name).toEqual(['muller', 'zoe']);
    expect(words.title).toEqual(['designer', 'lead']);
    expect(words.company).toEqual(['canva']);
    expect(words.place).toEqual(expect.arrayContaining(['munich', 'germany', 'deutschland', 'europe']));
  });
});

describe('rankSuggestions', () => {
  it('orders by count, then word in binary order, then kind, and cuts at the limit', () => {
    const ranked = rankSuggestions(
      [
        { text: 'b', kind: 'place', count: 1 },
        { text: 'a', kind: 'title', count: 1 },
        { text: 'a', kind: 'name', count: 1 },
        { text: 'z', kind: 'company', count: 3 },
      ],
      3,
    );
    expect(ranked).toEqual([
      { text: 'z', kind: 'company', count: 3 },
      { text: 'a', kind: 'name', count: 1 },
      { text: 'a', kind: 'title', count: 1 },
    ]);
  });
});
