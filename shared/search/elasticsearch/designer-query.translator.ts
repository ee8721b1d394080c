import type { PageWindow } from '../page-window.ts';
import type { estypes } from '@elastic/elasticsearch';
import { DESIGNER_LISTED_RULE } from '../../domain/designer.fields.ts';
import type { DesignerFilters } from '../../domain/designer-search.schema.ts';
import { DESIGNER_SEARCH_RULES } from '../designer-search.rules.ts';
import { EXACT_EMPLOYER_WORDS, pastRoleBonusWords, type QueryWords, requiredMatches, ROLE_FIRST_BEFORE_WORDS, ROLE_FIRST_WORDS, withoutWords } from '../query-words.ts';
import { factsToLookUp, type ReadingFacts } from '../reading-facts.ts';
import { MAX_FUZZY_EXPANSIONS, MAX_PREFIX_EXPANSIONS } from '../../text/query-cost.rules.ts';
import { butNotCutShort, liveFilter, MATCH_TIER_BOOSTS, typoOptions } from './query-clauses.ts';
import { buildEntityQuery, buildEntitySearchRequest, type EsEntitySearch, entitySortKeys } from './search-query.translator.ts';
import { type EsSortKey, toEsSort } from './sort-keys.ts';
import { boostedFields, boostedFormFields } from './text-fields.ts';
import { namingFieldNames, placeFieldNames } from '../search-rules.ts';
import { type AskedRole, askedRole, type ConceptSpan, type ExactEmployer, exactEmployers, type ExactEmployerGroup, currentRoleWords, heldCraft, heldInTitle, heldRole, knownTitleForms, type NamedRole, type QualifiedRole, type RoleUnit, roleUnits, type SynonymSet, typedForms, unitsOfNow, unitsOfPast, unitWords, wordsOfNoRole } from '../query-synonyms.ts';
import { wordForm } from '../../text/word-forms.ts';


type Query = estypes.QueryDslQueryContainer;

/** Boosts: name above role titles and companies, those above the description, and the location lowest. */
export const DESIGNER_TEXT_FIELDS = boostedFields(DESIGNER_SEARCH_RULES.text);

/**
 * Extra score for query words found together in one role ("title company"), as the Postgres engine gives it
 * (free-text.sql.ts), in the same units (the boolean similarity makes a word exactly in a field score the
 * field's boost, MATCH_TIER_BOOSTS): per word of the best role, an exact word in the best-weighted field;
 * per word of the current role, half that again; for a request for past roles, half per word of the best
 * previous role, and the current role on what the request says of now only. Under BM25 the bonus was a fixed 1 plus 2 for the current
 * role, which a bio naming the title and words spread over two roles outscored. And, for a request for past
 * roles, a previous role holding what it names (pastRoleBonusWords exact words, shared out over them).
 */
const EXACT_BEST = Math.max(...Object.values(DESIGNER_SEARCH_RULES.text).map((field) => field.boost)) * MATCH_TIER_BOOSTS.exact;
export const ROLE_BOOSTS = {
  bestRole: EXACT_BEST,
  currentRole: EXACT_BEST / 2,
  exactRole: EXACT_BEST,
  // One point of the Postgres engine's scale, whose best exact word is 60 (exactTitle).
  exactTitle: EXACT_BEST / 60,
} as const;

/**
 * Words of one role (its title and company) rank above the same words spread over several roles and above
 * a bio naming them: a nested query scores the best single role by the query words it holds, counting only
 * roles that hold at least two; the current role scores again, or, when the request asks for past roles
 * ("former …"), previous roles score, at half, and the current role on what the request says of now
 * (nowRoleBonus, unitsOfNow); and a role the query names exactly scores once more.
 * The current role's score is the greater of its words and a concept the query names in its title
 * (conceptRoleBonus), so a Creative Director ranks above a former one for "art director" while a Head of
 * Design at Miro who left still ranks above one at Notion for "head of design miro".
 */
