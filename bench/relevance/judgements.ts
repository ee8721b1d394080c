import type { Role } from '../../shared/domain/role.schema.ts';
import { fold, tokenize } from '../../shared/text/fold.ts';
import { cityOf, type CorpusDesigner, createRandom, type Random, SKILLS } from './corpus.ts';

/**
 * Judged queries for the relevance benchmark, derived from the corpus's ground truth (the roles,
 * locations, skills and domains each designer was generated with), never from an engine's output.
 * Grades: 3 the intended answer, 2 clearly relevant, 1 partly relevant, 0 (absent) not relevant.
 */

export const FAMILIES = ['names', 'misspellings', 'prefixes', 'title+company', 'skills', 'agent', 'nothing'] as const;
/** The families where the words typed are not the words the profile holds (concept-judgements.ts). */
export const CONCEPT_FAMILIES = ['synonyms', 'word forms', 'multi-constraint', 'languages', 'nothing (hard)'] as const;
export type Family = (typeof FAMILIES)[number] | (typeof CONCEPT_FAMILIES)[number];

/** Families whose right answer is an empty one: only their zero-result rate means anything. */
export const isNothingFamily = (family: string): boolean => family.startsWith('nothing');

export interface JudgedQuery {
  family: Family;
  q: string;
  /** Designer id to grade; designers not listed are not relevant. */
  grades: Map<string, number>;
}

/** Two texts equal once folded (case, accents, punctuation). */
export const same = (a: string, b: string) => fold(a) === fold(b);
/** A designer's roles, the current one first. */
export const roles = (d: CorpusDesigner): Role[] => (d.current_role ? [d.current_role, ...d.previous_roles] : d.previous_roles);

/** The grade fn gives each designer of the corpus, the ungraded (0) left out. */
export function grade(corpus: readonly CorpusDesigner[], fn: (d: CorpusDesigner) => number): Map<string, number> {
  const grades = new Map<string, number>();
  for (const d of corpus) {
    const g = fn(d);
    if (g > 0) grades.set(d.id, g);
  }
  return grades;
}

/** One edit a person makes typing: a swap, a dropped or a doubled letter, or a neighbouring key. */
function typo(r: Random, word: string): string {
  const chars = [...word];
  const i = 1 + r.int(chars.length - 2);
  switch (r.int(3)) {
    case 0:
      [chars[i], chars[i + 1]] = [chars[i + 1]!, chars[i]!];
      return chars.join('');
    case 1:
      chars.splice(i, 1);
      return chars.join('');
    default:
      chars.splice(i, 0, chars[i]!);
      return chars.join('');
  }
}

function names(r: Random, corpus: readonly CorpusDesigner[], n: number): JudgedQuery[] {
  return r.sample(corpus, n).map((target, i) => ({
    family: 'names',
    // Half as written, half as typed on a plain keyboard (no accents, lower case).
    q: i % 2 === 0 ? target.name : fold(target.name),
    grades: grade(corpus, (d) => (same(d.name, target.name) ? 3 : 0)),
  }));
}

function misspellings(r: Random, corpus: readonly CorpusDesigner[], n: number): JudgedQuery[] {
  const out: JudgedQuery[] = [];
  for (const target of r.sample(corpus, n * 3)) {
    if (out.length === n) break;
    const words = tokenize(target.name);
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
    if (longest.length < 5) continue;
    const wrong = typo(r, longest);
    if (wrong === longest) continue;
    out.push({
      family: 'misspellings',
      q: words.map((w) => (w === longest ? wrong : w)).join(' '),
      grades: grade(corpus, (d) => (same(d.name, target.name) ? 3 : 0)),
    });
  }
  return out;
}

function prefixes(r: Random, corpus: readonly CorpusDesigner[], n: number): JudgedQuery[] {
  const out: JudgedQuery[] = [];
  // Type-ahead of a name: the first name and the start of the surname.
  for (const target of r.sample(corpus, Math.ceil(n / 2))) {
    const [first, ...rest] = tokenize(target.name);
    const prefix = rest[0]!.slice(0, Math.max(3, Math.min(4, rest[0]!.length - 1)));
    const matches = (d: CorpusDesigner) => {
      const [f, ...l] = tokenize(d.name);
      return f === first && l.some((w) => w.startsWith(prefix));
    };
    out.push({ family: 'prefixes', q: `${first} ${prefix}`, grades: grade(corpus, (d) => (matches(d) ? 3 : 0)) });
  }
  // Type-ahead of a skill: "webg" means WebGL, not a surname one typo away from it.
  const skills = ['WebGL', 'Houdini', 'typography', 'ZBrush', 'SwiftUI', 'storyboarding', 'prototyping', 'Octane', 'lettering', 'Lottie', 'shaders', 'accessibility'];
  for (const skill of skills.slice(0, n - out.length)) {
    const word = tokenize(skill)[0]!;
    out.push({
      family: 'prefixes',
      q: word.slice(0, word.length >= 8 ? 5 : 4),
      grades: grade(corpus, (d) => (d.skills.includes(skill) ? 2 : 0)),
    });
  }
  return out;
}

