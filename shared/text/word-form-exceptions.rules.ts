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
};

/** Each pinned word's stem. */
export const STEM_EXCEPTIONS: ReadonlyMap<string, string> = new Map(
  Object.entries(FAMILIES).flatMap(([stem, words]) => words.map((word) => [word, stem] as const)),
);