export function sameRoleBonus(query: Pick<QueryWords, 'words' | 'prefix' | 'pastRoles' | 'filler' | 'nowWords'>, concepts: readonly ConceptSpan[] = []): Query[] {
  const { words, prefix, pastRoles } = query;
  const several = words.length >= 2;
  const known = knownTitleForms(concepts);
  const ownWords = pastRoles ? nowRoleBonus(query, concepts, known) : several ? [bestRole(roleWordsScored(words, prefix, known, ROLE_BOOSTS.currentRole, { term: { 'roles.current': true } }))] : [];
  const current = [...ownWords, ...conceptRoleBonus(concepts)];
  const greatest = [...(current.length > 1 ? [{ dis_max: { queries: current } }] : current), ...(pastRoles ? [] : [exactTitle(typedForms(query))])];
  if (!several) return greatest;
  // The best role counts the words that tell roles apart: "designer" is in nearly every title, so a Graphic
  // Designer at Framer would hold two words of "communication designer who worked at framer", and a former
  // Type Designer at the New York Times four of "motion designers, ex new york times".
  // A concept the query names counts once, as a whole (roleUnits): "graphics" alone does not make a Graphic
  // Designer's role hold "motion graphics designer".
  const units = roleUnits(words, concepts);
  // A request for past roles scores the previous roles on what it says of the past (unitsOfPast), at half, and
  // the current role holding two units of what it says of now, as any request scores its best role; a concept
  // alone is the concept bonus's, so the former employer's one word (pastRoleBonusWords) still tells that
  // concept's holders apart. A request that says something of now names no previous role exactly.
  if (pastRoles) {
    const previous: Query = { term: { 'roles.current': false } };
    const now = bestUnits(unitsOfNow(units, query.nowWords), prefix, known, ROLE_BOOSTS.bestRole, { term: { 'roles.current': true } }, { together: true });
    const past = bestUnits(unitsOfPast(units, query.nowWords), prefix, known, ROLE_BOOSTS.currentRole, previous);
    return [...past, ...now, ...greatest, ...(query.nowWords.length > 0 ? [] : [exactRole(words, prefix, known, previous)])];
  }
  return [...bestUnits(units, prefix, known, ROLE_BOOSTS.bestRole), ...greatest, exactRole(words, prefix, known)];
}

/**
 * A role the query names exactly: it holds every word and no other content word, so "cgi artist google"
 * ranks the CGI Artist at Google above the one at Google Cloud (which holds every word too). It earns what a
 * current role earns for every word, and an exact word of the best field more (exactRolePoints), so a former
 * UX Researcher at Stripe ranks above a UX Researcher at Stripe Press now for "ux researcher stripe", as a
 * sister company's role is no role at the company named. In a request for past roles, a previous role only
 * (`filter`): "art directors ex lego" is not the Art Director at Lego now.
 */
function exactRole(words: readonly string[], prefix: QueryWords['prefix'], known: KnownForms, filter?: Query): Query {
  return {
    nested: {
      path: 'roles',
      score_mode: 'max',
      query: {
        constant_score: {
          filter: { bool: { filter: [...(filter ? [filter] : []), { term: { 'roles.words': words.length } }, ...words.map((word, i) => roleWord(word, prefix[i] ?? null, known))] } },
          boost: exactRolePoints(words.length),
        },
      },
    },
  };
}

/** What a role the query names exactly earns, the query of `words` content words (exactRole). */
export const exactRolePoints = (words: number): number => ROLE_BOOSTS.exactRole + words * ROLE_BOOSTS.currentRole;

/**
 * A current title made only of words the query typed (their stems: typedForms): "Product Designer" for
 * "product designer in quebec", not "Senior Product Designer". It earns the least a word can earn
 * (ROLE_BOOSTS.exactTitle), so it decides between designers who otherwise tie, as an exact attribute match
 * breaks ties in Algolia, and never outweighs a word: the Product Designer at Nike still ranks below the
 * Motion Designer at Nike for "motion designer nike". The Postgres engine's exactTitleBonus is its twin.
 */
function exactTitle(forms: readonly string[]): Query {
  return bestRole({
    constant_score: {
      filter: {
        bool: {
          filter: [
            { term: { 'roles.current': true } },
            { range: { 'roles.title_words': { gte: 1 } } },
            { terms_set: { 'roles.forms': { terms: [...forms], minimum_should_match_field: 'roles.title_words' } } },
          ],
        },
      },
      boost: ROLE_BOOSTS.exactTitle,
    },
  });
}

/**
 * The best role by the units it holds (roleUnits), `perWord` for each word a unit stands for: a role holding
 * two units at least, or a concept of two telling words or more on its own (by its words or its title as
 * typed); only roles that pass `filter`. The Postgres engine's unitsScore is its twin.
 */
