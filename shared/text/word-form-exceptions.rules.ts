// Irregular pasts, which Porter leaves as they are, joined to their verbs: who "led design" or "has led a
// team" leads, who "wrote about typography" writes about it. Left out where the form is also a first name
// ("Drew", "Ran", "Made", "Won"), which a query for the person must not read as the verb.
const IRREGULAR: Readonly<Record<string, readonly string[]>> = {
  lead: ['led'],
  build: ['built'],
  rebuild: ['rebuilt'],
  draw: ['drawn'],
  redraw: ['redrew', 'redrawn'],
  write: ['wrote', 'written'],
  rewrit: ['rewrote', 'rewritten'],
  teach: ['taught'],
  grow: ['grew', 'grown'],
  overse: ['oversaw', 'overseen'],
};

/**
 * Words Porter's stemmer would join to another word's family, pinned to a stem of their own, as
 * Elasticsearch's stemmer_override does: "production" is not "product" (a Production Designer is no
 * Product Designer, and the synonym rules of the two would otherwise share one key), "visualization" is
 * not "visual", "news" is not "new", "mobility" is not "mobile". Each family lists every form a profile or a query writes; the forms
 * left out still stem the usual way. Reviewed like code: a change here changes the stored search text
 * (DOCUMENT_VERSION and a migration marking the Postgres search text stale).
 */
const FAMILIES: Readonly<Record<string, readonly string[]>> = {
  production: ['production', 'productions'],
  productiv: ['productive', 'productivity'],
  visualiz: [
    'visualize', 'visualizes', 'visualized', 'visualizing', 'visualization', 'visualizations', 'visualizer', 'visualizers',
    'visualise', 'visualises', 'visualised', 'visualising', 'visualisation', 'visualisations', 'visualiser', 'visualisers',
  ],
  news: ['news'],
  organiz: ['organization', 'organizations', 'organisation', 'organisations', 'organizational', 'organisational'],
  generat: ['generative', 'generation', 'generations', 'generational'],
  communiti: ['community', 'communities'],
  animal: ['animal', 'animals'],
  engine: ['engine', 'engines'],
  universiti: ['university', 'universities'],
  experiment: ['experiment', 'experiments', 'experimental', 'experimentation', 'experimenting', 'experimented'],
  business: ['business', 'businesses'],
  internation: ['international'],
  internal: ['internal'],
  responsiv: ['responsive'],
  responsibl: ['responsible'],
  // A Mobile Designer designs for phones; mobility is the domain of cars and transport.
  mobiliti: ['mobility', 'mobilities'],
  // Industrial design is a discipline; "the fintech industry" is not it.
  industrial: ['industrial'],
  // Publication design is editorial work; "public sector" is a domain.
  publicat: ['publication', 'publications'],
  // Conversion (rates, funnels) is growth work; conversation design is for chat and voice.
  conversion: ['conversion', 'conversions'],
  // Who does a craft and the craft, which Porter keeps apart: a strategist does strategy, a typographer
  // typography, a sculptor sculpts, a coder codes.
  strateg: ['strategy', 'strategies', 'strategic', 'strategist', 'strategists'],
  sculpt: ['sculptor', 'sculptors', 'sculpture', 'sculptures', 'sculptural'],
  code: ['coder', 'coders'],
  photograph: ['photography', 'photographer', 'photographers', 'photographic'],
  typograph: ['typography', 'typographer', 'typographers', 'typographic', 'typographical'],
  calligraph: ['calligraphy', 'calligrapher', 'calligraphers', 'calligraphic'],
  cartograph: ['cartography', 'cartographer', 'cartographers', 'cartographic'],
  videograph: ['videography', 'videographer', 'videographers'],
  cinematograph: ['cinematography', 'cinematographer', 'cinematographers', 'cinematographic'],
  ethnograph: ['ethnography', 'ethnographer', 'ethnographers', 'ethnographic'],
  ...IRREGULAR,
};

/** The irregular pasts above: a participle among them before "by" is a passive, as one in "-ed" is. */
export const IRREGULAR_PASTS: ReadonlySet<string> = new Set(Object.values(IRREGULAR).flat());

/** Each pinned word's stem. */
export const STEM_EXCEPTIONS: ReadonlyMap<string, string> = new Map(
  Object.entries(FAMILIES).flatMap(([stem, words]) => words.map((word) => [word, stem] as const)),
);

