import type { Category } from '../../shared/domain/category.schema.ts';
import type { DesignerImport } from '../../shared/domain/designer-import.schema.ts';
import { buildDesignerRecord } from '../../shared/domain/designer.builder.ts';
import type { Role } from '../../shared/domain/role.schema.ts';

/**
 * The relevance benchmark's directory: deterministic (one seed, our own word lists, no library whose
 * output could change between versions) and built to be hard in the ways real directories are: names
 * from many cultures with accents and two-word surnames, companies that share words ("Google" and
 * "Google DeepMind"), surnames that look like skills ("Webb" next to WebGL), near-duplicate people.
 */

/** mulberry32: a small, fast, seedable generator; the same seed always gives the same directory. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const chance = (p: number) => next() < p;
  function sample<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    const out: T[] = [];
    while (out.length < n && copy.length > 0) out.push(copy.splice(int(copy.length), 1)[0]!);
    return out;
  }
  return { next, int, pick, chance, sample };
}
export type Random = ReturnType<typeof createRandom>;

export const FIRST_NAMES = [
  'José', 'Zoë', 'Søren', 'Björn', 'Łukasz', 'Chloé', 'François', 'Ngozi', 'Aiko', 'Hiroshi', 'Priya', 'Ananya', 'Mei',
  'Wei', 'Oluwaseun', 'Zeynep', 'Ayşe', 'Mehmet', 'Fatima', 'Omar', 'Amara', 'Kwame', 'Siobhán', 'Niamh', 'Eoin',
  'João', 'Inês', 'Sofía', 'Lucía', 'Matías', 'Camille', 'Élodie', 'Agnieszka', 'Dmitri', 'Anastasia', 'Lars', 'Ingrid',
  'Astrid', 'Freya', 'Liam', 'Noah', 'Emma', 'Olivia', 'Kenji', 'Yuki', 'Haruto', 'Sakura', 'Minjun', 'Seoyeon', 'Ravi',
  'Arjun', 'Deepika', 'Linh', 'Thảo', 'Minh', 'Tariq', 'Leila', 'Yasmin', 'Dario', 'Giulia', 'Matteo', 'Chiara', 'Hana',
  'Jakub', 'Tereza', 'Márton', 'Zsófia', 'Kai', 'Malia', 'Aroha', 'Tane', 'Nadia', 'Ines', 'Gabriel', 'Rafael', 'Mateo',
  'Valentina', 'Ximena', 'Andrés', 'Pilar', 'Anders', 'Henrik', 'Maja', 'Elif', 'Can', 'Selin', 'Yusuf', 'Amina', 'Kofi',
  'Abena', 'Chidi', 'Adaeze', 'Thandiwe', 'Sipho', 'Aleksander', 'Katarzyna', 'Nikolai', 'Irina', 'Pedro', 'Beatriz',
  // Namesakes: first names that start with a title word ("brand", "lead"), which a one-word query must not rank first.
  'Brandt', 'Brandon', 'Leadra',
];

export const LAST_NAMES = [
  'García Márquez', 'van der Berg', 'de la Cruz', 'Al Amin', 'dos Santos', 'Ben David', 'Müller', 'Nowak', 'Kowalski',
  'Ødegaard', 'Nakamura', 'Kim', 'Park', 'Nguyễn', 'Trần', 'Okafor', 'Adeyemi', 'Mensah', 'Haddad', 'Yılmaz', 'Öztürk',
  'Papadopoulos', 'Rossi', 'Bianchi', 'Dubois', 'Lefèvre', 'Fernández', "O'Connor", 'Ó Súilleabháin', 'Patel', 'Sharma',
  'Iyer', 'Chen', 'Wang', 'Zhang', 'Sato', 'Suzuki', 'Webb', 'Webber', 'Weber', 'Goodwin', 'Stripling', 'Figueroa',
  'Berlinger', 'Blendermann', 'Lindqvist', 'Johansson', 'Andersen', 'Hansen', 'Virtanen', 'Korhonen', 'Novák',
  'Dvořák', 'Horváth', 'Kovačević', 'Petrović', 'Ivanova', 'Smirnov', 'Schmidt', 'Schneider', 'Fischer', 'Wagner',
  'Moreau', 'Laurent', 'Girard', 'Costa', 'Silva', 'Pereira', 'Oliveira', 'Martínez López', 'Hernández', 'Ramírez',
  'Torres', 'Gómez Ruiz', 'Cohen', 'Levi', 'Mizrahi', 'Hosseini', 'Karimi', 'Rahman', 'Hussain', 'Chowdhury', 'Das',
  'Reddy', 'Nair', 'Tanaka', 'Watanabe', 'Yamamoto', 'Lee', 'Choi', 'Jung', 'Pham', 'Le', 'Santos', 'Reyes', 'Cruz',
  'Walker', 'Brooks', 'Appleton', 'Stern', 'Adler', 'Leadbetter', 'Printz',
];

export const COMPANIES = [
  'Google', 'Google DeepMind', 'Google Cloud', 'Deep Mind Labs', 'Figma', 'Stripe', 'Stripe Press', 'Spotify', 'Airbnb',
  'Apple', 'Pineapple Studio', 'Meta', 'Metalab', 'Shopify', 'Notion', 'Linear', 'IDEO', 'Pentagram', 'Wolff Olins',
  'Collins', 'Frog Design', 'Uber', 'Uber Eats', 'Microsoft', 'Microsoft Research', 'Adobe', 'Canva', 'Duolingo',
  'Netflix', 'Blender Studio', 'Unity', 'Epic Games', 'Riot Games', 'Ubisoft', 'Zalando', 'N26', 'Klarna', 'Revolut',
  'Monzo', 'Wise', 'Mozilla', 'Atlassian', 'Dropbox', 'Slack', 'Asana', 'Miro', 'Framer', 'Webflow', 'Pitch', 'Vercel',
  'Studio Dumbar', 'Koto', 'Instrument', 'Buck', 'Giant Ant', 'Nike', 'Lego', 'IKEA', 'Volvo Cars', 'Porsche Design',
  'Berlin Design Studio', 'New York Times', 'Design Lab', 'Lab Studio', 'Canva Studio', 'Spotify Studios', 'Airbnb Luxe',
  'Figma Labs', 'Miro Ventures',
];

/**
 * Sister companies: another company whose name holds the first one's words ("Google Cloud" for "Google"), where
 * someone holding the same title is a distractor for "title company".
 */