/**
 * One word of a title on its own ("brand", "lead"): designers whose title holds it, never a namesake whose
 * name only starts with it (Brandt, Leadbetter) first. The current title 3, a previous one 1.
 */
const TITLE_WORDS = ['brand', 'lead', 'print', 'motion'];

function titleWords(corpus: readonly CorpusDesigner[]): JudgedQuery[] {
  return TITLE_WORDS.map((word) => ({
    family: 'prefixes',
    q: word,
    grades: grade(corpus, (d) => {
      const holds = (role: Role | null) => role !== null && tokenize(role.title).includes(word);
      return holds(d.current_role) ? 3 : d.previous_roles.some(holds) ? 1 : 0;
    }),
  }));
}

/**
 * Title and company of a current role; two thirds of them of a role the corpus generated distractors for
 * (corpus.ts: the title at a sister company, another title at the company with a bio naming the title, the
 * title and the company in two roles).
 */
function titleCompany(r: Random, corpus: readonly CorpusDesigner[], n: number): JudgedQuery[] {
  const withRole = corpus.filter((d) => d.current_role);
  const distracted = new Set(corpus.flatMap((d) => (d.distracts ? [d.distracts] : [])));
  const hard = r.sample(withRole.filter((d) => distracted.has(d.id)), Math.round((n * 2) / 3));
  const easy = r.sample(withRole.filter((d) => !distracted.has(d.id)), n - hard.length);
  return [...hard, ...easy].map((target, i) => {
    const { title, company } = target.current_role!;
    const judge = (d: CorpusDesigner) => {
      if (d.current_role && same(d.current_role.title, title) && same(d.current_role.company, company)) return 3;
      if (d.previous_roles.some((p) => same(p.title, title) && same(p.company, company))) return 2;
      return 0;
    };
    const q = i % 3 === 2 ? `${title} at ${company}` : `${title} ${company}`;
    return { family: 'title+company', q: fold(q), grades: grade(corpus, judge) };
  });
}

function skills(r: Random, corpus: readonly CorpusDesigner[], n: number): JudgedQuery[] {
  const all = [...new Set(Object.values(SKILLS).flat())].filter((s) => s !== 'Figma');
  const picked = r.sample(all, Math.ceil(n * 0.6));
  const out: JudgedQuery[] = picked.map((skill) => ({
    family: 'skills',
    q: fold(skill),
    grades: grade(corpus, (d) => (d.skills.includes(skill) ? 2 : 0)),
  }));
  // Skill plus domain: both 3, either alone 1.
  while (out.length < n) {
    const target = r.pick(corpus);
    const skill = target.skills[0]!;
    const domain = target.domains[0]!;
    if (skill === 'Figma') continue;
    out.push({
      family: 'skills',
      q: fold(`${skill} ${domain}`),
      grades: grade(corpus, (d) => (d.skills.includes(skill) && d.domains.includes(domain) ? 3 : 0)),
    });
  }
  return out;
}

const plural = (title: string) => `${title}s`;

