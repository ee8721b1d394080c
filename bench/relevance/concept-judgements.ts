import { buildDesignerRecord } from '../../shared/domain/designer.builder.ts';
import type { DesignerImportInput } from '../../shared/domain/designer-import.schema.ts';
import { fold } from '../../shared/text/fold.ts';
import { cityOf, type CorpusDesigner, createRandom, FIRST_NAMES, LAST_NAMES, LOCATIONS, type Random } from './corpus.ts';
import { type Family, grade, type JudgedQuery, roles, same } from './judgements.ts';

/**
 * Judged queries where the words typed are not the words the profile holds: concept equivalents, other
 * word forms, multi-constraint agent requests, other languages, and requests nothing in the directory
 * answers. Grades come from the corpus's ground truth (titles, skills, places), never from an engine.
 * Hard distractors join the corpus (conceptDistractors): descriptions naming tools and other people's
 * roles ("lives in Adobe Illustrator", "reports to the creative director"), places visited, companies
 * sharing a word with an absent one.
 */

const currentTitle = (d: CorpusDesigner) => d.current_role?.title ?? '';
const holds = (titles: readonly string[]) => (d: CorpusDesigner) => titles.some((t) => same(t, currentTitle(d)));

/** Concepts of the corpus's titles and skills: the titles that hold one, and the skills that show it. */
const CONCEPTS = {
  creativeDirector: { titles: ['Creative Director'], related: ['Design Director', 'Head of Design'] },
  productDesigner: { titles: ['Product Designer', 'Senior Product Designer', 'Staff Product Designer', 'Lead Product Designer', 'Junior Product Designer', 'UX Designer', 'Interaction Designer'], related: [] },
  motionDesigner: { titles: ['Motion Designer', 'Senior Motion Designer', 'Animator', 'Motion Lead'], related: [] },
  brandDesigner: { titles: ['Brand Designer', 'Senior Brand Designer', 'Identity Designer', 'Brand Lead'], related: ['Visual Designer'] },
  graphicDesigner: { titles: ['Graphic Designer', 'Visual Designer'], related: ['Editorial Designer', 'Print Designer'] },
  illustrator: { titles: ['Illustrator', "Children's Book Illustrator"], related: [] },
  threeD: { titles: ['3D Artist', '3D Generalist', 'CGI Artist', '3D Designer'], related: [] },
  researcher: { titles: ['UX Researcher'], related: [] },
  designLeader: { titles: ['Head of Design', 'VP of Design', 'Design Director'], related: ['Design Manager', 'Design Lead', 'Creative Director'] },
  technologist: { titles: ['Design Technologist', 'Creative Technologist'], related: ['Design Engineer', 'UI Engineer'] },
} as const;
type Concept = keyof typeof CONCEPTS;

/** 3 for a current title of the concept, 1 for a related one; plus skills where the concept is a skill. */
function conceptGrade(concept: Concept, skills: readonly string[] = []) {
  const { titles, related } = CONCEPTS[concept];
  return (d: CorpusDesigner) => (holds(titles)(d) ? 3 : d.skills.some((s) => skills.includes(s)) ? 2 : holds(related)(d) ? 1 : 0);
}

/** Queries in the words a recruiter uses for a concept the profiles name another way. */
const SYNONYM_QUERIES: [string, Concept, string[]][] = [
  ['art director', 'creativeDirector', ['art direction']],
  ['art directors', 'creativeDirector', ['art direction']],
  ['ux ui designer', 'productDesigner', []],
  ['user experience designer', 'productDesigner', []],
  ['digital product designer', 'productDesigner', []],
  ['motion graphics designer', 'motionDesigner', ['motion graphics']],
  ['animation artist', 'motionDesigner', ['character animation', 'motion graphics']],
  ['corporate identity designer', 'brandDesigner', ['visual identity']],
  ['branding designer', 'brandDesigner', ['visual identity']],
  ['communication designer', 'graphicDesigner', []],
  ['cgi modeller', 'threeD', []],
  ['3d modeler', 'threeD', []],
  ['user researcher', 'researcher', ['user research', 'usability testing']],
  ['vp design', 'designLeader', ['design leadership']],
  // One part of design leadership, named: the leaders of design answer it.
  ['head of ux', 'designLeader', ['design leadership']],
  ['ux director', 'designLeader', ['design leadership']],
  ['design leaders', 'designLeader', ['design leadership']],
  ['chief design officer', 'designLeader', ['design leadership']],
  ['ux engineer', 'technologist', []],
  // Titles a recruiter writes for a role the directory names more plainly.
  ['ecd', 'creativeDirector', []],
  ['branding specialist', 'brandDesigner', ['visual identity']],
  ['2d animator', 'motionDesigner', ['character animation']],
  ['render artist', 'threeD', []],
  ['app designer', 'productDesigner', []],
  ['mobile designers', 'productDesigner', []],
  ['concept artist', 'illustrator', []],
  ['vfx artist', 'threeD', []],
  // Alternatives that share the last one's head noun: a UX or a UI designer.
  ['ux or ui designer', 'productDesigner', []],
  ['art or creative director', 'creativeDirector', ['art direction']],
  ['motion or animation designers', 'motionDesigner', ['motion graphics', 'character animation']],
  ['identity or branding designer', 'brandDesigner', ['visual identity']],
];