export const SISTER_COMPANIES: Readonly<Record<string, string>> = {
  Google: 'Google Cloud', Stripe: 'Stripe Press', Uber: 'Uber Eats', Microsoft: 'Microsoft Research', Meta: 'Metalab',
  Canva: 'Canva Studio', Spotify: 'Spotify Studios', Airbnb: 'Airbnb Luxe', Figma: 'Figma Labs', Miro: 'Miro Ventures',
  'Design Lab': 'Berlin Design Studio', Apple: 'Pineapple Studio',
};

export const TITLES: Record<Category, readonly string[]> = {
  product: ['Product Designer', 'Senior Product Designer', 'Staff Product Designer', 'Lead Product Designer', 'UX Designer', 'Interaction Designer', 'UX Researcher'],
  brand: ['Brand Designer', 'Senior Brand Designer', 'Identity Designer', 'Visual Designer', 'Brand Lead'],
  graphic: ['Graphic Designer', 'Illustrator', 'Type Designer', 'Editorial Designer', 'Print Designer'],
  motion: ['Motion Designer', 'Animator', 'Senior Motion Designer', 'Motion Lead'],
  '3d': ['3D Designer', '3D Artist', '3D Generalist', 'CGI Artist', 'Spatial Designer'],
  director: ['Head of Design', 'Design Director', 'VP of Design', 'Creative Director', 'Design Manager', 'Design Lead'],
  engineer: ['Design Engineer', 'Design Technologist', 'UI Engineer', 'Creative Technologist'],
};

export const LOCATIONS = [
  'Berlin, DE', 'Munich, DE', 'New York, US', 'San Francisco, US', 'Austin, US', 'Seattle, US', 'London, UK', 'Paris, FR',
  'Tokyo, JP', 'Seoul, KR', 'São Paulo, BR', 'Mexico City, MX', 'Lagos, NG', 'Nairobi, KE', 'Bengaluru, IN', 'Amsterdam, NL',
  'Stockholm, SE', 'Copenhagen, DK', 'Lisbon, PT', 'Barcelona, ES', 'Toronto, CA', 'Montréal, CA', 'Sydney, AU',
  'Istanbul, TR', 'Zürich, CH', 'Kraków, PL', 'Reykjavík, IS', 'Remote (EU)', 'Remote (US)', 'Remote',
];