function bestUnits(units: readonly RoleUnit[], prefix: QueryWords['prefix'], known: KnownForms, perWord: number, filter?: Query, { together = false } = {}): Query[] {
  const clauses = units.map((unit) => unitClause(unit, prefix, known, perWord));
  const scoped = (query: Query): Query => (filter ? { bool: { filter: [filter], must: [query] } } : query);
  const queries: Query[] = [
    ...(clauses.length >= 2 ? [{ bool: { ...(filter ? { filter: [filter] } : {}), should: clauses, minimum_should_match: 2 } }] : []),
    // On its own, a concept counts by its words (or its title as typed): a synonym title alone is the
    // concept bonus's to score (conceptRoleBonus), in the current role. `together`: only beside another unit.
    ...(together ? [] : units.flatMap((unit) => (unitWords(unit) >= 2 ? [scoped(unitClause(unit, prefix, known, perWord, false))] : []))),
  ];
  if (queries.length === 0) return [];
  return [bestRole(queries.length > 1 ? { dis_max: { queries } } : queries[0]!)];
}

/**
 * One unit in a role: a word (roleWord), or a concept, held by a title that names it (its words' stems as
 * typed, or a synonym of it at the form tier) or by a role holding every one of its telling words.
 */
function unitClause(unit: RoleUnit, prefix: QueryWords['prefix'], known: KnownForms, perWord: number, bySynonym = true): Query {
  if (!('concept' in unit)) return { constant_score: { filter: roleWord(unit.word, prefix[unit.index] ?? null, known), boost: perWord } };
  const { concept, words, indexes } = unit;
  const earned = words.length * perWord;
  const inTitleOnly = heldInTitle(unit);
  const everyWord: Query = {
    bool: { filter: words.map((word, k) => (inTitleOnly ? { match: { 'roles.forms': { query: wordForm(word) } } } : roleWord(word, prefix[indexes[k]!] ?? null, known))) },
  };
  const typed: Query = { constant_score: { filter: { bool: { should: [...inTitle([concept.typed]), everyWord], minimum_should_match: 1 } }, boost: earned } };
  if (concept.synonyms.length === 0 || !bySynonym) return typed;
  const synonym: Query = { constant_score: { filter: { bool: { should: inTitle(concept.synonyms), minimum_should_match: 1 } }, boost: earned * MATCH_TIER_BOOSTS.form } };
  return { dis_max: { queries: [typed, synonym] } };
}

/** A role holding at least two of the words, scoring `perWord` for each it holds; only roles that pass `filter`. */
function roleWordsScored(words: readonly string[], prefix: QueryWords['prefix'], known: KnownForms, perWord: number, filter?: Query, atLeast = 2): Query {
  return {
    bool: {
      ...(filter ? { filter: [filter] } : {}),
      should: words.map((word, i) => ({ constant_score: { filter: roleWord(word, prefix[i] ?? null, known), boost: perWord } })),
      minimum_should_match: atLeast,
    },
  };
}

/**
 * In a request for past roles, what it says of now (QueryWords.nowWords: "designers at Klarna, ex Spotify",
 * "ex Spotify designers now at Klarna") in the current role: per word held (currentRoleWords), what the current
 * role earns per word in any other request. Without it the current role earned nothing in such a request, and
 * a CGI Artist who had been at Klarna and at Spotify Studios tied with the 3D Designer at Klarna who had been
 * at Spotify, the newer listing first. The Postgres engine's nowRoleScore is its twin.
 */
function nowRoleBonus(query: Pick<QueryWords, 'words' | 'prefix' | 'nowWords'>, concepts: readonly ConceptSpan[], known: KnownForms): Query[] {
  const now = currentRoleWords(query, concepts);
  if (now.length === 0) return [];
  const words = now.map((i) => query.words[i]!);
  const prefix = now.map((i) => query.prefix[i] ?? null);
  return [bestRole(roleWordsScored(words, prefix, known, ROLE_BOOSTS.currentRole, { term: { 'roles.current': true } }, 1))];
}

/** Phrases of stems in a role's title (roles.forms), each as a phrase clause. */
function inTitle(phrases: readonly string[][]): Query[] {
  return phrases.map((phrase) => ({ match_phrase: { 'roles.forms': phrase.join(' ') } }));
}

/** A designer's score from the one role of theirs that scores best on `query`. */
function bestRole(query: Query): Query {
  return { nested: { path: 'roles', score_mode: 'max', query } };
}