/** Skills of the corpus asked for by an abbreviation or an equivalent. */
const SKILL_SYNONYMS: [string, string[]][] = [
  ['c4d', ['Cinema 4D']],
  ['a11y', ['accessibility']],
  ['ue5', ['Unreal Engine']],
  ['threejs', ['Three.js']],
  ['designops', ['design operations']],
  ['brand identity', ['visual identity']],
  ['wireframes and ia', ['information architecture']],
  ['typographer', ['typography']],
];

/**
 * A title with its seniority abbreviated: the holders of the title now are relevant, the other titles of the
 * concept a little; a designer who held the title before and holds a plainer one now is the distractor.
 */
const ABBREVIATED_TITLES: [string, string, Concept][] = [
  ['sr product designer', 'Senior Product Designer', 'productDesigner'],
  ['sr motion designers', 'Senior Motion Designer', 'motionDesigner'],
  ['snr brand designer', 'Senior Brand Designer', 'brandDesigner'],
];

function synonyms(corpus: readonly CorpusDesigner[]): JudgedQuery[] {
  return [
    ...SYNONYM_QUERIES.map(([q, concept, skills]) => ({ family: 'synonyms' as const, q, grades: grade(corpus, conceptGrade(concept, skills)) })),
    ...ABBREVIATED_TITLES.map(([q, title, concept]) => ({ family: 'synonyms' as const, q, grades: grade(corpus, (d) => (holds([title])(d) ? 3 : holds(CONCEPTS[concept].titles)(d) ? 1 : 0)) })),
    ...SKILL_SYNONYMS.map(([q, skills]) => ({ family: 'synonyms' as const, q, grades: grade(corpus, (d) => (d.skills.some((s) => skills.includes(s)) ? 2 : 0)) })),
  ];
}

/** Other forms of the words the profiles hold: plurals, verbs, agent nouns. */
const FORM_QUERIES: [string, (d: CorpusDesigner) => number][] = [
  ['prototypes', (d) => (d.skills.includes('prototyping') ? 2 : 0)],
  ['illustrated', (d) => (holds(['Illustrator'])(d) ? 3 : d.skills.includes('illustration') ? 2 : 0)],
  ['illustrations', (d) => (holds(['Illustrator'])(d) ? 3 : d.skills.includes('illustration') ? 2 : 0)],
  ['researchers', (d) => (holds(['UX Researcher'])(d) ? 3 : d.skills.includes('user research') ? 2 : 0)],
  ['animators', (d) => (holds(['Animator'])(d) ? 3 : d.skills.includes('character animation') ? 2 : 0)],
  ['storyboards', (d) => (d.skills.includes('storyboarding') ? 2 : 0)],
  ['identities', (d) => (holds(['Identity Designer'])(d) ? 3 : d.skills.includes('visual identity') ? 2 : 0)],
  ['packages', (d) => (d.skills.includes('packaging') ? 2 : 0)],
  ['shader', (d) => (d.skills.includes('shaders') ? 2 : 0)],
  ['letterer', (d) => (d.skills.includes('lettering') ? 2 : 0)],
  ['poster', (d) => (d.skills.includes('posters') ? 2 : 0)],
  ['mentor', (d) => (d.skills.includes('mentoring') ? 2 : 0)],
  ['design critiques', (d) => (d.skills.includes('design critique') ? 2 : 0)],
  ['editorial layouts', (d) => (d.skills.includes('editorial layout') ? 2 : 0)],
  ['usability tests', (d) => (d.skills.includes('usability testing') ? 2 : 0)],
  ['interaction designers', (d) => (holds(['Interaction Designer'])(d) ? 3 : 0)],
  // Who does a craft, for the craft the profile names.
  ['strategists', (d) => (d.skills.includes('strategy') || d.skills.includes('brand strategy') ? 2 : 0)],
  ['sculptors', (d) => (d.skills.includes('ZBrush') ? 2 : 0)],
  // A typographer sets type; a type designer draws typefaces (the synonym list keeps them apart).
  ['typographers', (d) => (d.skills.includes('typography') ? 2 : 0)],
];

function wordForms(corpus: readonly CorpusDesigner[]): JudgedQuery[] {
  return FORM_QUERIES.map(([q, fn]) => ({ family: 'word forms', q, grades: grade(corpus, fn) }));
}

/** How a request names a concept, and the place groups the location names know. */
const ASKED_AS: Record<Concept, string> = {
  creativeDirector: 'art director',
  productDesigner: 'ux ui designer',
  motionDesigner: 'motion graphics designer',
  brandDesigner: 'corporate identity designer',
  graphicDesigner: 'communication designer',
  illustrator: 'illustrator',
  threeD: '3d modeler',
  researcher: 'user researcher',
  designLeader: 'head of design',
  technologist: 'creative technologist',
};
const REGIONS: { name: string; cities: string[] }[] = [
  { name: 'Scandinavia', cities: ['Stockholm', 'Copenhagen'] },
  { name: 'Germany', cities: ['Berlin', 'Munich'] },
  { name: 'the US', cities: ['New York', 'San Francisco', 'Austin', 'Seattle'] },
  { name: 'DACH', cities: ['Berlin', 'Munich', 'Zürich'] },
  { name: 'Iberia', cities: ['Lisbon', 'Barcelona'] },
  { name: 'East Asia', cities: ['Tokyo', 'Seoul'] },
];