/** City word of a location ("Berlin, DE" → "Berlin"); Remote ones have none. */
export const cityOf = (location: string) => (location.startsWith('Remote') ? null : location.split(',')[0]!);

export const DOMAINS = [
  'fintech', 'healthcare', 'mobility', 'e-commerce', 'gaming', 'climate tech', 'edtech', 'music streaming', 'travel',
  'logistics', 'developer tools', 'public sector', 'fashion', 'food delivery', 'insurance', 'crypto', 'automotive',
];

export const SKILLS: Record<Category, readonly string[]> = {
  product: ['Figma', 'design systems', 'prototyping', 'user research', 'accessibility', 'information architecture', 'usability testing'],
  brand: ['brand strategy', 'visual identity', 'logo design', 'packaging', 'art direction', 'naming'],
  graphic: ['typography', 'illustration', 'editorial layout', 'print production', 'lettering', 'posters'],
  motion: ['After Effects', 'Cinema 4D', 'motion graphics', 'storyboarding', 'character animation', 'Lottie'],
  '3d': ['Blender', 'Houdini', 'Cinema 4D', 'Unreal Engine', 'WebGL', 'Three.js', 'ZBrush', 'Octane'],
  director: ['design leadership', 'hiring', 'design operations', 'strategy', 'mentoring', 'design critique'],
  engineer: ['WebGL', 'Three.js', 'React', 'TypeScript', 'SwiftUI', 'design systems', 'creative coding', 'shaders'],
};

const OPENERS = [
  (d: string, s: string) => `Designs for ${d} products with a focus on ${s}.`,
  (d: string, s: string) => `Has spent years in ${d}, known for ${s}.`,
  (d: string, s: string) => `Works across ${d} teams; strongest in ${s}.`,
  (d: string, s: string) => `Brings ${s} to ${d} companies of every size.`,
];
/** A bio naming a role the designer never held: words of a title and a company that no role of theirs holds. */
const MENTIONS = [
  (t: string, c: string) => `Previously ${t} at ${c}.`,
  (t: string, c: string) => `Worked closely with the ${t} team at ${c}.`,
  (t: string, c: string) => `Reports to the ${t} at ${c}.`,
  (t: string, c: string) => `Mentored by a ${t} from ${c}.`,
];
const CLOSERS = [
  (s: string) => `Also comfortable with ${s}.`,
  (s: string) => `Teaches workshops on ${s}.`,
  (s: string) => `Recently shipped work using ${s}.`,
  (s: string) => `Writes about ${s} and craft.`,
];

export interface CorpusDesigner extends DesignerImport {
  id: string;
  listed_at: string;
  /** Ground truth for the judgements: the skills and domains the description names. */
  skills: string[];
  domains: string[];
  /** A designer generated as a distractor for this designer's current role ("title company" queries). */
  distracts?: string;
}

const slugOf = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const CATEGORY_LIST = Object.keys(TITLES) as Category[];

function role(r: Random, category: Category, company?: string): Role {
  const c = company ?? r.pick(COMPANIES);
  return { title: r.pick(TITLES[category]), company: c, company_url: null };
}

/** The kinds of distractor a designer can be for an earlier one's current role (see generateCorpus). */
type DistractorKind = 'mention' | 'sister' | 'split';

/**
 * The roles and bio of a distractor for `target`'s current role (title T at company C):
 * - mention: another title at C, and a bio saying "previously T at" some other company;
 * - sister: T at a sister company of C (one whose name holds C's words);
 * - split: T at another company now, and another title at C before: one word per role.
 * Null when the kind does not apply (no sister company).
 */
function distractorRoles(r: Random, target: Role, kind: DistractorKind, category: Category): { current: Role; previous: Role[]; mention?: string } | null {
  const otherTitle = () => {
    for (;;) {
      const t = r.pick(TITLES[category]);
      if (t !== target.title) return t;
    }
  };
  const otherCompany = () => {
    for (;;) {
      const c = r.pick(COMPANIES);
      if (c !== target.company && !c.includes(target.company) && !target.company.includes(c)) return c;
    }
  };
  switch (kind) {
    case 'mention':
      return { current: { title: otherTitle(), company: target.company, company_url: null }, previous: [role(r, category)], mention: r.pick(MENTIONS)(target.title, otherCompany()) };
    case 'sister': {
      const sister = SISTER_COMPANIES[target.company];
      return sister ? { current: { title: target.title, company: sister, company_url: null }, previous: [] } : null;
    }
    case 'split':
      return { current: { title: target.title, company: otherCompany(), company_url: null }, previous: [{ title: otherTitle(), company: target.company, company_url: null }] };
  }
}

