import { describe, expect, it } from 'vitest';
import type { DesignerFilters } from '../domain/designer-search.schema.ts';
import { guessStructuredTerms, searchHints } from './search-hints.ts';

/** A directory of known values: a filter counts 1 when its value is known, q counts when the word is. */
function counter(known: { locations?: string[]; companies?: string[]; words?: string[] }) {
  const calls: DesignerFilters[] = [];
  const count = async (filters: DesignerFilters) => {
    calls.push(filters);
    if (filters.location) return known.locations?.includes(filters.location) ? 1 : 0;
    if (filters.company) return known.companies?.includes(filters.company) ? 1 : 0;
    return known.words?.includes(filters.q ?? '') ? 1 : 0;
  };
  return { count, calls };
}

describe('guessStructuredTerms', () => {
  it('reads a category, and up to three words after "in" (a place) and "at" (an employer) for a count to trim', () => {
    expect(guessStructuredTerms('a brand designer who worked at Spotify')).toEqual({ category: 'brand', locations: [], companies: ['spotify'] });
    expect(guessStructuredTerms('senior product designers at stripe based in New York')).toEqual({
      category: 'product',
      locations: ['new york'],
      companies: ['stripe based in'],
    });
    // Filler after the first word stays: names hold it ("Possible Works"); leading filler is skipped.
    expect(guessStructuredTerms('illustrators who worked at possible works')).toMatchObject({ companies: ['possible works'] });
    expect(guessStructuredTerms('ux work in the US')).toMatchObject({ locations: ['us'] });
  });

  it('prefers a longer category phrase, and reads "former X" as an employer', () => {
    expect(guessStructuredTerms('former google heads of design')).toMatchObject({ category: 'director', companies: ['google heads of'] });
  });

  it('names no category when q names two different ones', () => {
    expect(guessStructuredTerms('someone who can do 3d product renders').category).toBeUndefined();
    expect(guessStructuredTerms('motion and brand designers').category).toBeUndefined();
    expect(guessStructuredTerms('ui ux designer').category).toBe('product');
    expect(guessStructuredTerms('design leadership roles').category).toBe('director');
  });

  it('reads what a client asks of a designer as the designer\'s category', () => {
    expect(guessStructuredTerms('someone to design our logo').category).toBe('brand');
    expect(guessStructuredTerms('a new wordmark and logos').category).toBe('brand');
    expect(guessStructuredTerms('children\'s book illustration').category).toBe('graphic');
    expect(guessStructuredTerms('typography for a magazine').category).toBe('graphic');
    expect(guessStructuredTerms('user researchers in berlin').category).toBe('product');
    expect(guessStructuredTerms('logo animation').category).toBeUndefined();
  });

  it('finds nothing in a plain name', () => {
    expect(guessStructuredTerms('Ana López')).toEqual({ locations: [], companies: [] });
  });
});

describe('searchHints', () => {
  it('says nothing without q', async () => {
    expect(await searchHints({ category: 'brand' }, 0, counter({}).count)).toEqual([]);
  });

  it('with results and no known values, says nothing', async () => {
    expect(await searchHints({ q: 'ana lopez' }, 1, counter({}).count)).toEqual([]);
  });

  it('suggests only values the directory holds, trimmed to the words that match', async () => {
    const { count } = counter({ locations: ['berlin'], companies: ['spotify'] });
    expect(await searchHints({ q: '3d generalist in berlin who knows blender' }, 5, count)).toEqual([
      'q names a category, a place that structured arguments match exactly: consider calling search_designers with ' +
        '{"category":"3d","location":"berlin","q":"generalist blender"}.',
    ]);
    expect(await searchHints({ q: 'designer at spotify' }, 5, count)).toEqual([
      'q names a company that structured arguments match exactly: consider calling search_designers with {"company":"spotify","q":"designer"}.',
    ]);
    // A category says "designer" already: q would only drop the profiles that never use the word.
    const places = counter({ locations: ['nyc', 'germany'] });
    expect(await searchHints({ q: 'motion designers based in NYC' }, 5, places.count)).toEqual([
      'q names a category, a place that structured arguments match exactly: consider calling search_designers with {"category":"motion","location":"nyc"}.',
    ]);
    expect(await searchHints({ q: 'brand design in germany', category: 'brand' }, 5, places.count)).toEqual([
      'q names a place that structured arguments match exactly: consider calling search_designers with {"location":"germany"}.',
    ]);
    // "at acme" is no company the directory holds: no suggestion.
    expect(await searchHints({ q: 'designer at acme' }, 5, count)).toEqual([]);
  });

  it('reads a place named without "in" after a specialty, when most of what q finds by it is there', async () => {
    // Berlin: 10 designers there, and q=berlin finds one more by a typo (Merlin). John: 3 in Johannesburg,
    // but q=john also finds 12 people named John.
    const directory = { berlin: { q: 11, there: 10 }, john: { q: 15, there: 3 }, 'new york': { q: 4, there: 4 } } as Record<string, { q: number; there: number }>;
    const calls: DesignerFilters[] = [];
    const count = async (filters: DesignerFilters) => {
      calls.push(filters);
      const place = directory[filters.location ?? filters.q ?? ''];
      if (!place) return 0;
      // With a location, q finds only those there.
      return filters.location ? place.there : place.q;
    };
    expect(await searchHints({ q: 'ux designer berlin' }, 40, count)).toEqual([
      'q names a category, a place that structured arguments match exactly: consider calling search_designers with {"category":"product","location":"berlin"}.',
    ]);
    expect(await searchHints({ q: 'motion designers new york' }, 4, count)).toEqual([
      'q names a category, a place that structured arguments match exactly: consider calling search_designers with {"category":"motion","location":"new york"}.',
    ]);
    expect(await searchHints({ q: 'brand designer john' }, 3, count)).toEqual([
      'q names a category that structured arguments match exactly: consider calling search_designers with {"category":"brand","q":"john"}.',
    ]);
    // Without a specialty, a last word is as likely a name or a company: no guess, and no count spent on one.
    calls.length = 0;
    expect(await searchHints({ q: 'designer berlin' }, 10, count)).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('does not suggest what the call already filters by', async () => {
    const { count } = counter({ locations: ['berlin'] });
    expect(await searchHints({ q: 'motion designer in berlin', category: 'motion', location: 'berlin' }, 2, count)).toEqual([]);
  });

  it('with no results, names the words that match nothing and suggests structured retries', async () => {
    const { count, calls } = counter({ words: ['designer'] });
    const lines = await searchHints({ q: 'a designer with quantum skills' }, 0, count);
    expect(lines[0]).toBe('No designer matches the word "quantum".');
    expect(lines[1]).toContain('company="…"');
    expect(lines[1]).toContain('location="…"');
    expect(lines[1]).toContain('category= one of');
    // Filler words are not checked: they never have to match.
    expect(calls.map((c) => c.q)).toEqual(['designer', 'quantum']);
  });
});