/** Known words (knownTitleForms) and the stems by which a title holds each. */
type KnownForms = ReadonlyMap<string, readonly string[]>;

/** The employers a request for past roles names are no concept: within their typo allowance. */
const NO_KNOWN_WORDS: KnownForms = new Map();

/**
 * A role's text holding the word exactly, within its typo allowance, or (the last word) as a prefix. A word
 * of a concept the synonym rules know is spelled right: exactly, or by its stems in the title (roles.forms,
 * knownTitleForms), never within the allowance, so "motion" is not the company Notion.
 */
function roleWord(word: string, scope: QueryWords['prefix'][number], known: KnownForms): Query {
  const forms = known.get(word);
  const spelled: Query[] = forms
    ? [{ match: { 'roles.text': { query: word } } }, ...forms.map((form) => ({ match: { 'roles.forms': { query: form } } }))]
    : typoOptions(word).map((fuzzy) => butNotCutShort(word, { match: { 'roles.text': { query: word, ...fuzzy, max_expansions: MAX_FUZZY_EXPANSIONS } } }, ['roles.text']));
  return {
    dis_max: {
      queries: [
        ...spelled,
        ...(scope === 'any' ? [{ match_phrase_prefix: { 'roles.text': { query: word, max_expansions: MAX_PREFIX_EXPANSIONS } } }] : []),
      ],
    },
  };
}

/**
 * A request for past roles ("former Google designers", "who used to work at Possible Works", "ex Google Cloud
 * or Shopify") ranks the designers a previous role of whom holds what it names (QueryWords.pastAlternatives:
 * the words after "ex", each alternative of an "or" on its own) above those whose current role does: a flat
 * bonus, a share for each word of the alternative the previous role holds (so "Helpful Design Co." counts
 * more than "Scary Design Co." for "helpful design co"), so the current staff's other matches (a description
 * naming the company) cannot outweigh it; the best alternative counts. Less when the request names the role it
 * wants first ("head of design, ex Adobe"): see pastRoleBonusWords.
 */
export function pastRoleBonus(query: Pick<QueryWords, 'words' | 'prefix' | 'pastAlternatives' | 'nowWords'>): Query[] {
  const { words, prefix, pastAlternatives } = query;
  const scopeOf = (word: string) => prefix[words.indexOf(word)] ?? null;
  const alternatives = pastAlternatives.map((group) => {
    const share = (pastRoleBonusWords(query) * EXACT_BEST) / group.length;
    return bestRole({
      bool: {
        filter: [{ term: { 'roles.current': false } }],
        should: group.map((word) => ({ constant_score: { filter: roleWord(word, scopeOf(word), NO_KNOWN_WORDS), boost: share } })),
        minimum_should_match: requiredMatches(group.length),
      },
    });
  });
  return alternatives.length > 1 ? [{ dis_max: { queries: alternatives } }] : alternatives;
}

/**
 * A concept the query names (conceptSpans: "art director", or "creative director" for it) in the title of
 * the current role, or of a previous one when the query asks for past roles before it ("ex art directors"):
 * per word of the concept, what the current role earns per word it holds (ROLE_BOOSTS.currentRole), and
 * for a synonym of it that times the form tier (the Interaction Designer above the Product Designer for
 * "interaction designers"). The greatest of these and the current role's own words counts (sameRoleBonus).
 * Without it a Creative Director and a 3D Artist who had been one tied for "art director" (the words and
 * their synonyms match the titles of every role alike), and a bio naming the role tied with the title.
 */
export function conceptRoleBonus(concepts: readonly ConceptSpan[]): Query[] {
  return concepts.flatMap(({ words, typed, synonyms, past }) => {
    const heldNow = (phrases: readonly string[][], boost: number): Query =>
      bestRole({
        constant_score: {
          filter: {
            bool: {
              filter: [{ term: { 'roles.current': !past } }],
              should: inTitle(phrases),
              minimum_should_match: 1,
            },
          },
          boost,
        },
      });
    const perWord = words * ROLE_BOOSTS.currentRole;
    return [heldNow([typed], perWord), ...(synonyms.length > 0 ? [heldNow(synonyms, perWord * MATCH_TIER_BOOSTS.form)] : [])];
  });
}