/** "an art director in Scandinavia who has worked at IKEA or Lego and now leads a team" */
/** Multi-constraint requests asked: at 16, which ones were drawn moved the family's nDCG by 0.1. */
const MULTI_CONSTRAINT_QUERIES = 40;

function multiConstraint(r: Random, corpus: readonly CorpusDesigner[], drawFrom: readonly CorpusDesigner[], n: number): JudgedQuery[] {
  const out: JudgedQuery[] = [];
  const conceptOf = (d: CorpusDesigner) => (Object.keys(CONCEPTS) as Concept[]).find((c) => holds(CONCEPTS[c].titles)(d));
  for (let i = 0; out.length < n && i < n * 20; i++) {
    const t = r.pick(drawFrom);
    const concept = conceptOf(t);
    const region = REGIONS.find((g) => g.cities.includes(cityOf(t.location) ?? ''));
    const past = t.previous_roles[0];
    if (!concept || !region || !past) continue;
    const other = r.pick(drawFrom.flatMap(roles)).company;
    const companies = i % 2 === 0 ? [past.company, other] : [other, past.company];
    const inRegion = (d: CorpusDesigner) => region.cities.includes(cityOf(d.location) ?? '');
    const worked = (d: CorpusDesigner) => roles(d).some((x) => companies.some((c) => same(c, x.company)));
    const q =
      i % 2 === 0
        ? `an ${ASKED_AS[concept]} in ${region.name} who has worked at ${companies[0]} or ${companies[1]}`
        : `${ASKED_AS[concept]}s based in ${region.name}, ex ${companies[0]} or ${companies[1]}`;
    out.push({
      family: 'multi-constraint',
      q: fold(q),
      grades: grade(corpus, (d) => {
        const hits = [holds(CONCEPTS[concept].titles)(d), inRegion(d), worked(d)].filter(Boolean).length;
        return hits === 3 ? 3 : hits === 2 && holds(CONCEPTS[concept].titles)(d) ? 1 : 0;
      }),
    });
  }
  return out;
}

/**
 * English requests for a role in a city at one employer the designer worked at, as agents write them ("a
 * product designer in Berlin who previously worked at Canva"): the holders of the title in the city who
 * worked there are relevant, the other holders in the city a little.
 */
const WORKED_AT_ASKS: ((title: string, city: string, company: string) => string)[] = [
  (t, c, e) => `a ${t} in ${c} who previously worked at ${e}`,
  (t, c, e) => `${t}s in ${c} who have worked at ${e}`,
  (t, c, e) => `${t} based in ${c}, ex ${e}`,
  (t, c, e) => `${t} in ${c} with experience at ${e}`,
  (t, c, e) => `looking for a ${t} in ${c} who used to work at ${e}`,
];

function workedAtAsks(r: Random, corpus: readonly CorpusDesigner[], drawFrom: readonly CorpusDesigner[]): JudgedQuery[] {
  return WORKED_AT_ASKS.flatMap((ask) => {
    const t = r.pick(drawFrom.filter((d) => d.current_role && cityOf(d.location) && d.previous_roles.length > 0));
    const concept = (Object.keys(CONCEPTS) as Concept[]).find((c) => holds(CONCEPTS[c].titles)(t));
    if (!concept) return [];
    const city = cityOf(t.location)!;
    const company = t.previous_roles[0]!.company;
    return [
      {
        family: 'multi-constraint' as const,
        q: fold(ask(ASKED_AS[concept], city, company)),
        grades: grade(corpus, (d) => {
          if (!holds(CONCEPTS[concept].titles)(d) || cityOf(d.location) !== city) return 0;
          return roles(d).some((x) => same(x.company, company)) ? 3 : 1;
        }),
      },
    ];
  });
}

/** Titles as designers write them in Spanish, German, French, Portuguese and Italian, feminine forms and compounds included. */
const FOREIGN_TITLES: [string, Concept][] = [
  ['diseñador gráfico', 'graphicDesigner'],
  ['diseñadora gráfica', 'graphicDesigner'],
  ['diseñadora UX', 'productDesigner'],
  ['diseñador de producto', 'productDesigner'],
  ['directora creativa', 'creativeDirector'],
  ['ilustradora', 'illustrator'],
  ['Grafikdesignerin', 'graphicDesigner'],
  ['Markendesignerin', 'brandDesigner'],
  ['Kreativdirektorin', 'creativeDirector'],
  ['Produktdesignerin', 'productDesigner'],
  ['Illustratorin', 'illustrator'],
  ['graphiste', 'graphicDesigner'],
  ['directeur de la création', 'creativeDirector'],
  ['directrice artistique', 'creativeDirector'],
  ['illustratrice', 'illustrator'],
  ['designer gráfica', 'graphicDesigner'],
  ['diretora de arte', 'creativeDirector'],
  ['designer de produto', 'productDesigner'],
  ['direttore creativo', 'creativeDirector'],
  ['grafica', 'graphicDesigner'],
  ['illustratore', 'illustrator'],
  ['designer di prodotto', 'productDesigner'],
];

