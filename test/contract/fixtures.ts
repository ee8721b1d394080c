import type { DesignerImport } from '../../shared/domain/designer-import.schema.ts';
import { buildDesigner, buildDesignerRecord } from '../../shared/domain/designer.builder.ts';
import type { Designer, IndexedDesigner } from '../../shared/domain/designer.schema.ts';
import type { OpenRoleImportInput } from '../../shared/domain/open-role-import.schema.ts';
import { buildOpenRole } from '../../shared/domain/open-role.builder.ts';
import type { OpenRole } from '../../shared/domain/open-role.schema.ts';

/**
 * The contract suite's directory: small, hand-made records whose words exercise each matching rule
 * (accents, word prefixes, words inside other words, company order, typos) and whose dates fix the
 * order. Every engine is fed these same records.
 */

export const PUBLIC_BASE_URL = 'https://directory.example';
/** The clock of the contract: open-role expiry is judged against it. */
export const NOW = new Date('2026-06-01T12:00:00.000Z');

const DAY = 86_400_000;
const at = (daysBeforeNow: number) => new Date(NOW.getTime() - daysBeforeNow * DAY).toISOString();

export type DesignerFixture = DesignerImport & { id: string; listed_at: string };
export type OpenRoleFixture = OpenRoleImportInput & { id: string; posted_at: string; expires_at: string };

const role = (title: string, company: string, company_url: string | null = null) => ({ title, company, company_url });

function designer(
  n: number,
  slug: string,
  name: string,
  fields: Partial<DesignerFixture> & Pick<DesignerFixture, 'category' | 'location'>,
): DesignerFixture {
  const id = `d${String(n).padStart(2, '0')}`;
  const record = buildDesignerRecord({ id, slug, name, website: `https://${slug}.example`, portfolio_preview: `https://images.example/${slug}.jpg`, ...fields });
  return { ...record, id, listed_at: fields.listed_at ?? at(n) };
}

export const DESIGNERS: DesignerFixture[] = [
  designer(1, 'ana-lopez', 'Ana López', {
    category: 'product',
    location: 'San Francisco, US',
    description: 'Builds calm interfaces for fintech.',
    current_role: role('Product Designer', 'Acme Studio', 'https://acme.example'),
    previous_roles: [role('Designer', 'Globex Corporation')],
  }),
  designer(2, 'bruno-muller', 'Bruno Müller', {
    category: 'brand',
    location: 'Zürich, CH',
    description: 'Shapes brands from strategy to systems.',
    current_role: role('Brand Designer', 'Initech'),
    previous_roles: [role('Identity Designer', 'Acme Labs')],
  }),
  designer(3, 'chloe-dubois', 'Chloé Dubois', {
    category: 'director',
    location: 'Brussels, BE',
    description: 'Leads design teams through growth.',
    current_role: role('Head of Design', 'Umbrella'),
    previous_roles: [role('Design Manager', 'Globex Corporation')],
  }),
  designer(4, 'dana-smith', 'Dana Smith', {
    category: 'product',
    location: 'Austin, TX',
    description: 'Accessible product work.',
    current_role: role('UX Designer', 'Hooli'),
  }),
  designer(5, 'erik-johansson', 'Erik Johansson', {
    category: 'motion',
    location: 'Remote (US)',
    description: 'Animates stories.',
    current_role: role('Motion Designer', 'Pied Piper'),
    previous_roles: [role('Animator', 'Acme Studio')],
  }),
  designer(6, 'fatima-zahra', 'Fatima Zahra', {
    category: '3d',
    location: 'Remote (EU)',
    description: 'Models worlds in 3D.',
    previous_roles: [role('3D Artist', 'Macme Works')],
  }),
  designer(7, 'goro-tanaka', 'Gorō Tanaka', {
    category: 'engineer',
    location: 'Tokyo, JP',
    description: 'Bridges design and code.',
    current_role: role('Design Engineer', 'Studio Acme'),
  }),
  designer(8, 'hana-kim', 'Hana Kim', {
    category: 'graphic',
    location: 'Seoul, KR',
    description: 'Loves type, grids and print.',
    current_role: role('Illustrator', 'Globex Corporation'),
    previous_roles: [role('Type Designer', 'Initech')],
  }),
  designer(9, 'ivan-petrov', 'Ivan Petrov', {
    category: 'product',
    location: 'New York, US',
    description: 'Design systems at scale.',
    current_role: role('Senior Product Designer', 'Initech'),
  }),
  designer(10, 'john-appleseed', 'John Appleseed', {
    category: 'product',
    location: 'São Paulo, BR',
    description: 'Research-led product work.',
    current_role: role('Product Designer', 'Acme Studio'),
    previous_roles: [role('UX Researcher', 'Hooli'), role('Intern', 'Umbrella')],
  }),
  // A place whose name holds words that are also country codes (DE Germany, LA Laos), and no country.
  designer(14, 'noa-cruz', 'Noa Cruz', {
    category: 'motion',
    location: 'Puerto de la Cruz',
    current_role: role('Animator', 'Tide Films'),
  }),
  // Not listed: they share words with listed designers, so a leak would show.
  designer(11, 'kai-draft', 'Kai Draft', {
    category: 'product',
    location: 'San Francisco, US',
    current_role: role('Product Designer', 'Acme Studio'),
    status: 'draft',
  }),
  designer(12, 'lea-out', 'Lea Out', {
    category: 'product',
    location: 'San Francisco, US',
    current_role: role('Product Designer', 'Acme Studio'),
    opted_in: false,
  }),
  designer(13, 'mo-hidden', 'Mo Hidden', {
    category: 'director',
    location: 'New York, US',
    current_role: role('Design Director', 'Globex Corporation'),
    status: 'hidden',
  }),
  // Twelve alike, two of them listed at the same instant, for pages, cursors and the id tie-break.
  ...Array.from({ length: 12 }, (_, i) =>
    designer(20 + i, `filler-${String(i + 1).padStart(2, '0')}`, `Filler ${String(i + 1).padStart(2, '0')}`, {
      category: 'graphic',
      location: 'Lisbon, PT',
      description: 'Filler profile for paging.',
      current_role: role('Graphic Designer', 'Filler Co'),
      ...(i === 5 ? { listed_at: at(20 + 4) } : {}),
    }),
  ),
];

