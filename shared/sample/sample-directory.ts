import { en, Faker } from '@faker-js/faker';
import type { Category } from '../domain/category.schema.ts';
import { CATEGORIES } from '../domain/category.schema.ts';
import { buildDesigner } from '../domain/designer.builder.ts';
import type { IndexedDesigner } from '../domain/designer.schema.ts';
import { buildOpenRole } from '../domain/open-role.builder.ts';
import { defaultExpiry, EMPLOYMENT_TYPES, type IndexedOpenRole } from '../domain/open-role.schema.ts';
import type { Role } from '../domain/role.schema.ts';
import { designerImagePath } from '../web/site-urls.ts';
import { designerBio, openRoleDescription, SAMPLE_COMPANIES } from './sample-text.ts';

/**
 * A deterministic, fictional sample directory: the same seed always gives the same people, companies
 * and histories. Only the open roles' dates follow the clock, so that open roles are listed when loaded.
 *
 * Two generators: `faker` draws the people, places, roles and dates; `prose` writes the bios and job ads
 * (sample-text.ts). `faker` still makes every draw the directory's first text made (a company name, a
 * catch-phrase) and throws it away, so the people, their histories and the counts that README, docs and
 * tests cite stay the same for a given seed.
 */

const LOCATIONS = [
  'San Francisco, US', 'New York, US', 'Austin, US', 'Seattle, US', 'Los Angeles, US', 'Chicago, US',
  'Toronto, CA', 'Vancouver, CA', 'Mexico City, MX', 'São Paulo, BR', 'Buenos Aires, AR',
  'London, UK', 'Manchester, UK', 'Dublin, IE', 'Paris, FR', 'Lyon, FR', 'Berlin, DE', 'Munich, DE',
  'Amsterdam, NL', 'Brussels, BE', 'Zürich, CH', 'Copenhagen, DK', 'Stockholm, SE', 'Oslo, NO',
  'Helsinki, FI', 'Kraków, PL', 'Lisbon, PT', 'Barcelona, ES', 'Madrid, ES', 'Milan, IT',
  'Tel Aviv, IL', 'Istanbul, TR', 'Lagos, NG', 'Nairobi, KE', 'Cape Town, ZA', 'Bengaluru, IN',
  'Singapore, SG', 'Tokyo, JP', 'Seoul, KR', 'Sydney, AU', 'Melbourne, AU', 'Auckland, NZ',
  'Remote', 'Remote (US)', 'Remote (EU)', 'Remote (Worldwide)',
] as const;

const TITLES: Record<Category, readonly string[]> = {
  product: ['Product Designer', 'Senior Product Designer', 'Staff Product Designer', 'UX Designer', 'Interaction Designer', 'UX Researcher'],
  brand: ['Brand Designer', 'Senior Brand Designer', 'Identity Designer', 'Visual Designer'],
  graphic: ['Graphic Designer', 'Illustrator', 'Type Designer', 'Editorial Designer', 'Print Designer'],
  motion: ['Motion Designer', 'Animator', 'Senior Motion Designer', 'Video Designer'],
  '3d': ['3D Designer', '3D Artist', 'CGI Artist', 'Spatial Designer'],
  director: ['Head of Design', 'Design Director', 'VP of Design', 'Creative Director', 'Design Manager'],
  engineer: ['Design Engineer', 'Design Technologist', 'UI Engineer', 'Creative Technologist'],
};

const STUDIO_WORDS = ['Studio', 'Labs', 'Works', 'Collective', 'Design Co.', 'Interactive', 'Digital'];

/** The name the docs and builders use as their example; the sample's first product designer has it. */
const EXAMPLE_NAME = 'Ana López';

/** A draw whose value the sample no longer uses, made so that every draw after it stays the same. */
const keepStream = (_drawn: unknown) => undefined;

export interface SampleDirectory {
  designers: IndexedDesigner[];
  openRoles: IndexedOpenRole[];
}

