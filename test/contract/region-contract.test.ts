import { describe, expect, it } from 'vitest';
import { contractEngines } from './engines.ts';
import { withExtraDesigners } from './extra-designers.ts';
import { DESIGNERS, type DesignerFixture } from './fixtures.ts';

/**
 * The regions a request or a location filter names, one behaviour on PGlite, a Postgres server and
 * Elasticsearch: a region finds what lies in it, and not what lies in a wider region spelt with its words
 * ("Asia Pacific" holds "Asia", which Sydney is not in; "South East Asia" holds "East Asia", which Singapore is
 * not in).
 */

const base = DESIGNERS[0]!;
const mapDesigner = (slug: string, location: string, n: number): DesignerFixture => ({
  ...base,
  id: `rg${n}`,
  slug,
  name: `${slug} Reyes`,
  website: `https://${slug}.example`,
  portfolio_preview: `https://images.example/${slug}.jpg`,
  description: 'Route maps.',
  location,
  current_role: { title: 'Map Designer', company: 'Kestrel', company_url: null },
  previous_roles: [],
  status: 'published',
  opted_in: true,
  listed_at: `2026-06-0${n}T00:00:00.000Z`,
});

const EXTRA = [
  mapDesigner('syd', 'Sydney, AU', 1),
  mapDesigner('sgp', 'Singapore, SG', 2),
  mapDesigner('tyo', 'Tokyo, JP', 3),
  mapDesigner('rem', 'Remote (Asia Pacific)', 4),
];

describe.each(contractEngines)('regions a request names on $name', (engine) => {
  const reason = engine.unavailable();
  const { loaded, slugs } = withExtraDesigners(engine, EXTRA);
  const sorted = async (q: string) => (await slugs(q)).sort();
  const filtered = async (location: string) =>
    (await loaded().search.searchDesigners({ q: 'map designer', location }, { limit: 20, offset: 0 })).items.map((d) => d.slug).sort();

  it.skipIf(reason)('a region finds what lies in it, not what lies in a wider region spelt with its words', async () => {
    // Sydney is in APAC, not in Asia; Singapore in Southeast Asia, not in East Asia. The remote designer says Asia.
    expect(await sorted('map designers in asia')).toEqual(['rem', 'sgp', 'tyo']);
    expect(await sorted('map designers in east asia')).toEqual(['tyo']);
    expect(await filtered('asia')).toEqual(['rem', 'sgp', 'tyo']);
    expect(await filtered('East Asia')).toEqual(['tyo']);
  });

  it.skipIf(reason)('a wider region finds what lies in it however it is spelt', async () => {
    for (const q of ['map designers in asia pacific', 'map designers in Asia-Pacific', 'map designers in APAC']) {
      expect([q, await sorted(q)]).toEqual([q, ['rem', 'sgp', 'syd', 'tyo']]);
    }
    for (const location of ['Asia Pacific', 'asia-pacific', 'APAC']) expect([location, await filtered(location)]).toEqual([location, ['rem', 'sgp', 'syd', 'tyo']]);
    for (const q of ['map designers in south east asia', 'map designers in Southeast Asia']) expect([q, await sorted(q)]).toEqual([q, ['sgp']]);
    expect(await filtered('South-East Asia')).toEqual(['sgp']);
  });
});

/** Globe Designers in three countries, and one in Toronto (the newest listing) whose bio names the US. */
const GLOBES = [
  { ...mapDesigner('glb-nyc', 'New York, US', 5), current_role: { title: 'Globe Designer', company: 'Kestrel', company_url: null } },
  { ...mapDesigner('glb-ber', 'Berlin, DE', 6), current_role: { title: 'Globe Designer', company: 'Kestrel', company_url: null } },
  { ...mapDesigner('glb-lis', 'Lisbon, PT', 7), current_role: { title: 'Globe Designer', company: 'Kestrel', company_url: null } },
  { ...mapDesigner('glb-bio', 'Toronto, CA', 8), current_role: { title: 'Globe Designer', company: 'Kestrel', company_url: null }, description: 'Globes for US museums.' },
];

describe.each(contractEngines)('a place a request names before "based" or "only" on $name', (engine) => {
  const reason = engine.unavailable();
  const { slugs } = withExtraDesigners(engine, GLOBES);
  const sorted = async (q: string) => (await slugs(q)).sort();

  it.skipIf(reason)('is required as a place named after "in" is', async () => {
    // Read as a word, "US" was one a match could lack: every Globe Designer matched, the one whose bio names the
    // US first; "only" was a word to match.
    for (const q of ['US-based globe designers', 'globe designers, US only', 'globe designers in the US only', 'globe designers in the US']) {
      expect([q, await sorted(q)]).toEqual([q, ['glb-nyc']]);
    }
    expect(await sorted('a Berlin-based globe designer')).toEqual(['glb-ber']);
    expect(await sorted('globe designers, Europe only')).toEqual(['glb-ber', 'glb-lis']);
  });

  it.skipIf(reason)('an English word typed beside the role is no place unless it is a place\'s name', async () => {
    // Read as a place, "new" earned the Globe Designer in New York the bonus of one: first, above the one whose
    // bio names museums.
    expect((await slugs('globe designers for our new fintech museums'))[0]).toBe('glb-bio');
    expect((await slugs('globe designers new york'))[0]).toBe('glb-nyc');
  });
});