/**
 * The role a request asks for beside other constraints (askedRole), typed or by a synonym, in the title of
 * the current role: ROLE_FIRST_WORDS exact words of the best field, so its holders rank first; or of a role at
 * an employer the request names, one word less (ROLE_FIRST_BEFORE_WORDS). The Postgres engine's roleFirstBonus
 * is its twin.
 */
export function roleFirstBonus(role: AskedRole | null): Query[] {
  if (!role) return [];
  const { concept, employers } = role;
  const atEmployer = employers.map((words) => ({ bool: { filter: words.map((word) => ({ match: { 'roles.text': { query: word } } })) } }));
  const holding = (when: Query[], words: number): Query => ({
    constant_score: {
      filter: { bool: { filter: [{ bool: { should: inTitle([concept.typed, ...concept.synonyms]), minimum_should_match: 1 } }], should: when, minimum_should_match: 1 } },
      boost: words * EXACT_BEST,
    },
  });
  const now = holding([{ term: { 'roles.current': true } }], ROLE_FIRST_WORDS);
  return [bestRole(atEmployer.length > 0 ? { dis_max: { queries: [now, holding(atEmployer, ROLE_FIRST_BEFORE_WORDS)] } } : now)];
}

/**
 * A role at an employer the request names exactly (exactEmployers): its company holds every naming word and
 * no content word the request did not write, that is, some set of the written words holding the naming ones,
 * and as many content words as that set (roles.company_words). EXACT_EMPLOYER_WORDS exact words of the best
 * field per constraint, by a previous role for a request for past roles. The Postgres engine's
 * exactEmployerBonus is its twin.
 */
export function exactEmployerBonus(groups: readonly ExactEmployerGroup[]): Query[] {
  const exactly = ({ naming, written }: ExactEmployer): Query[] => {
    const others = [...new Set(written)].filter((word) => !naming.includes(word));
    // Every set of the written words holding the naming ones (a name is a few words: at most 2^3 sets).
    const sets = others.slice(0, 3).reduce<string[][]>((all, word) => [...all, ...all.map((set) => [...set, word])], [[...new Set(naming)]]);
    return sets.map((set) => ({ bool: { filter: [...set.map((word) => ({ match: { 'roles.company': { query: word } } })), { term: { 'roles.company_words': set.length } }] } }));
  };
  return groups.map(({ alternatives, past }) =>
    bestRole({
      constant_score: {
        filter: { bool: { ...(past ? { filter: [{ term: { 'roles.current': false } }] } : {}), should: alternatives.flatMap(exactly), minimum_should_match: 1 } },
        boost: EXACT_EMPLOYER_WORDS * EXACT_BEST,
      },
    }),
  );
}

/** The designers whose current title holds the role a request names (heldRole), typed or by a synonym; null for none. The Postgres engine's currentlyHeld is its twin. */
export function currentHolders(role: ConceptSpan | null): Query | null {
  if (!role) return null;
  return {
    nested: {
      path: 'roles',
      query: { bool: { filter: [{ term: { 'roles.current': true } }, { bool: { should: inTitle([role.typed, ...role.synonyms]), minimum_should_match: 1 } }] } },
    },
  };
}

/**
 * The designers who hold the craft, skill, tool or domain a request names beside the words of a task
 * (heldCraft): one of its phrases, typed or by a synonym, side by side in a stemmed field; null for none. The
 * Postgres engine's craftHeld is its twin.
 */
export function craftHolders(craft: ConceptSpan | null): Query | null {
  if (!craft) return null;
  return { bool: { should: [craft.typed, ...craft.synonyms].map((words): Query => ({ multi_match: { query: words.join(' '), fields: DESIGNER_FORM_FIELDS, type: 'phrase' } })), minimum_should_match: 1 } };
}

const DESIGNER_FORM_FIELDS = boostedFormFields(DESIGNER_SEARCH_RULES.text);