const DISTRACTOR_KINDS: readonly DistractorKind[] = ['mention', 'sister', 'split'];

/**
 * `size` designers. Every tenth is a near-duplicate of an earlier one (same name or same title and
 * company, different city or history), so a ranking has to use every word of the query. Every seventh is
 * a distractor for an earlier designer's current role (distractorRoles), and a third of the others have a
 * bio naming a title and a company they never held, so "title company" has to find one role that holds
 * both, not words spread over roles and bios.
 */
export function generateCorpus(size: number, seed = 20261122): CorpusDesigner[] {
  const r = createRandom(seed);
  const designers: CorpusDesigner[] = [];
  const slugs = new Set<string>();
  const start = Date.UTC(2024, 0, 1);
  for (let i = 0; i < size; i++) {
    const template = i > 20 && i % 10 === 0 ? designers[r.int(designers.length)]! : null;
    const target = !template && i > 20 && i % 7 === 0 ? designers[r.int(designers.length)]! : null;
    const category = (template && r.chance(0.5)) || target ? (template ?? target)!.category : r.pick(CATEGORY_LIST);
    const name = template && r.chance(0.5) ? template.name : `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`;
    let current = template?.current_role && r.chance(0.5) ? { ...template.current_role } : r.chance(0.92) ? role(r, category) : null;
    let previous = Array.from({ length: r.int(4) }, () => role(r, r.chance(0.7) ? category : r.pick(CATEGORY_LIST)));
    let mention = r.chance(0.3) ? r.pick(MENTIONS)(r.pick(TITLES[r.chance(0.7) ? category : r.pick(CATEGORY_LIST)]), r.pick(COMPANIES)) : undefined;
    const distractor = target?.current_role ? distractorRoles(r, target.current_role, r.pick(DISTRACTOR_KINDS), category) : null;
    if (distractor) ({ current, previous, mention } = { ...distractor, previous: [...distractor.previous, ...previous.slice(0, 1)] });
    const skills = r.sample(SKILLS[category], 1 + r.int(3));
    const domains = r.sample(DOMAINS, 1 + r.int(2));
    const text = [
      r.pick(OPENERS)(domains[0]!, skills[0]!),
      ...(mention ? [mention] : []),
      ...(skills.length > 1 ? [r.pick(CLOSERS)(skills.slice(1).join(' and '))] : []),
      ...(domains.length > 1 ? [`Previously worked on ${domains[1]} projects.`] : []),
    ].join(' ');
    const location = template && r.chance(0.3) ? template.location : r.pick(LOCATIONS);
    // A bio elsewhere that says "remote" (no draw, so the rest of the corpus is as before): "a remote brand
    // designer" has to read the location, not the word in a bio.
    const description = i % 9 === 4 && !location.startsWith('Remote') ? `${text} Used to remote-first teams across time zones.` : text;
    let slug = slugOf(name);
    for (let n = 2; slugs.has(slug); n++) slug = `${slugOf(name)}-${n}`;
    slugs.add(slug);
    const record = buildDesignerRecord({
      id: `rb${String(i).padStart(5, '0')}`,
      slug,
      name,
      description,
      website: `https://${slug}.example`,
      portfolio_preview: `https://images.example/${slug}.jpg`,
      category,
      location,
      current_role: current,
      previous_roles: previous,
      opted_in: true,
      status: 'published',
      listed_at: new Date(start + i * 3_600_000).toISOString(),
    });
    designers.push({ ...record, id: record.id!, listed_at: record.listed_at!, skills, domains, ...(distractor ? { distracts: target!.id } : {}) });
  }
  return designers;
}

/** The import record of a corpus designer (drops the ground-truth fields). */
export function toImportRecord({ skills: _s, domains: _d, distracts: _t, ...record }: CorpusDesigner): DesignerImport {
  return record;
}