function agent(r: Random, corpus: readonly CorpusDesigner[], n: number): JudgedQuery[] {
  const out: JudgedQuery[] = [];
  const located = corpus.filter((d) => d.current_role && cityOf(d.location));
  const templates: ((t: CorpusDesigner) => JudgedQuery | null)[] = [
    // "a brand designer who worked at spotify"
    (t) => {
      const p = t.previous_roles[0];
      if (!p) return null;
      return {
        family: 'agent',
        q: `a ${fold(p.title)} who worked at ${fold(p.company)}`,
        grades: grade(corpus, (d) => {
          const rs = roles(d);
          if (rs.some((x) => same(x.title, p.title) && same(x.company, p.company))) return 3;
          return rs.some((x) => same(x.company, p.company)) && rs.some((x) => same(x.title, p.title)) ? 1 : 0;
        }),
      };
    },
    // "find me a 3d generalist in berlin who knows blender"
    (t) => {
      const city = cityOf(t.location)!;
      const skill = t.skills[0]!;
      const title = t.current_role!.title;
      return {
        family: 'agent',
        q: `find me a ${fold(title)} in ${fold(city)} who knows ${fold(skill)}`,
        grades: grade(corpus, (d) => {
          const hits = [d.current_role && same(d.current_role.title, title), cityOf(d.location) === city, d.skills.includes(skill)].filter(Boolean).length;
          return hits === 3 ? 3 : hits === 2 ? 1 : 0;
        }),
      };
    },
    // "senior product designers at stripe based in new york"
    (t) => {
      const city = cityOf(t.location)!;
      const { title, company } = t.current_role!;
      return {
        family: 'agent',
        q: `${fold(plural(title))} at ${fold(company)} based in ${fold(city)}`,
        grades: grade(corpus, (d) => {
          const role = d.current_role && same(d.current_role.title, title) && same(d.current_role.company, company);
          const here = cityOf(d.location) === city;
          return role && here ? 3 : role ? 1 : 0;
        }),
      };
    },
    // "former google design directors"
    (t) => {
      const p = t.previous_roles[0];
      if (!p) return null;
      return {
        family: 'agent',
        q: `former ${fold(p.company)} ${fold(plural(p.title))}`,
        grades: grade(corpus, (d) => {
          if (d.previous_roles.some((x) => same(x.title, p.title) && same(x.company, p.company))) return 3;
          return d.current_role && same(d.current_role.title, p.title) && same(d.current_role.company, p.company) ? 1 : 0;
        }),
      };
    },
    // "someone with houdini experience in gaming"
    (t) => {
      const skill = t.skills[0]!;
      const domain = t.domains[0]!;
      if (skill === 'Figma') return null;
      return {
        family: 'agent',
        q: `someone with ${fold(skill)} experience in ${domain}`,
        grades: grade(corpus, (d) => (d.skills.includes(skill) && d.domains.includes(domain) ? 3 : 0)),
      };
    },
    // "looking for a motion designer in lisbon"
    (t) => {
      const city = cityOf(t.location)!;
      const title = t.current_role!.title;
      return {
        family: 'agent',
        q: `looking for a ${fold(title)} based in ${fold(city)}`,
        grades: grade(corpus, (d) => {
          const role = d.current_role && same(d.current_role.title, title);
          const here = cityOf(d.location) === city;
          return role && here ? 3 : 0;
        }),
      };
    },
  ];
  for (let i = 0; out.length < n && i < n * 10; i++) {
    const query = templates[i % templates.length]!(r.pick(located));
    if (query && query.grades.size > 0) out.push(query);
  }
  return out;
}

/** States, provinces and nations people name instead of a city, and the corpus's cities in each. */
const STATES: Readonly<Record<string, readonly string[]>> = {
  California: ['San Francisco'],
  Texas: ['Austin'],
  England: ['London'],
  Bavaria: ['Munich'],
  Ontario: ['Toronto'],
  Quebec: ['Montréal'],
  Catalonia: ['Barcelona'],
  'New South Wales': ['Sydney'],
};

/** "looking for a brand designer in california": a role in a state no location names, one query per state. */
function agentByState(r: Random, corpus: readonly CorpusDesigner[]): JudgedQuery[] {
  return Object.entries(STATES).flatMap(([state, cities]) => {
    const here = corpus.filter((d) => d.current_role && cities.includes(cityOf(d.location) ?? ''));
    if (here.length === 0) return [];
    const title = r.pick(here).current_role!.title;
    return [
      {
        family: 'agent' as const,
        q: `looking for a ${fold(title)} in ${fold(state)}`,
        grades: grade(corpus, (d) => (d.current_role && same(d.current_role.title, title) && cities.includes(cityOf(d.location) ?? '') ? 3 : 0)),
      },
    ];
  });
}

/**
 * What agents add to a role that no profile says ("who can start next month", "comfortable with ambiguity"):
 * the holders of the role are what the request can be answered with.
 */
const QUALIFIERS = [
  'who can start next month', 'comfortable with ambiguity and fast feedback loops', 'who has shipped products used by millions',
  'with a strong portfolio of shipped work', 'who thrives in small scrappy teams', 'able to own projects end to end',
];