function languages(r: Random, corpus: readonly CorpusDesigner[], drawFrom: readonly CorpusDesigner[]): JudgedQuery[] {
  return FOREIGN_TITLES.map(([title, concept], i) => {
    const { titles } = CONCEPTS[concept];
    const holders = drawFrom.filter((d) => holds(titles)(d) && cityOf(d.location));
    const city = i % 3 === 2 ? null : cityOf(r.pick(holders).location)!;
    const joiner = ['en', 'in', 'à', 'em', 'a'][i % 5]!;
    // Every third names the city with a word that introduces it, the next without ("Markendesignerin Frankfurt").
    const place = i % 3 === 0 ? `${joiner} ${city}` : city;
    return {
      family: 'languages' as const,
      q: city ? `${title} ${place}` : title,
      grades: grade(corpus, (d) => {
        const role = holds(titles)(d);
        if (!city) return role ? 3 : 0;
        return role && cityOf(d.location) === city ? 3 : role ? 1 : 0;
      }),
    };
  });
}

/**
 * A seniority beside a one-word title of another language, and a city ("Senior Produktdesignerin in Berlin",
 * "graphiste senior à Paris"): the holders of the title there are relevant, the senior ones most. A holder
 * there of another senior title holds two of the three words and is a distractor.
 */
const FOREIGN_SENIOR_TITLES: [string, Concept, string][] = [
  ['Senior Produktdesignerin', 'productDesigner', 'in'],
  ['senior Markendesigner', 'brandDesigner', ''],
  ['Senior-Grafikdesigner', 'graphicDesigner', 'in'],
  ['graphiste senior', 'graphicDesigner', 'à'],
  ['diseñadora de producto senior', 'productDesigner', 'en'],
  ['Senior Motion-Designerin', 'motionDesigner', 'in'],
  ['designer de marca sênior', 'brandDesigner', 'em'],
  ['progettista grafico senior', 'graphicDesigner', 'a'],
];

function foreignSeniors(r: Random, corpus: readonly CorpusDesigner[], drawFrom: readonly CorpusDesigner[]): JudgedQuery[] {
  return FOREIGN_SENIOR_TITLES.map(([title, concept, joiner]) => {
    const { titles } = CONCEPTS[concept];
    const holders = drawFrom.filter((d) => holds(titles)(d) && cityOf(d.location));
    const seniors = holders.filter((d) => /\bsenior\b/i.test(currentTitle(d)));
    const city = cityOf(r.pick(seniors.length > 0 ? seniors : holders).location)!;
    return {
      family: 'languages' as const,
      q: `${title} ${joiner ? `${joiner} ` : ''}${city}`,
      grades: grade(corpus, (d) => (holds(titles)(d) && cityOf(d.location) === city ? (/\bsenior\b/i.test(currentTitle(d)) ? 3 : 2) : 0)),
    };
  });
}

/**
 * Titles with a country as each language writes it ("graphiste en Allemagne", "direttore creativo negli
 * Stati Uniti"), by the corpus's country codes: the holders of the title there are relevant, holders
 * elsewhere a little.
 */
const FOREIGN_COUNTRY_REQUESTS: [string, Concept, string][] = [
  ['diseñadora gráfica en Alemania', 'graphicDesigner', 'DE'],
  ['diseñador de producto en Estados Unidos', 'productDesigner', 'US'],
  ['ilustradora en Japón', 'illustrator', 'JP'],
  ['diseñador UX en Suecia', 'productDesigner', 'SE'],
  ['Kreativdirektorin Großbritannien', 'creativeDirector', 'UK'],
  ['Illustratorin in Frankreich', 'illustrator', 'FR'],
  ['Produktdesignerin Niederlande', 'productDesigner', 'NL'],
  ['graphiste en Allemagne', 'graphicDesigner', 'DE'],
  ['directrice artistique aux États-Unis', 'creativeDirector', 'US'],
  ['illustratrice au Japon', 'illustrator', 'JP'],
  ['designer gráfica na Alemanha', 'graphicDesigner', 'DE'],
  ['diretora de arte nos Estados Unidos', 'creativeDirector', 'US'],
  ['direttore creativo negli Stati Uniti', 'creativeDirector', 'US'],
  ['designer di prodotto in Svezia', 'productDesigner', 'SE'],
];

/**
 * Skills as requests in those languages name them, alone or beside a title: the holders of the title who name
 * the skill are relevant, those who name the skill a little less.
 */
const FOREIGN_SKILL_REQUESTS: [string, string, Concept | null][] = [
  ['diseñadora con experiencia en embalaje', 'packaging', 'brandDesigner'],
  ['Markendesignerin mit Erfahrung in Verpackung', 'packaging', 'brandDesigner'],
  ['Produktdesigner Barrierefreiheit', 'accessibility', 'productDesigner'],
  ['designer de produto com pesquisa com usuários', 'user research', 'productDesigner'],
  ['accesibilidad', 'accessibility', null],
  ['prototypage', 'prototyping', null],
  ['stratégie de marque', 'brand strategy', null],
  ['sistemas de diseño', 'design systems', null],
  ['cartazes', 'posters', null],
  ['manifesti', 'posters', null],
];

function foreignSkills(corpus: readonly CorpusDesigner[]): JudgedQuery[] {
  return FOREIGN_SKILL_REQUESTS.map(([q, skill, concept]) => ({
    family: 'languages' as const,
    q,
    grades: grade(corpus, (d) => (!d.skills.includes(skill) ? 0 : concept && holds(CONCEPTS[concept].titles)(d) ? 3 : 2)),
  }));
}

