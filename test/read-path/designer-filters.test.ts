import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Designer } from '../../shared/domain/designer.schema.ts';
import { normalizeText } from '../../shared/text/fold.ts';
import { requireServices } from '../support/services.ts';
import { CAST } from './designer-cast.ts';
import { type ListBody, query, ReadPathFixture, slugsOf } from './read-path.harness.ts';

const services = requireServices('elasticsearch');

/** Newest listed first, then id: the documented order without q. */
const ALL_IN_ORDER = [
  'priya-nair',
  'jonas-berg',
  'kofi-mensah',
  'ana-muller',
  'lena-ortiz',
  'sofia-rossi',
  'tom-becker',
  'marguerite-delacroix',
  'mara-quinn',
  'mira-holt',
  'nova-reyes',
  'ines-costa',
];

describe.skipIf(!services)('GET /api/v1/designers filters on a real Elasticsearch', () => {
  let fx: ReadPathFixture;

  beforeAll(async () => {
    fx = await ReadPathFixture.create(services!.elasticsearch, 'designer_filters');
    await fx.load({ designers: CAST });
  });

  afterAll(async () => {
    await fx?.dispose();
  });

  async function search(params: Record<string, string | number | undefined>) {
    const response = await fx.app.get<ListBody<Designer>>(`/api/v1/designers${query(params)}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.success).toBe(true);
    return response.body;
  }

  const slugs = async (params: Record<string, string | number | undefined>) => slugsOf(await search(params));
  const sorted = async (params: Record<string, string | number | undefined>) => (await slugs(params)).sort();

  describe('the index analysis this mapping relies on (GET _analyze)', () => {
    it('the standard analyzer splits application-folded text into exactly the words fold.ts produced', async () => {
      const raw = 'Zürich, CH · Remote (US) · O’Brien & Søren 3D-Studio';
      const folded = normalizeText(raw);
      expect(folded).toBe('zurich ch remote us o brien soren 3d studio');
      const { tokens } = await fx.client.indices.analyze({ analyzer: 'standard', text: folded });
      expect(tokens?.map((t) => t.token)).toEqual(folded.split(' '));
      expect(tokens?.map((t) => t.position)).toEqual(folded.split(' ').map((_, i) => i));
    });

    it('the standard analyzer does not fold accents itself, so folding in the application is needed', async () => {
      const { tokens } = await fx.client.indices.analyze({ analyzer: 'standard', text: 'Zürich Müller' });
      expect(tokens?.map((t) => t.token)).toEqual(['zürich', 'müller']);
    });

    it('the search fields of a concrete index analyze with the standard analyzer', async () => {
      const { tokens } = await fx.client.indices.analyze({ index: fx.names.designers, field: 'location', text: 'remote us' });
      expect(tokens?.map((t) => t.token)).toEqual(['remote', 'us']);
    });
  });

  it('without parameters returns every designer, newest listed first, then id', async () => {
    const body = await search({});
    expect(slugsOf(body)).toEqual(ALL_IN_ORDER);
    expect(body.meta).toEqual({ total: 12, limit: 50, offset: 0, has_more: false, next_cursor: null });
  });

  describe('each filter alone', () => {
    it('q matches names', async () => {
      expect(await slugs({ q: 'kofi' })).toEqual(['kofi-mensah']);
    });

    it('q matches current and previous role titles and companies, and descriptions', async () => {
      expect(await sorted({ q: 'art director' })).toEqual(['marguerite-delacroix']); // previous title
      expect(await sorted({ q: 'umbrella' })).toEqual(['sofia-rossi']); // previous company, no current role
      expect(await sorted({ q: 'initech' })).toEqual(['lena-ortiz']); // current company
      expect(await sorted({ q: 'museums' })).toEqual(['ana-muller']); // description
      // Current title first; Marguerite's Design Director is a curated synonym of head of design, so she
      // matches too, ranked below the literal title.
      expect(await slugs({ q: 'head of design' })).toEqual(['kofi-mensah', 'marguerite-delacroix']);
    });

    it('slug is exact', async () => {
      expect(await slugs({ slug: 'kofi-mensah' })).toEqual(['kofi-mensah']);
      expect(await slugs({ slug: 'kofi' })).toEqual([]);
      expect((await search({ slug: 'kofi-mensah', limit: 1 })).meta).toMatchObject({ total: 1, limit: 1, has_more: false });
    });

    it('category is an exact term', async () => {
      expect(await slugs({ category: 'director' })).toEqual(['kofi-mensah', 'marguerite-delacroix']);
      expect(await slugs({ category: 'engineer' })).toEqual(['jonas-berg']);
      expect(await slugs({ category: '3d' })).toEqual(['priya-nair']);
      expect(await slugs({ category: 'brand' })).toEqual(['ana-muller', 'nova-reyes', 'ines-costa']);
    });

    it('category accepts the earlier plurals directors and engineers as aliases', async () => {
      expect(await slugs({ category: 'directors' })).toEqual(['kofi-mensah', 'marguerite-delacroix']);
      expect(await slugs({ category: 'engineers' })).toEqual(['jonas-berg']);
    });

    it('location filters by words (city, country code, remote)', async () => {
      expect(await slugs({ location: 'Paris' })).toEqual(['marguerite-delacroix']);
      expect(await slugs({ location: 'DE' })).toEqual(['mara-quinn', 'mira-holt']);
    });

    it('company matches the current or any previous company', async () => {
      expect(await sorted({ company: 'hooli' })).toEqual(['jonas-berg', 'kofi-mensah']); // current, previous
      expect(await sorted({ company: 'Acme Studio' })).toEqual(['ana-muller', 'marguerite-delacroix']);
    });
  });

  describe('partial-match rules for location', () => {
    it('location=US matches "San Francisco, US" and "Remote (US)" but not "Austin, TX" or "Brussels, BE"', async () => {
      const found = await sorted({ location: 'US' });
      expect(found).toEqual(['kofi-mensah', 'lena-ortiz']);
      expect(found).not.toContain('sofia-rossi');
      expect(found).not.toContain('jonas-berg');
    });

    it('location=remote matches "Remote", "Remote (EU)" and "Remote (US)"', async () => {
      expect(await sorted({ location: 'remote' })).toEqual(['kofi-mensah', 'priya-nair', 'tom-becker']);
    });

    it('matches word prefixes in order, never inside a word and never out of order', async () => {
      expect(await slugs({ location: 'san fran' })).toEqual(['lena-ortiz']);
      expect(await slugs({ location: 'san francisco us' })).toEqual(['lena-ortiz']);
      expect(await slugs({ location: 'francisco san' })).toEqual([]);
      expect(await slugs({ location: 'cisco' })).toEqual([]);
      expect(await slugs({ location: 'stin' })).toEqual([]); // inside "Austin"
      expect(await slugs({ location: 'san us' })).toEqual([]); // not adjacent
      expect(await slugs({ location: 'remote (eu)' })).toEqual(['tom-becker']);
    });

    it('is case- and accent-insensitive both ways', async () => {
      expect(await slugs({ location: 'zurich' })).toEqual(['ana-muller']);
      expect(await slugs({ location: 'ZÜRICH' })).toEqual(['ana-muller']);
      expect(await slugs({ location: 'Zür' })).toEqual(['ana-muller']);
      expect(await slugs({ location: 'REMOTE (us)' })).toEqual(['kofi-mensah']);
    });
  });

  describe('partial-match rules for company', () => {
    it('matches whole words or word prefixes, in order, never inside a word', async () => {
      expect(await sorted({ company: 'globex' })).toEqual(['ana-muller', 'kofi-mensah']);
      expect(await sorted({ company: 'glob' })).toEqual(['ana-muller', 'kofi-mensah']);
      expect(await sorted({ company: 'globex corp' })).toEqual(['kofi-mensah']);
      expect(await sorted({ company: 'studio' })).toEqual(['ana-muller', 'marguerite-delacroix']);
      expect(await sorted({ company: 'lobex' })).toEqual([]);
      expect(await sorted({ company: 'corporation globex' })).toEqual([]);
    });

    it('does not join words of two different companies into one phrase', async () => {
      // ana-muller: "Acme Studio" then "Globex": the words are adjacent only across two companies.
      expect(await sorted({ company: 'studio globex' })).toEqual([]);
    });

    it('is case- and accent-insensitive', async () => {
      expect(await slugs({ company: 'cafe noir' })).toEqual(['tom-becker']);
      expect(await slugs({ company: 'CAFÉ' })).toEqual(['tom-becker']);
      expect(await slugs({ company: 'maison lumiere' })).toEqual(['marguerite-delacroix']);
    });
  });

  describe('free text q', () => {
    it('is case- and accent-insensitive', async () => {
      expect(await slugs({ q: 'muller' })).toEqual(['ana-muller']);
      expect(await slugs({ q: 'MÜLLER' })).toEqual(['ana-muller']);
      expect(await slugs({ q: 'Ana Müller' })).toEqual(['ana-muller']);
    });

    it('tolerates one typo from 4 letters', async () => {
      expect(await slugs({ q: 'lema' })).toEqual(['lena-ortiz']); // 4 letters, 1 substitution
      expect(await slugs({ q: 'mullr' })).toEqual(['ana-muller']); // 5 letters, 1 deletion
    });

    it('tolerates two typos from 8 letters, but only one below 8', async () => {
      expect(await slugs({ q: 'dalacroic' })).toEqual(['marguerite-delacroix']); // 9 letters, 2 edits
      expect(await slugs({ q: 'mulzzr' })).toEqual([]); // 6 letters, 2 edits
    });

    it('tolerates no typo under 4 letters', async () => {
      expect(await slugs({ q: 'tom' })).toEqual(['tom-becker']);
      expect(await slugs({ q: 'tam' })).toEqual([]);
      expect(await slugs({ q: 'kfi' })).toEqual([]);
    });

    it('matches the last word as a prefix (search as you type)', async () => {
      expect(await slugs({ q: 'margue' })).toEqual(['marguerite-delacroix']);
      expect(await slugs({ q: 'delac' })).toEqual(['marguerite-delacroix']);
      expect(await slugs({ q: 'ana mül' })).toEqual(['ana-muller']);
      expect(await slugs({ q: 'kofi men' })).toEqual(['kofi-mensah']);
      // Only the last word: an earlier word must be a whole word (or a typo of one).
      expect(await slugs({ q: 'mar delacroix' })).toEqual([]);
    });

    it('requires every word to match', async () => {
      expect(await slugs({ q: 'kofi muller' })).toEqual([]);
    });

    it('ranks an exact match above a fuzzy one', async () => {
      expect(await slugs({ q: 'mira' })).toEqual(['mira-holt', 'mara-quinn']);
      expect(await slugs({ q: 'mara' })).toEqual(['mara-quinn', 'mira-holt']);
    });

    it('ranks a match in the name above one in the description', async () => {
      expect(await slugs({ q: 'nova' })).toEqual(['nova-reyes', 'ines-costa']);
    });

    it('refuses a q made only of punctuation, naming q, and reads a blank q as none', async () => {
      const refused = await fx.app.get<{ success: boolean; error: string; details: { parameter: string; message: string }[] }>(`/api/v1/designers${query({ q: ' ,;() ' })}`);
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual([{ parameter: 'q', message: expect.stringMatching(/^must contain a letter or a digit/) }]);
      expect((await search({ q: '  ' })).meta.total).toBe(12);
    });
  });

  describe('filters combine with AND', () => {
    it('category AND location', async () => {
      expect(await slugs({ category: 'director', location: 'remote' })).toEqual(['kofi-mensah']);
      expect(await slugs({ category: 'director', location: 'US' })).toEqual(['kofi-mensah']);
      expect(await slugs({ category: 'brand', location: 'remote' })).toEqual([]);
    });

    it('company AND location', async () => {
      expect(await slugs({ company: 'globex', location: 'US' })).toEqual(['kofi-mensah']);
      expect(await slugs({ company: 'acme', location: 'paris' })).toEqual(['marguerite-delacroix']);
    });

    it('q AND category', async () => {
      expect(await sorted({ q: 'acme' })).toEqual(['ana-muller', 'marguerite-delacroix']);
      expect(await slugs({ q: 'acme', category: 'directors' })).toEqual(['marguerite-delacroix']);
    });

    it('q AND company AND location', async () => {
      expect(await slugs({ q: 'design', company: 'hooli', location: 'brussels' })).toEqual(['jonas-berg']);
    });

    it('slug AND category', async () => {
      expect(await slugs({ slug: 'ana-muller', category: 'brand' })).toEqual(['ana-muller']);
      expect(await slugs({ slug: 'ana-muller', category: 'product' })).toEqual([]);
    });

    it('all five filters at once, and any one of them failing empties the result', async () => {
      const all = { q: 'ana', slug: 'ana-muller', category: 'brand', location: 'zurich', company: 'globex' };
      expect(await slugs(all)).toEqual(['ana-muller']);
      for (const [key, wrong] of Object.entries({
        q: 'kofi',
        slug: 'kofi-mensah',
        category: 'motion',
        location: 'paris',
        company: 'hooli',
      })) {
        expect(await slugs({ ...all, [key]: wrong }), key).toEqual([]);
      }
    });
  });
});