/**
 * "an illustrator who can start next month", "a motion designer who knows cinema 4d, comfortable with
 * ambiguity …": a role with qualifiers no profile holds, and with a skill as well. Holders of the role (with
 * the skill, when named) are relevant, holders without the skill a little.
 */
function agentQualified(r: Random, corpus: readonly CorpusDesigner[], n: number): JudgedQuery[] {
  const holders = corpus.filter((d) => d.current_role && d.skills.length > 0);
  const out: JudgedQuery[] = [];
  for (let i = 0; out.length < n && i < n * 10; i++) {
    const t = r.pick(holders);
    const title = t.current_role!.title;
    const qualifier = QUALIFIERS[out.length % QUALIFIERS.length]!;
    const skill = out.length % 2 === 1 ? t.skills[0]! : null;
    const q = skill ? `a ${fold(title)} who knows ${fold(skill)}, ${qualifier}` : `a ${fold(title)} ${qualifier}`;
    if (out.some((query) => query.q === q)) continue;
    // The title asked for; one that holds its words and more ("Staff Product Designer" for "product
    // designer") is that role too, one that holds fewer ("Brand Designer" for "senior brand designer") nearly.
    const asked = new Set(fold(title).split(' '));
    const role = (d: CorpusDesigner) => {
      const held = new Set(fold(d.current_role?.title ?? '').split(' '));
      if (d.current_role && same(d.current_role.title, title)) return 3;
      if ([...asked].every((w) => held.has(w))) return 2;
      return held.size > 1 && [...held].every((w) => asked.has(w)) ? 1 : 0;
    };
    out.push({ family: 'agent', q, grades: grade(corpus, (d) => (skill && !d.skills.includes(skill) ? Math.min(role(d), 1) : role(d))) });
  }
  return out;
}

/** How people ask for someone who works remotely: the location says "Remote", the request says it otherwise. */
const REMOTE_ASKS: readonly ((title: string) => string)[] = [
  (t) => `a remote ${t}`,
  (t) => `${plural(t)} who work remotely`,
  (t) => `a ${t} working remotely`,
  (t) => `wfh ${t}`,
  (t) => `${t} open to remote work`,
  (t) => `a fully remote ${t}`,
];

/**
 * "a brand designer working remotely": holders of the role in a remote location are relevant, holders
 * elsewhere a little. Descriptions of designers elsewhere say "remote" too ("remote-first teams").
 */
function agentRemote(r: Random, corpus: readonly CorpusDesigner[], n: number): JudgedQuery[] {
  const remote = corpus.filter((d) => d.current_role && d.location.startsWith('Remote'));
  const out: JudgedQuery[] = [];
  for (let i = 0; out.length < n && i < n * 10; i++) {
    const title = r.pick(remote).current_role!.title;
    const q = REMOTE_ASKS[out.length % REMOTE_ASKS.length]!(fold(title));
    if (out.some((query) => query.q === q)) continue;
    out.push({
      family: 'agent',
      q,
      grades: grade(corpus, (d) => (d.current_role && same(d.current_role.title, title) ? (d.location.startsWith('Remote') ? 3 : 1) : 0)),
    });
  }
  return out;
}

/**
 * Requests written as people and agents chat: a contraction, numbers of years, people and months, "both …
 * and", what holds now after the past ("ex Spotify designers now at Klarna"), and remote work in a phrase.
 * None of their extra words is held by any designer.
 */