/**
 * Agent requests in those languages, as they ask and say who worked where ("busco diseñador de producto en
 * Madrid que haya trabajado en Glovo"): the holders of the title in the city who worked at the company are
 * relevant, the holders in the city a little.
 */
const FOREIGN_ASKS: [(title: string, city: string, company: string) => string, string, Concept][] = [
  [(t, c, e) => `busco ${t} en ${c} que haya trabajado en ${e}`, 'diseñador de producto', 'productDesigner'],
  [(t, c, e) => `necesito una ${t} en ${c} que trabajó en ${e}`, 'diseñadora gráfica', 'graphicDesigner'],
  [(t, c, e) => `ich suche eine ${t} in ${c}, die bei ${e} gearbeitet hat`, 'Grafikdesignerin', 'graphicDesigner'],
  [(t, c, e) => `wir suchen eine ${t} in ${c} mit Erfahrung bei ${e}`, 'Produktdesignerin', 'productDesigner'],
  [(t, c, e) => `${t} à ${c} qui a travaillé chez ${e}`, 'graphiste', 'graphicDesigner'],
  [(t, c, e) => `je cherche une ${t} à ${c} ayant travaillé chez ${e}`, 'illustratrice', 'illustrator'],
  [(t, c, e) => `procuro ${t} em ${c} que trabalhou na ${e}`, 'designer de produto', 'productDesigner'],
  [(t, c, e) => `procuramos uma ${t} em ${c} que trabalhou em ${e}`, 'designer gráfica', 'graphicDesigner'],
  [(t, c, e) => `cerco un ${t} a ${c} che ha lavorato per ${e}`, 'designer di prodotto', 'productDesigner'],
  [(t, c, e) => `cerchiamo un ${t} a ${c} che ha lavorato da ${e}`, 'illustratore', 'illustrator'],
];

function foreignAsks(r: Random, corpus: readonly CorpusDesigner[], drawFrom: readonly CorpusDesigner[]): JudgedQuery[] {
  return FOREIGN_ASKS.flatMap(([ask, title, concept]) => {
    const { titles } = CONCEPTS[concept];
    const holders = drawFrom.filter((d) => holds(titles)(d) && cityOf(d.location) && d.previous_roles.length > 0);
    if (holders.length === 0) return [];
    const t = r.pick(holders);
    const city = cityOf(t.location)!;
    const company = t.previous_roles[0]!.company;
    return [
      {
        family: 'languages' as const,
        q: ask(title, city, company),
        grades: grade(corpus, (d) => {
          if (!holds(titles)(d) || cityOf(d.location) !== city) return 0;
          return roles(d).some((x) => same(x.company, company)) ? 3 : 1;
        }),
      },
    ];
  });
}

/**
 * Domains as requests in those languages name them, beside a title, with the words they say a sector with
 * ("im Bereich", "dans le secteur") and articles after a preposition: the holders of the title in the domain
 * are relevant, the other holders a little.
 */
const FOREIGN_DOMAIN_REQUESTS: [string, string, Concept][] = [
  ['diseñadora UX con experiencia en salud', 'healthcare', 'productDesigner'],
  ['designer de produto na área de saúde', 'healthcare', 'productDesigner'],
  ['UX Designerin im Bereich Fintech', 'fintech', 'productDesigner'],
  ['designer produit dans le secteur bancaire', 'fintech', 'productDesigner'],
  ['Motion Designerin für Videospiele', 'gaming', 'motionDesigner'],
  ['diseñador de marca para moda', 'fashion', 'brandDesigner'],
  ['diseñador UX en el sector público', 'public sector', 'productDesigner'],
  ['Produktdesignerin Logistik', 'logistics', 'productDesigner'],
  ['designer di prodotto nel settore assicurativo', 'insurance', 'productDesigner'],
  ['illustratrice pour le voyage', 'travel', 'illustrator'],
];

function foreignDomains(corpus: readonly CorpusDesigner[]): JudgedQuery[] {
  return FOREIGN_DOMAIN_REQUESTS.map(([q, domain, concept]) => ({
    family: 'languages' as const,
    q,
    grades: grade(corpus, (d) => (!holds(CONCEPTS[concept].titles)(d) ? 0 : d.domains.includes(domain) ? 3 : 1)),
  }));
}

/** "or" lists of places as those languages write them ("o", "ou", "oder"): the holders of the title in either city. */
const FOREIGN_OR_REQUESTS: [string, Concept, string[]][] = [
  ['diseñadora gráfica en Barcelona o Lisboa', 'graphicDesigner', ['Barcelona', 'Lisbon']],
  ['Grafikdesignerin in Berlin oder München', 'graphicDesigner', ['Berlin', 'Munich']],
  ['illustratrice à Paris ou Montréal', 'illustrator', ['Paris', 'Montréal']],
  ['designer de produto em São Paulo ou Lisboa', 'productDesigner', ['São Paulo', 'Lisbon']],
  ['illustratore a Barcellona o Lisbona', 'illustrator', ['Barcelona', 'Lisbon']],
  ['Motion Designer in Amsterdam oder Kopenhagen', 'motionDesigner', ['Amsterdam', 'Copenhagen']],
];