export interface SampleOptions {
  designers?: number;
  openRoles?: number;
  seed?: number;
  publicBaseUrl: string;
  now?: Date;
}

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function generateSampleDirectory(options: SampleOptions): SampleDirectory {
  const seed = options.seed ?? 20261121;
  const faker = new Faker({ locale: [en] });
  faker.seed(seed);
  const prose = new Faker({ locale: [en] });
  prose.seed(seed + 1);
  const now = options.now ?? new Date();
  const publicBaseUrl = options.publicBaseUrl.replace(/\/+$/, '');

  const companies = SAMPLE_COMPANIES.map(({ name }, i) => {
    keepStream(i % 3 === 0 ? [faker.word.adjective({ length: { min: 4, max: 9 } }), faker.helpers.arrayElement(STUDIO_WORDS)] : faker.company.name());
    return name;
  });
  const companyUrl = (company: string) => (faker.datatype.boolean(0.8) ? `https://${slugify(company)}.example` : null);

  const role = (category: Category): Role => {
    const company = faker.helpers.arrayElement(companies);
    return { title: faker.helpers.arrayElement(TITLES[category]), company, company_url: companyUrl(company) };
  };

  const slugs = new Set<string>();
  const listedFrom = Date.UTC(2023, 0, 1);
  const listedTo = Date.UTC(2026, 9, 1);
  const designers: IndexedDesigner[] = [];
  let exampleNamed = false;
  for (let i = 0; i < (options.designers ?? 500); i++) {
    const drawnName = `${faker.person.firstName()} ${faker.person.lastName()}`;
    const category = faker.helpers.arrayElement(CATEGORIES);
    const name: string = !exampleNamed && category === 'product' ? EXAMPLE_NAME : drawnName;
    exampleNamed ||= name === EXAMPLE_NAME;
    let slug = slugify(name);
    for (let n = 2; slugs.has(slug); n++) slug = `${slugify(name)}-${n}`;
    slugs.add(slug);
    const history = Array.from({ length: faker.number.int({ min: 0, max: 3 }) }, () =>
      role(faker.helpers.arrayElement([category, category, faker.helpers.arrayElement(CATEGORIES)])),
    );
    const current = faker.datatype.boolean(0.85) ? role(category) : null;
    const id = faker.string.uuid();
    keepStream([faker.helpers.arrayElement(TITLES[category]), faker.company.catchPhrase()]);
    const location = faker.helpers.arrayElement(LOCATIONS);
    const designer = buildDesigner(
      {
        id,
        slug,
        name,
        description: designerBio(prose, { category, current, previous: history, place: location }),
        website: `https://${slug}.portfolio.example`,
        // The directory's own generated artwork, served by the API that serves the sample: it always loads.
        portfolio_preview: `${publicBaseUrl}${designerImagePath(slug, 'preview')}`,
        category,
        location,
        current_role: current,
        previous_roles: history,
      },
      options.publicBaseUrl,
    );
    const listed = new Date(faker.number.int({ min: listedFrom, max: listedTo }));
    designers.push({ designer, listed_at: listed.toISOString(), version: 1 });
  }

  const openRoles: IndexedOpenRole[] = [];
  for (let i = 0; i < (options.openRoles ?? 40); i++) {
    const category = faker.helpers.arrayElement(CATEGORIES);
    const company = faker.helpers.arrayElement(companies);
    const posted = new Date(now.getTime() - faker.number.int({ min: 0, max: 25 }) * 86_400_000 - i * 60_000);
    const location = faker.helpers.arrayElement(LOCATIONS);
    const id = faker.string.uuid();
    const title = faker.helpers.arrayElement(TITLES[category]);
    const company_url = companyUrl(company);
    const remote = location.startsWith('Remote') || faker.datatype.boolean(0.2);
    const employment_type = faker.helpers.weightedArrayElement([
        { weight: 6, value: 'full_time' },
        { weight: 1, value: 'part_time' },
        { weight: 2, value: 'contract' },
        { weight: 1, value: 'freelance' },
        { weight: 1, value: 'internship' },
      ] satisfies { weight: number; value: (typeof EMPLOYMENT_TYPES)[number] }[]);
    keepStream([faker.helpers.arrayElement(TITLES[category]), faker.company.catchPhrase()]);
    const role = buildOpenRole({
      id,
      title,
      company,
      company_url,
      location,
      remote,
      employment_type,
      category,
      description: openRoleDescription(prose, { title, category, company, employment: employment_type, location, remote }),
      apply_url: `https://jobs.${slugify(company)}.example/${faker.string.alphanumeric({ length: 8, casing: 'lower' })}`,
      placement: faker.datatype.boolean(0.15) ? 'featured' : 'standard',
      posted_at: posted.toISOString(),
      expires_at: defaultExpiry(posted).toISOString(),
    });
    openRoles.push({ role, version: 1 });
  }
  return { designers, openRoles };
}