function agentChatty(r: Random, corpus: readonly CorpusDesigner[], n: number): JudgedQuery[] {
  const out: JudgedQuery[] = [];
  const located = corpus.filter((d) => d.current_role && cityOf(d.location));
  const moved = corpus.filter((d) => d.current_role && d.previous_roles.some((p) => !same(p.company, d.current_role!.company)));
  const remote = corpus.filter((d) => d.current_role && d.location.startsWith('Remote'));
  const inCity = (title: string, city: string) =>
    grade(corpus, (d) => (d.current_role && same(d.current_role.title, title) ? (cityOf(d.location) && same(cityOf(d.location)!, city) ? 3 : 1) : 0));
  // Now at one company, before at another: the current role at the first and a previous one at the second.
  const nowAndBefore = (title: string, company: string, before: string) =>
    grade(corpus, (d) => {
      const now = d.current_role;
      if (!now || !same(now.company, company)) return 0;
      const was = d.previous_roles.some((p) => same(p.company, before));
      if (same(now.title, title)) return was ? 3 : 1;
      return was ? 1 : 0;
    });
  const templates: ((k: number) => JudgedQuery | null)[] = [
    (k) => {
      const t = r.pick(located);
      const title = fold(t.current_role!.title);
      const city = fold(cityOf(t.location)!);
      return { family: 'agent', q: `I'm looking for a ${title} with ${3 + k}+ years of experience in ${city}`, grades: inCity(title, city) };
    },
    (k) => {
      const t = r.pick(located);
      const title = fold(t.current_role!.title);
      const city = fold(cityOf(t.location)!);
      return { family: 'agent', q: `need ${2 + k} ${plural(title)} for a ${3 + k} month contract in ${city}, start asap`, grades: inCity(title, city) };
    },
    () => {
      const t = r.pick(moved);
      const now = t.current_role!;
      const before = t.previous_roles.find((p) => !same(p.company, now.company))!;
      return { family: 'agent', q: `${plural(fold(now.title))} currently at ${fold(now.company)} who used to be at ${fold(before.company)}`, grades: nowAndBefore(now.title, now.company, before.company) };
    },
    () => {
      const t = r.pick(moved);
      const now = t.current_role!;
      const before = t.previous_roles.find((p) => !same(p.company, now.company))!;
      return { family: 'agent', q: `ex ${fold(before.company)} ${plural(fold(now.title))} now at ${fold(now.company)}`, grades: nowAndBefore(now.title, now.company, before.company) };
    },
    () => {
      const title = r.pick(remote).current_role!.title;
      return {
        family: 'agent',
        q: `a ${fold(title)} who's working from home`,
        grades: grade(corpus, (d) => (d.current_role && same(d.current_role.title, title) ? (d.location.startsWith('Remote') ? 3 : 1) : 0)),
      };
    },
  ];
  for (let i = 0; out.length < n && i < n * 10; i++) {
    const query = templates[out.length % templates.length]!(Math.floor(out.length / templates.length));
    if (query && !out.some((o) => o.q === query.q)) out.push(query);
  }
  return out;
}

/** Requests no designer in the directory answers: the right result is an empty one. */
const NOTHING = [
  'plumber', 'tax accountant', 'dentist in berlin', 'veterinarian', 'forklift operator', 'kubernetes site reliability engineer',
  'sommelier', 'taylor swift', 'pastry chef in paris', 'orthopedic surgeon', 'commercial airline pilot', 'find me a lawyer in tokyo',
  'civil engineer bridges', 'yoga instructor', 'real estate agent in lisbon', 'payroll specialist', 'electrician based in london',
  'marine biologist', 'quantum physicist', 'zzzyx qwfp',
  'someone who repairs bicycles', 'a notary in munich', 'crane operator', 'insurance claims adjuster', 'barista',
  // Another trade named with a head noun the field's titles share, beside a place or employer the directory has.
  'civil engineer in munich', 'marketing manager at spotify', 'head chef copenhagen', 'software engineer at stripe',
  // Another trade named with words of the field's titles ("product", "manager"), each held by designers apart.
  'product manager at stripe', 'engineering manager in london', 'project manager at figma',
];

/**
 * A role in one of two cities ("a brand designer in lisbon or berlin", "animators based in tokyo or seoul"):
 * the holders of the title in either city are relevant, holders elsewhere a little. Read alone, the first city
 * was a name every match held, and the other city's holders were no match.
 */
function agentPlaceLists(r: Random, corpus: readonly CorpusDesigner[], n: number): JudgedQuery[] {
  const out: JudgedQuery[] = [];
  const located = corpus.filter((d) => d.current_role && cityOf(d.location));
  for (let i = 0; out.length < n && i < n * 20; i++) {
    const t = r.pick(located);
    const title = t.current_role!.title;
    const other = r.pick(located.filter((d) => same(d.current_role!.title, title) && cityOf(d.location) !== cityOf(t.location)));
    if (!other) continue;
    const cities = i % 2 === 0 ? [cityOf(t.location)!, cityOf(other.location)!] : [cityOf(other.location)!, cityOf(t.location)!];
    const q = i % 2 === 0 ? `a ${fold(title)} in ${fold(cities[0]!)} or ${fold(cities[1]!)}` : `${plural(fold(title))} based in ${fold(cities[0]!)} or ${fold(cities[1]!)}`;
    if (out.some((o) => o.q === q)) continue;
    out.push({
      family: 'agent',
      q,
      grades: grade(corpus, (d) => (d.current_role && same(d.current_role.title, title) ? (cities.some((c) => cityOf(d.location) === c) ? 3 : 1) : 0)),
    });
  }
  return out;
}