function foreignOrLists(corpus: readonly CorpusDesigner[]): JudgedQuery[] {
  return FOREIGN_OR_REQUESTS.map(([q, concept, cities]) => ({
    family: 'languages' as const,
    q,
    grades: grade(corpus, (d) => (holds(CONCEPTS[concept].titles)(d) && cities.includes(cityOf(d.location) ?? '') ? 3 : 0)),
  }));
}

function foreignCountries(corpus: readonly CorpusDesigner[]): JudgedQuery[] {
  const countryOf = (d: CorpusDesigner) => /, ([A-Z]{2})$/.exec(d.location)?.[1];
  return FOREIGN_COUNTRY_REQUESTS.map(([q, concept, code]) => ({
    family: 'languages' as const,
    q,
    grades: grade(corpus, (d) => (holds(CONCEPTS[concept].titles)(d) ? (countryOf(d) === code ? 3 : 1) : 0)),
  }));
}

/**
 * Requests nothing in the directory answers, each beside a distractor that shares some of its words: a
 * namesake, a company sharing a word, a description naming the place.
 */
const NOTHING_HARD = [
  'Ingrid Thorvaldsdottir',
  'Kwame Castellanos',
  'Priya Vandenberghe',
  'designers who worked at Blue Bottle Coffee',
  'former Pineapple Express designers',
  'someone from Google Maps Platform',
  'motion designer at Deutsche Bahn',
  'brand designer in Ulaanbaatar',
  'illustrator based in Wellington',
  'product designer in Reykjavik who worked at Spotify and Nike and Lego',
  // Employers that share words with the directory's: one word per role (Spotify Studios, Microsoft
  // Research), a sister company's name and a word of the field, a word of a second employer's name.
  'brand designer at Spotify Research',
  'designers at Google Maps',
  'product designer at Canva Print',
  'someone who worked at Stripe Atlas',
  // One typo from a region of the directory (Catalonia), the first letter among them.
  'brand designer at Patagonia',
  // A city nobody is in, one typo from a studio of the directory (Koto): a place is spelled right.
  'Kyoto brand designers',
  'motion designers in Kyoto',
  // The same without a word that introduces them, as people write names: capitalised, then in lower case,
  // where only words that are no English word tell a name.
  'Blue Bottle Coffee designers',
  'brand designer Ulaanbaatar',
  'Ulaanbaatar illustrators',
  'Deutsche Bahn motion designer',
  'Google Maps Platform product designers',
  'Wellington illustrator',
  'Pineapple Express designers',
  // An employer nobody had, after a role and a place the directory holds: the role's holders there are not
  // who was asked for.
  'brand designer in Berlin who previously worked at Blue Bottle Coffee',
  'product designers in London with experience at Deutsche Bahn',
  'Ingrid Thorvaldsdottir product designer',
  'blue bottle coffee designers',
  'brand designers ulaanbaatar',
  'ingrid thorvaldsdottir product designer',
  'priya vandenberghe illustrator',
  'deutsche bahn motion designer',
  'google maps platform product designers',
  // An employer of one word the directory lacks, typed before the role as people write it ("airbnb design
  // lead"): no English word, so a name, beside the role's holders elsewhere.
  'deliveroo product designer',
  'zapier design lead',
  'nubank brand designers in berlin',
  'Rappi illustrator',
  // A role of the field nobody holds, in a city or at an employer the directory has, beside designers there
  // whose bio or domain holds its first word in another sense ("customer service", "fashion products").
  'interior designer in berlin',
  'service designer in london',
  'game designer in tokyo',
  'fashion designer in berlin',
  'sound designer in london',
  'data visualization designer in paris',
  'jewellery designers in lisbon',
  // A city of the directory named with another country or state: a namesake elsewhere, not the city there.
  '3d artists in lagos, portugal',
  'brand designers in paris, texas',
  'product designer in london ontario',
  'illustrators in barcelona, venezuela',
  // A city nobody is in, two edits from a country of the directory (Poland, Kraków's): a place's name is spelled right.
  'ux designer in portland',
  'illustrators based in portland',
];

/**
 * Designers built to mislead: they share words with requests they do not answer. One holds the role a
 * request names and mentions its place in passing ("brand designer Ulaanbaatar"); others hold titles
 * elsewhere and name a city of the directory in their bio; the last are in a city a request names and hold the
 * first word of the role it asks for in another sense ("customer service" for "service designer in london").
 */