export const isListed = (d: DesignerFixture) => (d.status ?? 'published') === 'published' && (d.opted_in ?? true);
export const LISTED = DESIGNERS.filter(isListed);

export function toDesigner(d: DesignerFixture): Designer {
  return buildDesigner(d, PUBLIC_BASE_URL);
}

export function toIndexedDesigner(d: DesignerFixture): IndexedDesigner {
  return { designer: toDesigner(d), listed_at: d.listed_at, version: 1 };
}

/** The documented order without q: newest listed first, then id. */
export const BY_LISTED = [...LISTED].sort((a, b) => b.listed_at.localeCompare(a.listed_at) || a.id.localeCompare(b.id)).map((d) => d.id);

function openRole(
  id: string,
  fields: Pick<OpenRoleFixture, 'title' | 'company' | 'location' | 'category' | 'employment_type'> & Partial<OpenRoleFixture>,
  postedDaysAgo: number,
  lifetimeDays = 30,
): OpenRoleFixture {
  return {
    id,
    company_url: null,
    remote: false,
    description: '',
    apply_url: `https://jobs.example/${id}`,
    placement: 'standard',
    posted_at: at(postedDaysAgo),
    expires_at: at(postedDaysAgo - lifetimeDays),
    ...fields,
  };
}

export const OPEN_ROLES: OpenRoleFixture[] = [
  openRole('r1', { title: 'Senior Product Designer', company: 'Acme Studio', location: 'San Francisco, US', category: 'product', employment_type: 'full_time', placement: 'featured', description: 'Own the checkout.' }, 5),
  openRole('r2', { title: 'Brand Designer', company: 'Globex Corporation', location: 'Remote (US)', remote: true, category: 'brand', employment_type: 'contract', description: 'Refresh the identity.' }, 1),
  openRole('r3', { title: 'Motion Designer', company: 'Initech', location: 'Berlin, DE', category: 'motion', employment_type: 'freelance', description: 'Animate the launch.' }, 2),
  // Expired ten days ago: in the store and even in the index, never in a result.
  openRole('r4', { title: 'Product Designer', company: 'Acme Studio', location: 'Austin, TX', category: 'product', employment_type: 'full_time' }, 40),
  openRole('r5', { title: 'Product Designer', company: 'Acme Studio', location: 'San Francisco, US', category: 'product', employment_type: 'full_time', status: 'draft' }, 1),
  openRole('r6', { title: 'Head of Design', company: 'Umbrella', location: 'Brussels, BE', category: 'director', employment_type: 'full_time', placement: 'featured', description: 'Lead a team of twelve.' }, 10),
  // Expires two hours after NOW.
  { ...openRole('r7', { title: 'UX Researcher', company: 'Hooli', location: 'Remote (EU)', remote: true, category: 'product', employment_type: 'part_time', description: 'Interview users.' }, 3), expires_at: new Date(NOW.getTime() + 2 * 3_600_000).toISOString() },
];

export const isPublishedRole = (r: OpenRoleFixture) => (r.status ?? 'published') === 'published';

export function toOpenRole(r: OpenRoleFixture): OpenRole {
  return buildOpenRole(r);
}