/**
 * A role with a preference ("ux researchers in seattle, ideally ex google", "illustrators, preferably in
 * lisbon"): the holders who meet it are the most relevant, the others still relevant. Read as a condition, the
 * place or employer after the hedge left out every holder who does not meet it.
 */
function agentPreferences(r: Random, corpus: readonly CorpusDesigner[], n: number): JudgedQuery[] {
  const out: JudgedQuery[] = [];
  const located = corpus.filter((d) => d.current_role && cityOf(d.location) && d.previous_roles.length > 0);
  const holds = (d: CorpusDesigner, title: string) => d.current_role !== null && same(d.current_role.title, title);
  for (let i = 0; out.length < n && i < n * 20; i++) {
    const t = r.pick(located);
    const title = fold(t.current_role!.title);
    const city = cityOf(t.location)!;
    const company = t.previous_roles[0]!.company;
    const kind = i % 3;
    const q =
      kind === 0
        ? `${plural(title)} in ${fold(city)}, ideally ex ${company}`
        : kind === 1
          ? `a ${title} based in ${fold(city)}, bonus if they worked at ${company}`
          : `${plural(title)}, preferably in ${fold(city)}`;
    if (out.some((o) => o.q === q)) continue;
    const worked = (d: CorpusDesigner) => roles(d).some((x) => same(x.company, company));
    const here = (d: CorpusDesigner) => cityOf(d.location) === city;
    out.push({
      family: 'agent',
      q,
      grades: grade(corpus, (d) => (!holds(d, title) ? 0 : kind === 2 ? (here(d) ? 3 : 1) : !here(d) ? 0 : worked(d) ? 3 : 2)),
    });
  }
  return out;
}

/** What a request for a task says besides the craft: the work, its occasion and who it is for, no profile's words. */
const TASKS = [
  (skill: string, domain: string) => `someone to do ${skill} for our ${domain} launch`,
  (skill: string, domain: string) => `need help with ${skill} for a ${domain} spring campaign`,
  (skill: string, domain: string) => `who can take on ${skill} for our new ${domain} website?`,
  (skill: string, domain: string) => `looking for someone who has done ${skill} for ${domain} brands`,
];

/**
 * A task, not a role ("someone to do storyboarding for our fintech launch"): who practises the craft is
 * relevant, in the domain most. Counted against the minimum, the task's words no profile holds ("launch",
 * "spring campaign") left them out, and a last word read as a prefix ranked names and companies that start with
 * it; who holds the domain and not the craft is no answer.
 */
function agentTasks(r: Random, corpus: readonly CorpusDesigner[], n: number): JudgedQuery[] {
  const out: JudgedQuery[] = [];
  const skilled = corpus.filter((d) => d.skills.length > 0 && d.domains.length > 0);
  for (let i = 0; out.length < n && i < n * 20; i++) {
    const t = r.pick(skilled);
    const skill = t.skills[0]!;
    const domain = t.domains[0]!;
    const q = TASKS[out.length % TASKS.length]!(fold(skill), domain);
    if (out.some((o) => o.q === q)) continue;
    out.push({ family: 'agent', q, grades: grade(corpus, (d) => (!d.skills.includes(skill) ? 0 : d.domains.includes(domain) ? 3 : 2)) });
  }
  return out;
}

export function generateJudgements(corpus: readonly CorpusDesigner[], seed = 7): JudgedQuery[] {
  const r = createRandom(seed);
  return [
    ...names(r, corpus, 25),
    ...misspellings(r, corpus, 25),
    ...prefixes(r, corpus, 24),
    ...titleWords(corpus),
    ...titleCompany(r, corpus, 45),
    ...skills(r, corpus, 25),
    ...agent(r, corpus, 30),
    ...agentByState(r, corpus),
    ...agentQualified(r, corpus, 12),
    ...agentRemote(r, corpus, 6),
    // Last: drawn after the others, which are then as before.
    ...agentChatty(r, corpus, 10),
    ...agentPlaceLists(r, corpus, 6),
    ...agentPreferences(r, corpus, 6),
    ...agentTasks(r, corpus, 8),
    ...NOTHING.map((q): JudgedQuery => ({ family: 'nothing', q, grades: new Map() })),
  ];
}