export function conceptDistractors(): CorpusDesigner[] {
  const r = createRandom(3);
  const descriptions = [
    'Lives in Adobe Illustrator and Photoshop all day. Reports to the creative director.',
    'Works closely with the art director, the head of design and the head of UX on campaigns.',
    'Partners with illustrators, animators and researchers across the studio.',
    'Spent a summer in Ulaanbaatar sketching. Coffee lover.',
    'Visited Wellington for a conference on Blue Bottle packaging.',
    'Uses Google Maps daily; took the Deutsche Bahn to every client.',
  ];
  const distractor = (i: number, fields: Pick<DesignerImportInput, 'name' | 'description' | 'category' | 'location' | 'current_role'>): CorpusDesigner => {
    const slug = `distractor-${i}`;
    const record = buildDesignerRecord({
      id: `cd${String(i).padStart(5, '0')}`,
      slug,
      ...fields,
      website: `https://${slug}.example`,
      portfolio_preview: `https://images.example/${slug}.jpg`,
      previous_roles: [],
      opted_in: true,
      status: 'published',
      listed_at: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
    });
    return { ...record, id: record.id!, listed_at: record.listed_at!, skills: [], domains: [] };
  };
  /** Distractors from ids `first` on, each with a drawn name, one title at `company`, a place and a bio. */
  const titled =
    (first: number, category: DesignerImportInput['category'], company: string) =>
    ({ title, location, description }: { title: string; location: string; description: string }, i: number) =>
      distractor(first + i, { name: `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`, category, location, description, current_role: { title, company, company_url: null } });
  const others = Array.from({ length: 60 }, (_, i) => {
    const name = i < 3 ? ['Ingrid Larsen', 'Kwame Mensah', 'Priya Vandenberg'][i]! : `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`;
    const company = ['Blue Studio', 'Pineapple Studio', 'Google Cloud', 'Deutsche Post', 'Coffee Collective'][i % 5]!;
    return distractor(i, {
      name,
      description: descriptions[i % descriptions.length]!,
      category: 'engineer',
      location: ['Austin, US', 'Lagos, NG', 'Seoul, KR'][i % 3]!,
      current_role: { title: ['Web Developer', 'Account Manager', 'Project Manager'][i % 3]!, company, company_url: null },
    });
  });
  const passing = distractor(60, {
    name: 'Mara Quist',
    description: 'Spent a summer in Ulaanbaatar sketching yurts.',
    category: 'brand',
    location: 'Lagos, NG',
    current_role: { title: 'Brand Designer', company: 'Northwind Studio', company_url: null },
  });
  // Designers holding a title of the concepts elsewhere, whose bio names a city of the directory: a request for
  // the title there ("Grafikdesignerin Berlin") must rank those who are there first.
  const cities = [...new Set(LOCATIONS.map(cityOf).filter((city): city is string => city !== null))];
  const titles = ['Graphic Designer', 'Product Designer', 'Creative Director', 'Illustrator', 'Brand Designer'];
  const mentioning = cities.map((city, i) =>
    distractor(61 + i, {
      name: `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`,
      description: `Grew up in ${city} and still works for ${city} studios.`,
      category: 'graphic',
      location: city === 'Lagos' ? 'Seoul, KR' : 'Lagos, NG',
      current_role: { title: titles[i % titles.length]!, company: 'Northwind Studio', company_url: null },
    }),
  );
  // Designers in those cities whose bio holds a role's first word in another sense: no one's role.
  const apart = [
    { title: 'Brand Designer', location: 'London, UK', description: 'Led the customer service redesign at a bank, and the signage of its branches.' },
    { title: 'Product Designer', location: 'Berlin, DE', description: 'Drew the interior signage of a pop-up store; mostly designs for fashion products.' },
    { title: 'Graphic Designer', location: 'Tokyo, JP', description: 'Made the game art and the box for a small studio.' },
    { title: 'Motion Designer', location: 'London, UK', description: 'Cuts his own sound and music for every film.' },
    { title: 'Visual Designer', location: 'Paris, FR', description: 'Turns data into clear visualization for newsrooms.' },
    { title: 'Brand Designer', location: 'Lisbon, PT', description: 'Shot the jewellery of a Lisbon atelier for its new identity.' },
  ].map(titled(200, 'brand', 'Northwind Studio'));
  // Profiles that say it their own way: a title of the trade and the kind of it in the bio, a title written in
  // Spanish, a junior and an associate; beside each, one that shares a word and is not it.
  const ownWay = OWN_WAY.map(titled(220, 'graphic', 'Southwind Works'));
  return [...others, passing, ...mentioning, ...apart, ...ownWay];
}

const OWN_WAY: readonly { title: string; location: string; description: string }[] = [
  { title: "Children's Book Illustrator", location: 'Brighton, UK', description: 'Watercolour picture books.' },
  { title: 'Illustrator', location: 'Leeds, UK', description: 'Picture books for children aged three to seven.' },
  { title: 'Illustrator', location: 'Glasgow, UK', description: 'Editorial illustration for news features.' },
  { title: 'Furniture Designer', location: 'Copenhagen, DK', description: 'Oak chairs and tables.' },
  { title: 'Industrial Designer', location: 'Oslo, NO', description: 'Furniture and lamps, from sketch to production.' },
  { title: 'Industrial Designer', location: 'Stockholm, SE', description: 'Kitchen appliances and consumer electronics.' },
  { title: 'Diseñadora Gráfica', location: 'Santiago, CL', description: 'Carteles y campañas.' },
  { title: 'Graphic Designer', location: 'Santiago, CL', description: 'Campaigns for theatres.' },
  { title: 'Brand Designer', location: 'Santiago, CL', description: 'Logos for wineries.' },
  { title: 'Junior Product Designer', location: 'Ankara, TR', description: 'Onboarding flows.' },
  { title: 'Associate Designer', location: 'Gdańsk, PL', description: 'Shelf labels.' },
  { title: 'Senior Product Designer', location: 'Ankara, TR', description: 'Writes a newsletter for junior designers.' },
];

/**
 * Requests for what those profiles say their own way (OWN_WAY), graded on their titles, bios and places: the
 * kind of a trade in a bio beside the title of the trade, a title as written in Spanish, a plural seniority,
 * a seniority left out.
 */
