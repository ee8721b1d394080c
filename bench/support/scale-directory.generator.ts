import { en, Faker } from '@faker-js/faker';
import { CATEGORIES, type Category } from '../../shared/domain/category.schema.ts';
import type { DesignerImportInput } from '../../shared/domain/designer-import.schema.ts';
import { buildDesignerRecord } from '../../shared/domain/designer.builder.ts';
import type { Role } from '../../shared/domain/role.schema.ts';

/**
 * Deterministic, realistic designers at any size, one at a time (a million never sit in memory). Faker,
 * seeded, fills vocabularies that grow with the size (names, companies, cities), so filters stay as
 * selective at 1M as at 10k; a small seeded PRNG then picks from them per record, which is ~50× faster
 * than calling Faker per field. The same size and seed always give the same records, byte for byte.
 */

const TITLES: Record<Category, readonly string[]> = {
  product: ['Product Designer', 'Senior Product Designer', 'Staff Product Designer', 'UX Designer', 'Interaction Designer', 'UX Researcher'],
  brand: ['Brand Designer', 'Senior Brand Designer', 'Identity Designer', 'Visual Designer'],
  graphic: ['Graphic Designer', 'Illustrator', 'Type Designer', 'Editorial Designer', 'Print Designer'],
  motion: ['Motion Designer', 'Animator', 'Senior Motion Designer', 'Video Designer'],
  '3d': ['3D Designer', '3D Artist', 'CGI Artist', 'Spatial Designer'],
  director: ['Head of Design', 'Design Director', 'VP of Design', 'Creative Director', 'Design Manager'],
  engineer: ['Design Engineer', 'Design Technologist', 'UI Engineer', 'Creative Technologist'],
};
const PITCHES: Record<Category, string> = {
  product: 'builds calm, accessible interfaces',
  brand: 'shapes brands from strategy to systems',
  graphic: 'loves type, grids and print',
  motion: 'animates products and stories',
  '3d': 'models worlds in 3D',
  director: 'leads design teams through growth',
  engineer: 'bridges design and code',
};
const COUNTRIES = ['US', 'US', 'US', 'UK', 'DE', 'FR', 'CA', 'NL', 'ES', 'IT', 'SE', 'BR', 'IN', 'JP', 'AU', 'MX', 'PL', 'PT', 'IE', 'CH'];
const STUDIO_WORDS = ['Studio', 'Labs', 'Works', 'Collective', 'Design Co.', 'Interactive', 'Digital'];

/** mulberry32: tiny, fast and good enough to pick from lists. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface ScaleOptions {
  designers: number;
  seed?: number;
}

export interface ScaleVocabulary {
  companies: string[];
  locations: string[];
  firstNames: string[];
  lastNames: string[];
}

export function scaleVocabulary(options: ScaleOptions): ScaleVocabulary {
  const faker = new Faker({ locale: [en] });
  faker.seed(options.seed ?? 20261122);
  const n = options.designers;
  const companies = Array.from({ length: Math.max(60, Math.round(n / 40)) }, (_, i) =>
    (i % 3 === 0 ? `${faker.word.adjective()} ${faker.helpers.arrayElement(STUDIO_WORDS)}` : faker.company.name()).replace(/^\w/, (c) =>
      c.toUpperCase(),
    ),
  );
  const cities = Array.from({ length: Math.max(50, Math.min(3000, Math.round(n / 200))) }, () => faker.location.city());
  const locations = [
    ...cities.map((city, i) => `${city}, ${COUNTRIES[i % COUNTRIES.length]}`),
    'Remote',
    'Remote (US)',
    'Remote (EU)',
    'Remote (Worldwide)',
  ];
  const firstNames = Array.from({ length: 2000 }, () => faker.person.firstName());
  const lastNames = Array.from({ length: 4000 }, () => faker.person.lastName());
  return { companies, locations, firstNames, lastNames };
}

/** The designers as curator import records (the NDJSON an operator would import). */
export function* scaleDesigners(options: ScaleOptions): Generator<DesignerImportInput> {
  const vocab = scaleVocabulary(options);
  const random = prng(options.seed ?? 20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const hex = (digits: number) => Array.from({ length: digits }, () => Math.floor(random() * 16).toString(16)).join('');
  const role = (category: Category): Role => {
    const company = pick(vocab.companies);
    return { title: pick(TITLES[category]), company, company_url: random() < 0.8 ? `https://${slugify(company)}.example` : null };
  };
  const listedFrom = Date.UTC(2023, 0, 1);
  const listedSpan = Date.UTC(2026, 9, 1) - listedFrom;
  for (let i = 0; i < options.designers; i++) {
    const name = `${pick(vocab.firstNames)} ${pick(vocab.lastNames)}`;
    const slug = `${slugify(name)}-${i.toString(36)}`;
    const category = pick(CATEGORIES);
    const history = Array.from({ length: Math.floor(random() * 4) }, () => role(random() < 0.7 ? category : pick(CATEGORIES)));
    yield buildDesignerRecord({
      id: `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`,
      slug,
      name,
      description: `${pick(TITLES[category])} who ${PITCHES[category]}. Worked with ${pick(vocab.companies)} and ${pick(vocab.companies)}.`,
      website: `https://${slug}.portfolio.example`,
      portfolio_preview: `https://images.designer-directory.example/previews/${slug}.jpg`,
      category,
      location: pick(vocab.locations),
      current_role: random() < 0.85 ? role(category) : null,
      previous_roles: history,
      listed_at: new Date(listedFrom + Math.floor(random() * listedSpan)).toISOString(),
      opted_in: true,
      status: 'published',
    });
  }
}
