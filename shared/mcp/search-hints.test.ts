import { describe, expect, it } from 'vitest';
import type { DesignerFilters } from '../domain/designer-search.schema.ts';
import { type HintRecord, hintDirectory } from './hint-directory.test-support.ts';
import { guessStructuredTerms, MAX_CHECKED_WORDS, searchHints } from './search-hints.ts';

const DESIGNERS: HintRecord[] = [
  { category: '3d', places: ['berlin', 'germany'], companies: ['acme studio'], words: ['lena', 'generalist', 'blender', 'artist'] },
  { category: 'product', places: ['berlin', 'germany'], companies: ['spotify'], words: ['keon', 'ux', 'researcher'] },
  { category: 'product', places: ['new', 'york', 'nyc', 'usa'], companies: ['spotify'], words: ['ana', 'lopez', 'senior', 'product', 'designer'] },
  { category: 'motion', places: ['new', 'york', 'nyc', 'usa'], companies: ['possible works'], words: ['john', 'motion', 'designer', 'animator'] },
  { category: 'brand', places: ['paris', 'france'], companies: ['possible works'], words: ['jean', 'brand', 'designer'] },
];
const designers = () => hintDirectory<DesignerFilters>(DESIGNERS);
const offer = (names: string, args: object, found: string) =>
  `q names ${names} that structured arguments match exactly: consider calling search_designers with ${JSON.stringify(args)} (${found}).`;

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
  it('says nothing without q, or when every word matches and q names nothing', async () => {
    expect(await searchHints({ category: 'brand' }, 0, designers().count)).toEqual([]);
    expect(await searchHints({ q: 'ana lopez' }, 1, designers().count)).toEqual([]);
  });

  it('offers the structured call only as checked: with the rest of q when that finds someone, else without it, saying so', async () => {
    expect(await searchHints({ q: '3d generalist in berlin who knows blender' }, 1, designers().count)).toEqual([
      offer('a category, a place', { category: '3d', location: 'berlin', q: 'generalist blender' }, '1 designer'),
    ]);
    // Keon, the product designer in Berlin, is no senior: the call with q=senior would find no one.
    expect(await searchHints({ q: 'senior product designer in Berlin' }, 2, designers().count)).toEqual([
      offer('a category, a place', { category: 'product', location: 'berlin' }, '1 designer; with q="senior" as well, none'),
    ]);
    // Spotify: a company the directory holds, with two designers; "designer" is what every record is.
    expect(await searchHints({ q: 'designers at spotify' }, 2, designers().count)).toEqual([offer('a company', { company: 'spotify' }, '2 designers')]);
  });

  it('says so when what q names finds no one together, instead of offering that call', async () => {
    expect(await searchHints({ q: 'motion designers in berlin' }, 3, designers().count)).toEqual([
      'q names a category, a place, but no designer matches {"category":"motion","location":"berlin"}.',
    ]);
  });

  it("keeps the caller's own arguments in the call it offers", async () => {
    expect(await searchHints({ q: 'designers in new york', category: 'motion' }, 1, designers().count)).toEqual([
      offer('a place', { category: 'motion', location: 'new york' }, '1 designer'),
    ]);
    expect(await searchHints({ q: 'in paris', company: 'possible' }, 1, designers().count)).toEqual([
      offer('a place', { company: 'possible', location: 'paris' }, '1 designer'),
    ]);
  });

  it('keeps in q the words that narrow a category (a UX researcher is one kind of product designer)', async () => {
    expect(await searchHints({ q: 'ux researcher in berlin' }, 1, designers().count)).toEqual([
      offer('a category, a place', { category: 'product', location: 'berlin', q: 'researcher' }, '1 designer'),
    ]);
  });

  it('with results, names the words that match no one, and leaves them out of the call it offers', async () => {
    const { count, calls } = designers();
    expect(await searchHints({ q: 'senior product designer at google in new york' }, 1, count)).toEqual([
      'No designer matches the word "google": these results match the other words of q.',
      offer('a category, a place', { category: 'product', location: 'new york', q: 'senior' }, '1 designer'),
    ]);
    // Counted: neither filler nor the words the call now says with an argument (the category, the place);
    // nor a q of one word that found someone.
    expect(calls.filter((c) => Object.keys(c).length === 1 && c.q).map((c) => c.q)).toEqual(['senior', 'designer', 'google']);
    calls.length = 0;
    expect(await searchHints({ q: 'lena' }, 1, count)).toEqual([]);
    expect(calls).toEqual([]);
  });

  it(`checks at most ${MAX_CHECKED_WORDS} words of a long q`, async () => {
    const { count, calls } = designers();
    const words = Array.from({ length: 12 }, (_, i) => `zz${i}`);
    expect(await searchHints({ q: words.join(' ') }, 0, count)).toEqual([
      `No designer matches the words ${words.slice(0, MAX_CHECKED_WORDS).map((w) => `"${w}"`).join(', ')}.`,
      expect.stringContaining('Try fewer or other words in q'),
    ]);
    expect(calls).toHaveLength(MAX_CHECKED_WORDS);
  });

  it('reads a place named without "in" after a specialty, when most of what q finds by it is there', async () => {
    // Berlin: q=berlin finds the four designers there and Berliner, by the prefix the engines allow. John: one
    // designer in Johannesburg, and two people named John.
    const { count, calls } = hintDirectory<DesignerFilters>([
      ...DESIGNERS,
      { category: 'graphic', places: ['berlin', 'germany'], companies: [], words: ['mia'] },
      { category: 'graphic', places: ['berlin', 'germany'], companies: [], words: ['jonas'] },
      { category: 'graphic', places: ['paris'], companies: [], words: ['berliner', 'berlin'] },
      { category: 'brand', places: ['johannesburg', 'south', 'africa'], companies: [], words: ['thandi'] },
      { category: 'brand', places: ['lima'], companies: [], words: ['john', 'brand'] },
    ]);
    expect(await searchHints({ q: 'ux designer berlin' }, 1, count)).toEqual([offer('a category, a place', { category: 'product', location: 'berlin' }, '1 designer')]);
    expect(await searchHints({ q: 'motion designers new york' }, 1, count)).toEqual([
      offer('a category, a place', { category: 'motion', location: 'new york' }, '1 designer'),
    ]);
    expect(await searchHints({ q: 'brand designer john' }, 1, count)).toEqual([offer('a category', { category: 'brand', q: 'john' }, '1 designer')]);
    // Without a specialty, a last word is as likely a name or a company: no place guessed, none counted.
    calls.length = 0;
    expect(await searchHints({ q: 'designer berlin' }, 3, count)).toEqual([]);
    expect(calls.filter((c) => c.location !== undefined)).toEqual([]);
  });

  it('does not suggest what the call already filters by', async () => {
    expect(await searchHints({ q: 'product designer in berlin', category: 'product', location: 'berlin' }, 1, designers().count)).toEqual([]);
  });

  it('with no results, names the words that match nothing and suggests structured retries', async () => {
    const { count, calls } = designers();
    const lines = await searchHints({ q: 'a designer with quantum skills' }, 0, count);
    expect(lines[0]).toBe('No designer matches the word "quantum".');
    expect(lines[1]).toContain('company="…"');
    expect(lines[1]).toContain('location="…"');
    expect(lines[1]).toContain('category= one of');
    // Filler words are not checked: they never have to match.
    expect(calls.map((c) => c.q)).toEqual(['designer', 'quantum']);
  });
});