const DESIGNER_SEARCH: EsEntitySearch<DesignerFilters> = {
  rules: DESIGNER_SEARCH_RULES,
  listed: DESIGNER_LISTED_RULE,
  textFields: DESIGNER_TEXT_FIELDS,
  formFields: DESIGNER_FORM_FIELDS,
  placeFields: placeFieldNames(DESIGNER_SEARCH_RULES.text),
  namingFields: namingFieldNames(DESIGNER_SEARCH_RULES.text),
  toolFields: [DESIGNER_SEARCH_RULES.filters.words.company],
  source: 'designer',
  // A place of the world typed alone is where the designer is, and a tool the designer uses what they use: no
  // word of a role (wordsOfNoRole).
  bonus: (query, concepts, synonyms) => [
    ...sameRoleBonus(withoutWords(query, wordsOfNoRole(query, concepts, synonyms)).query, concepts),
    ...pastRoleBonus(query),
    ...roleFirstBonus(askedRole(query, concepts, synonyms)),
    ...exactEmployerBonus(exactEmployers(query, synonyms)),
  ],
  holders: (query, concepts, synonyms) => currentHolders(heldRole(query, concepts, synonyms)),
  onlyHolders: (query, concepts, synonyms) => craftHolders(heldCraft(query, concepts, synonyms)),
  titleHolds: currentHolders,
  roles: { path: 'roles', field: 'roles.text', forms: 'roles.forms', current: 'roles.current' },
  roleHolds: roleHolding,
  roleAtEmployer,
  personField: DESIGNER_TEXT_FIELDS[0]!,
};

/**
 * The designers one role of whom is `headStem` (in its title's stems) at an employer holding every word of
 * `words` (NamedRole.employer). The Postgres engine's roleAtEmployer is its twin.
 */
export function roleAtEmployer({ words, headStem }: NonNullable<NamedRole['employer']>): Query {
  return { nested: { path: 'roles', query: { bool: { filter: [{ term: { 'roles.forms': headStem } }, { match: { 'roles.text': { query: words.join(' '), operator: 'and' } } }] } } } };
}

/**
 * The designers one role of whom holds `role` (qualifiedRoles): the head's stem in the title, the word's in
 * the title or the word in the role's text (its employer). Or the name holds the word: a name may be an English
 * word too ("dana smith engineer", "lars lead"). The Postgres engine's qualifiedRolesHeld is its twin.
 */
export function roleHolding({ word, wordStem, headStem }: QualifiedRole): Query {
  const inRole: Query = {
    nested: {
      path: 'roles',
      query: { bool: { filter: [{ term: { 'roles.forms': headStem } }, { bool: { should: [{ term: { 'roles.forms': wordStem } }, { match: { 'roles.text': word } }], minimum_should_match: 1 } }] } },
    },
  };
  return { bool: { should: [inRole, { match: { name: word } }], minimum_should_match: 1 } };
}

/** The documented order (designer-search.rules.ts) as Elasticsearch sort keys. */
export const designerSortKeys = (filters: DesignerFilters): EsSortKey[] => entitySortKeys(DESIGNER_SEARCH, filters);

export const designerSort = (filters: DesignerFilters): estypes.SortCombinations[] => toEsSort(designerSortKeys(filters));

/** Pure: validated designer filters to an Elasticsearch bool query whose filters all combine with AND. */
export const buildDesignerQuery = (filters: DesignerFilters, synonyms?: SynonymSet, facts: ReadingFacts = {}): Query =>
  buildEntityQuery(DESIGNER_SEARCH, filters, undefined, synonyms, facts);

export const buildDesignerSearchRequest = (filters: DesignerFilters, window: PageWindow, synonyms?: SynonymSet, facts: ReadingFacts = {}) =>
  buildEntitySearchRequest(DESIGNER_SEARCH, filters, window, undefined, synonyms, facts);

/**
 * Pure: whether a listed designer holds what the request may rank by rather than require, each as a request of
 * one hit at most: a role's company holding every naming word of its employer (preferableEmployer), a location
 * holding every word of its place (preferablePlace); null for each it names none of. Their answers are
 * ReadingFacts.employerHeld and placeHeld. The Postgres engine's factStatement is its twin.
 */
export function buildFactRequests(filters: DesignerFilters, synonyms?: SynonymSet): Record<'employerHeld' | 'placeHeld', estypes.SearchRequest | null> {
  const { employer: naming, place } = factsToLookUp(filters.q, synonyms);
  const oneHit = (held: Query): estypes.SearchRequest => ({ size: 0, terminate_after: 1, track_total_hits: 1, query: { bool: { filter: [...liveFilter(DESIGNER_LISTED_RULE), held] } } });
  return {
    employerHeld: naming ? oneHit({ nested: { path: 'roles', query: { match: { 'roles.company': { query: naming.join(' '), operator: 'and' } } } } }) : null,
    placeHeld: place ? oneHit({ match: { [DESIGNER_SEARCH_RULES.filters.words.location]: { query: place.join(' '), operator: 'and' } } }) : null,
  };
}