/**
 * British spellings and the American ones they stand for, written the American way before stemming so both
 * find each other: "colour" is "color", "localisation" "localization", "centre" "center", "jewellery"
 * "jewelry". An ending that is always a spelling variant ("-isation"), the word stems that take "-ise"
 * below (never "-ise" alone: "expertise", "enterprise" and "advertise" are American too), "-our", "-tre"
 * and "-ogue" of the words listed, and single words. Reviewed like code, as the families above.
 */
const ISE_STEMS: readonly string[] = [
  'organis', 'visualis', 'localis', 'optimis', 'customis', 'personalis', 'prioritis', 'finalis', 'realis', 'recognis',
  'specialis', 'emphasis', 'summaris', 'categoris', 'standardis', 'digitis', 'monetis', 'modernis', 'humanis',
  'synthesis', 'empathis', 'conceptualis', 'maximis', 'minimis', 'utilis', 'stylis', 'characteris', 'globalis',
  'harmonis', 'memoris', 'dramatis', 'familiaris', 'socialis', 'centralis', 'democratis', 'normalis', 'rationalis',
  'revolutionis', 'mobilis', 'criticis', 'authoris', 'energis', 'popularis', 'symbolis', 'theoris', 'tokenis',
  'verbalis', 'animalis', 'colonis', 'materialis', 'serialis', 'initialis', 'internationalis',
];
const OUR_STEMS: readonly string[] = [
  'colour', 'behaviour', 'favour', 'honour', 'labour', 'humour', 'flavour', 'neighbour', 'rumour', 'armour', 'savour',
  'endeavour', 'harbour', 'vapour', 'valour', 'odour', 'vigour', 'rigour', 'parlour',
];
const TRE_STEMS: readonly string[] = ['centre', 'theatre', 'metre', 'fibre', 'calibre', 'spectre', 'litre', 'sabre', 'lustre', 'sombre'];
const OGUE_STEMS: readonly string[] = ['catalogue', 'dialogue', 'analogue', 'prologue', 'epilogue', 'monologue'];
const BRITISH_WORDS: ReadonlyMap<string, string> = new Map(Object.entries({
  jewellery: 'jewelry', jeweller: 'jeweler', jewellers: 'jewelers', grey: 'gray', greys: 'grays', greyscale: 'grayscale',
  programme: 'program', programmes: 'programs', licence: 'license', licences: 'licenses', defence: 'defense',
  offence: 'offense', practise: 'practice', practised: 'practiced', practising: 'practicing', ageing: 'aging',
  artefact: 'artifact', artefacts: 'artifacts', mould: 'mold', moulds: 'molds', aeroplane: 'airplane', cheque: 'check',
}));

const ISE = new RegExp(`^(${ISE_STEMS.join('|')})(e|es|ed|ing|er|ers|ation|ations)$`, 'u');
const OUR = new RegExp(`^(${OUR_STEMS.map((stem) => stem.slice(0, -3)).join('|')})our(s|ed|ing|ful|fully|ist|ists|al|ally|ite|ites|less|ism|able|er|ers|is|ise|ised|ising|isation)?$`, 'u');
const TRE = new RegExp(`^(${TRE_STEMS.map((stem) => stem.slice(0, -3)).join('|')})tre(s|d)?$`, 'u');
const OGUE = new RegExp(`^(${OGUE_STEMS.map((stem) => stem.slice(0, -4)).join('|')})ogue(s)?$`, 'u');

/** A folded word as American English spells it (BRITISH_WORDS and the endings above); any other word as it is. */
export function americanSpelling(word: string): string {
  // A Map, not an object: "constructor" is no British word.
  const single = BRITISH_WORDS.get(word);
  if (single) return single;
  const our = OUR.exec(word);
  if (our) return americanSpelling(`${our[1]}or${our[2] ?? ''}`);
  if (/^[a-z]{3,}isations?$/u.test(word)) return word.replace(/isation(s?)$/u, 'ization$1');
  const ise = ISE.exec(word);
  if (ise) return `${ise[1]!.slice(0, -1)}z${ise[2]}`;
  const tre = TRE.exec(word);
  if (tre) return `${tre[1]}ter${tre[2] === 'd' ? 'ed' : (tre[2] ?? '')}`;
  const ogue = OGUE.exec(word);
  if (ogue) return `${ogue[1]}og${ogue[2] ?? ''}`;
  return word;
}