const childrensBooks = (d: CorpusDesigner) => (same(currentTitle(d), "Children's Book Illustrator") ? 3 : same(currentTitle(d), 'Illustrator') && /picture books/i.test(d.description ?? '') ? 2 : 0);
const OWN_WAY_QUERIES: [Family, string, (d: CorpusDesigner) => number][] = [
  ['synonyms', "children's book illustrator", childrensBooks],
  ['synonyms', 'picture book illustrators', childrensBooks],
  ['synonyms', 'furniture designer', (d) => (same(currentTitle(d), 'Furniture Designer') ? 3 : /furniture/i.test(d.description ?? '') ? 2 : 0)],
  ['languages', 'diseñadora gráfica en Santiago', (d) => (cityOf(d.location) === 'Santiago' && ['Diseñadora Gráfica', 'Graphic Designer'].some((t) => same(t, currentTitle(d))) ? 3 : 0)],
  ['word forms', 'junior designers', (d) => (/^junior .*designer$/i.test(currentTitle(d)) ? 3 : same(currentTitle(d), 'Associate Designer') ? 2 : 0)],
  ['multi-constraint', 'product designers in ankara, no juniors', (d) => (cityOf(d.location) === 'Ankara' && same(currentTitle(d), 'Senior Product Designer') ? 3 : 0)],
];

function ownWay(corpus: readonly CorpusDesigner[]): JudgedQuery[] {
  return OWN_WAY_QUERIES.map(([family, q, fn]) => ({ family, q, grades: grade(corpus, fn) }));
}

/**
 * Requests that hedge a skill ("bonus if they know Cinema 4D", "packaging nice to have") or name the domain of
 * the work after "in" ("mit Erfahrung in Fintech"), graded on the title and the city they ask and what they
 * would rather have: the holders of the title there are relevant, those who also have the skill or domain most.
 * Read as words, "bonus", "if", "nice" and the skill or domain were words every match must hold.
 */
const HEDGED_REQUESTS: [Family, string, Concept, string, (d: CorpusDesigner) => boolean][] = [
  ['multi-constraint', 'motion designers in london, bonus if they know cinema 4d and after effects', 'motionDesigner', 'London', (d) => d.skills.some((s) => ['Cinema 4D', 'After Effects'].includes(s))],
  ['multi-constraint', 'brand designer in amsterdam, nice to have: packaging', 'brandDesigner', 'Amsterdam', (d) => d.skills.includes('packaging')],
  ['multi-constraint', 'ux designer in berlin, figma experience a plus', 'productDesigner', 'Berlin', (d) => d.skills.includes('Figma')],
  ['multi-constraint', '3d artists in tokyo, ideally someone who knows houdini', 'threeD', 'Tokyo', (d) => d.skills.includes('Houdini')],
  ['multi-constraint', 'product designers in seoul working in healthcare', 'productDesigner', 'Seoul', (d) => d.domains.includes('healthcare')],
  ['languages', 'Produktdesignerin in München mit Erfahrung in Fintech', 'productDesigner', 'Munich', (d) => d.domains.includes('fintech')],
  // A list with commas after the hedge, ended by "or" and "and".
  ['multi-constraint', 'ux designers in london, ideally with fintech, healthcare or insurance experience', 'productDesigner', 'London', (d) => d.domains.some((x) => ['fintech', 'healthcare', 'insurance'].includes(x))],
  ['multi-constraint', 'motion designers in berlin, bonus if they know houdini, cinema 4d and after effects', 'motionDesigner', 'Berlin', (d) => d.skills.some((s) => ['Houdini', 'Cinema 4D', 'After Effects'].includes(s))],
];

function hedged(corpus: readonly CorpusDesigner[]): JudgedQuery[] {
  return HEDGED_REQUESTS.map(([family, q, concept, city, rather]) => ({
    family,
    q,
    grades: grade(corpus, (d) => (!holds(CONCEPTS[concept].titles)(d) || cityOf(d.location) !== city ? 0 : rather(d) ? 3 : 2)),
  }));
}

/**
 * The judged queries of the generated directory and its distractors, graded over both. Requests are drawn
 * from the generated directory alone, so a distractor added never changes which requests are asked.
 */
export function generateConceptJudgements(generated: readonly CorpusDesigner[], distractors: readonly CorpusDesigner[], seed = 11): JudgedQuery[] {
  const r = createRandom(seed);
  const corpus = [...generated, ...distractors];
  return [
    ...synonyms(corpus),
    ...wordForms(corpus),
    ...multiConstraint(r, corpus, generated, MULTI_CONSTRAINT_QUERIES),
    ...languages(r, corpus, generated),
    ...foreignCountries(corpus),
    ...foreignSkills(corpus),
    // The last of the draws, in the order added: the requests drawn before are as they were.
    ...foreignAsks(r, corpus, generated),
    ...workedAtAsks(r, corpus, generated),
    ...foreignSeniors(r, corpus, generated),
    // Drawn from nothing: the requests before are as they were.
    ...foreignDomains(corpus),
    ...foreignOrLists(corpus),
    ...ownWay(corpus),
    ...hedged(corpus),
    ...NOTHING_HARD.map((q): JudgedQuery => ({ family: 'nothing (hard)', q, grades: new Map() })),
  ].filter((query) => query.family === 'nothing (hard)' || query.grades.size > 0);
}
