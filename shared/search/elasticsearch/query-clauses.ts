import type { estypes } from '@elastic/elasticsearch';
import type { ListedRule } from '../../domain/listed.rule.ts';
import { cutShort, maxEdits } from '../../text/edit-distance.ts';
import { tokenize } from '../../text/fold.ts';
import { MAX_FUZZY_EXPANSIONS, MAX_PREFIX_EXPANSIONS } from '../../text/query-cost.rules.ts';
import { EMPLOYER_LIST_BONUS_WORDS, PLACE_BONUS_WORDS, type QueryWords, requiredMatches, understandQuery } from '../query-words.ts';
import { anchorWords, type ConceptSpan, namedRoles, type NamedRole, qualifiedRoles, type QualifiedRole, conceptSpans, CURATED_SYNONYM_SET, employerListsHeld, employerNamesHeld, employerOnlyWords, expandQueryWords, nameOnlyWords, spelledWords, namedPlaces, placeOnlyWords, type SynonymSet, roleWordsOf, togetherSynonyms, togetherWords, usedToolWords, wholePlaceWords, wordsOfNoEmployer, type WordExpansion } from '../query-synonyms.ts';
import { type ReadingFacts, ranksPlace, readWithFacts } from '../reading-facts.ts';
import { type FilterPhrase, filterPhrases } from '../filter-phrases.ts';

type Query = estypes.QueryDslQueryContainer;

/** Typo tolerance by word length: none under 4 characters, 1 edit from 4, 2 from 8. */
export const FUZZINESS = 'AUTO:4,8';

/**
 * The fuzzy options of a word's typo match, a change of its first letter costing two edits (typoEdits,
 * FIRST_LETTER_EDITS): within the allowance with the first letter kept (prefix_length 1), and where the
 * allowance is two, one edit anywhere as well.
 */
export function typoOptions(word: string): { fuzziness: string | number; prefix_length: number }[] {
  return [{ fuzziness: FUZZINESS, prefix_length: 1 }, ...(maxEdits(word) >= 2 ? [{ fuzziness: 1, prefix_length: 0 }] : [])];
}

/**
 * A word filter (location, company) on its field: whole words or word prefixes, adjacent and in order, never
 * inside a word ("us" matches "San Francisco, US" but not "Austin"), as filterPhrases reads the value.
 * Returns null when the value has no word to match.
 */
export function wordFilter(filter: string, field: string, value: string, options: { wholeWords?: boolean } = {}): Query | null {
  const phrases = filterPhrases(filter, value, tokenize, options).map((phrase) => phraseQuery(field, phrase));
  if (phrases.length === 0) return null;
  return phrases.length === 1 ? phrases[0]! : { bool: { should: phrases, minimum_should_match: 1 } };
}

function phraseQuery(field: string, { words, prefix }: FilterPhrase): Query {
  const one = (w: string) => (prefix ? { prefix: { [field]: { value: w } } } : { term: { [field]: w } });
  if (words.length === 1) return one(words[0]!);
  return {
    span_near: {
      clauses: words.map((w) => (prefix ? { span_multi: { match: one(w) } } : { span_term: { [field]: w } })),
      slop: 0,
      in_order: true,
    },
  };
}

export interface FreeTextClauses {
  must: Query[];
  should: Query[];
  /** What every match holds besides, scoring nothing: the places, employers and names the request names. */
  filter: Query[];
}

/**
 * How a word's matches rank: an exact word above another form of it (its stem in a stemmed field), that
 * above a prefix of a word (search as you type), that above a synonym phrase, and all well above a word
 * within the typo allowance, whatever the field; "webg" finds WebGL before Webb. A word spelled right
 * (spelledWords: one the vocabulary knows, a required place's name) is typed whole: as the start of a longer word
 * in the best field (a name) it earns `knownPrefix`, below the word exactly in any field, so "blender" ranks a bio
 * naming Blender above Amina Blendermann.
 */
export const MATCH_TIER_BOOSTS = { exact: 1, form: 0.8, prefix: 0.6, synonym: 0.4, knownPrefix: 0.3, fuzzy: 0.05 } as const;

/** Where a query's words also match by their forms and synonyms. */
export interface WordExpansionOptions {
  /** The stemmed fields with their boosts (boostedFormFields). */
  formFields: string[];
  /** The synonyms in force (the curated list and the curators' rules); the curated list when absent. */
  synonyms?: SynonymSet | undefined;
  /** What the search looked up in the index before reading the request (readWithFacts); nothing when absent. */
  facts?: ReadingFacts | undefined;
  /** The fields that say where the record is (placeFieldNames): a place the request names earns its bonus there. */
  placeFields?: string[] | undefined;
  /** The fields that name the record's employers (the company filter's field): an employer the request names is held there or in placeFields. */
  companyFields?: string[] | undefined;
  /** The fields naming employers where a tool or a skill's word the request names (wordsOfNoEmployer) scores nothing; none by default. */
  toolFields?: string[] | undefined;
  /** The fields that name the record, its roles, employers and place (namingFieldNames): a name of two words or more the request writes is held there (nameOnlyWords). */
  namingFields?: string[] | undefined;
  /** The records that match however few of the words they hold (EsEntitySearch.holders). */
  holders?: ((query: QueryWords, concepts: readonly ConceptSpan[], synonyms: SynonymSet) => Query | null) | undefined;
  /** The records every match is, however few of the words they hold (EsEntitySearch.onlyHolders). */
  onlyHolders?: ((query: QueryWords, concepts: readonly ConceptSpan[], synonyms: SynonymSet) => Query | null) | undefined;
  /**
   * The nested roles, each with its title and company in `field`: an employer of two words or more the request
   * names is held whole by one of them, or by the place one word of it (employerNamesHeld); and its title's
   * stems in `forms` and whether it is the current one in `current`, where words typed in another form are held
   * together by the current role.
   */
  roles?: { path: string; field: string; forms: string; current: string } | undefined;
  /** The records one role of which holds a kind of role the request names with a word of another trade (EsEntitySearch.roleHolds). */
  roleHolds?: ((role: QualifiedRole) => Query) | undefined;
  /** The records one role of which is the head at the employer a role's phrase may end (EsEntitySearch.roleAtEmployer). */
  roleAtEmployer?: ((employer: NonNullable<NamedRole['employer']>) => Query) | undefined;
  /** The field naming the person a record is, with its boost (EsEntitySearch.personField); none for open roles. */
  personField?: string | undefined;
  /** The records each preference of the request names (readPreferences), and what they earn in exact words of the best field (preferenceBonusWords). */
  preferred?: { filter: Query; words: number }[] | undefined;
}

/**
 * A place the request names (QueryWords.places), all its words in one place field, earns PLACE_BONUS_WORDS
 * exact words of the best field, as the Postgres engine's placeBonus gives it.
 */
function placeBonus(places: readonly string[][], placeFields: readonly string[], bestBoost: number): Query[] {
  if (placeFields.length === 0) return [];
  return places.map((place) => ({
    constant_score: {
      filter: placeFields.length === 1 ? placeMatch(placeFields[0]!, place) : { bool: { should: placeFields.map((f) => placeMatch(f, place)), minimum_should_match: 1 } },
      boost: PLACE_BONUS_WORDS * MATCH_TIER_BOOSTS.exact * bestBoost,
    },
  }));
}

/** The place's words side by side in one of the field's names: "east asia" is not Istanbul's "Middle East" and "Asia". */
function placeMatch(field: string, place: readonly string[]): Query {
  return { match_phrase: { [field]: place.join(' ') } };
}

/**
 * A word's form and synonym matches, for its dis_max: the stem in the stemmed fields, then each synonym phrase,
 * what the word's phrase means in English (WordExpansion.meanings) at the form tier.
 */
function expansionQueries({ form, synonyms, meanings }: WordExpansion, formFields: string[]): Query[] {
  if (formFields.length === 0) return [];
  const meant = new Set(meanings.map((phrase) => phrase.join(' ')));
  return [
    { multi_match: { query: form, fields: formFields, type: 'best_fields', boost: MATCH_TIER_BOOSTS.form } },
    ...synonyms.map((phrase) => ({ multi_match: { query: phrase.join(' '), fields: formFields, type: 'phrase' as const, boost: meant.has(phrase.join(' ')) ? MATCH_TIER_BOOSTS.form : MATCH_TIER_BOOSTS.synonym } })),
  ];
}

/**
 * Free text after query understanding (shared/search/query-words.ts): filler words are dropped, and a
 * record must match `required` of the remaining words, each in some field: exactly, as a prefix (the last
 * word; an initial in the first field, the name), by another form of it or a synonym (in the stemmed
 * fields, `expansion`) or within its typo allowance. Per word only its best tier counts (dis_max), and records
 * matching more words score higher. Filler words found in the first (highest-boosted) field, and exact
 * all-words matches (in one field, or across fields) and phrase matches add to the score, and `extra`
 * adds engine-specific bonuses (the same role, the current role, the concepts the query names).
 */
export function freeText(
  q: string,
  fields: string[],
  extra: (query: QueryWords, concepts: readonly ConceptSpan[], synonyms: SynonymSet) => Query[] = () => [],
  expansion: WordExpansionOptions = { formFields: [] },
): FreeTextClauses | null {
  const read = understandQuery(q);
  const { words, prefix, fillerInNames, required } = read;
  if (words.length === 0) return null;
  const synonyms = expansion.synonyms ?? CURATED_SYNONYM_SET;
  const expanded = expandQueryWords(q, synonyms);
  const spans = conceptSpans(q, synonyms);
  const query = readWithFacts(read, spans, synonyms, expansion.facts ?? {});
  // The words of a concept the synonym rules know are spelled right ("ux writer": "writes" is no typo of
  // it), and so is a required place's name ("in portland" is not Poland), as the Postgres engine's wordMatchers reads them.
  const spelled = spelledWords(query, spans);
  /**
   * Word i in `within` (fields with their boosts), its best tier: exactly, as a prefix, by form or synonym, or
   * within its typo allowance (in the name alone when `typos` is 'name'). An initial is a prefix in the name
   * alone, so not where `within` has no name.
   */
  const wordQuery = (i: number, within: string[], formFields: string[], hasName = true, typos: boolean | 'name' = !spelled.has(words[i]!)): Query => {
    const word = words[i]!;
    const asPrefix = prefix[i] === 'any' || (prefix[i] === 'name' && hasName);
    const typoFields = typos === 'name' ? (hasName ? within.slice(0, 1) : []) : typos ? within : [];
    return {
      dis_max: {
        queries: [
          { multi_match: { query: word, fields: within, type: 'best_fields', boost: MATCH_TIER_BOOSTS.exact } },
          ...(asPrefix ? [prefixTier(word, prefix[i] === 'name' ? within.slice(0, 1) : within, spelled.has(word) && hasName)] : []),
          ...expansionQueries(expanded[i]!, formFields),
          ...(typoFields.length > 0 ? typoOptions(word).map((fuzzy) => butNotCutShort(word, { multi_match: { query: word, fields: typoFields, type: 'best_fields', ...fuzzy, max_expansions: MAX_FUZZY_EXPANSIONS, boost: MATCH_TIER_BOOSTS.fuzzy } }, typoFields)) : []),
        ],
      },
    };
  };
  // A tool's name ("figma") or a word of a skill's phrase ("design systems") in a company's name scores nothing
  // (wordsOfNoEmployer): it still matches, and those who use the tool (a bio, a title) rank above those who only
  // work at Figma Labs, as the Postgres engine's word tests score it.
  const toolFields = new Set(expansion.toolFields ?? []);
  const tools = new Set(toolFields.size > 0 ? wordsOfNoEmployer(query, spans, synonyms) : []);
  const scoredFields = fields.filter((f) => !toolFields.has(boostOf(f).field));
  // A place the request introduces ("in Berlin") scores where the record is, alone: every match holds it there,
  // and held by a company ("Berlin Design Studio") or a bio that mentions it, it ranked those first among the
  // designers there, as the Postgres engine's word tests score it.
  const placeFieldNames = new Set(expansion.placeFields ?? []);
  const placeScored = fields.filter((f) => placeFieldNames.has(boostOf(f).field));
  const placeWordsHeld = placeOnlyWords(query, synonyms);
  const placeOnly = new Set(placeScored.length > 0 ? placeWordsHeld : []);
  const scored = (i: number, typos?: boolean): Query => {
    if (placeOnly.has(i)) return wordQuery(i, placeScored, [], false, typos);
    if (!tools.has(i)) return wordQuery(i, fields, expansion.formFields, true, typos);
    const unscored: Query = { multi_match: { query: words[i]!, fields: [...toolFields], boost: 0 } };
    return { dis_max: { queries: [wordQuery(i, scoredFields, expansion.formFields, true, typos), unscored] } };
  };
  const perWord: Query[] = words.map((_, i) => scored(i));
  // Fields of one weight count as one (a role's title and its company, as the Postgres engine's weights hold
  // them); each bonus below is earned at the weight of the best group that holds it, as the Postgres engine
  // scores it (free-text.sql.ts, togetherBonus): a description that names a role ("reports to the art
  // director") earns less than a title that is that role.
  const groups = fieldsByWeight(fields);
  // Every word exactly in one group of fields, and the words as a phrase in one group (a phrase scores once,
  // so its boost counts every word). The fields are unboosted here, so the boost is the bonus.
  // Outside the best-weighted fields, without the places of the world typed alone (togetherWords), and where
  // a designer's companies are, without the tools the request says the designer uses (usedToolWords): "3d
  // artist who uses blender" is no 3D Artist at Blender Studio.
  // Nor, in a description (a field with stems below the best), the words of a role the request names
  // (roleWordsOf): a title holds the role.
  const asked = togetherWords(query, wholePlaceWords(query, spans, synonyms));
  const usedTools = new Set(toolFields.size > 0 ? usedToolWords(query).map((i) => words[i]!) : []);
  const roleWords = new Set(roleWordsOf(query, spans, synonyms).map((i) => words[i]!));
  const formBases = expansion.formFields.map((f) => boostOf(f)).sort((a, b) => b.boost - a.boost).map(({ field }) => field.slice(field.indexOf('.') + 1));
  const describing = new Set(formBases.slice(1));
  const askedOf = (group: { fields: string[] }, k: number) => {
    if (k === 0) return asked.best;
    const tools = group.fields.some((f) => toolFields.has(f));
    const described = group.fields.some((f) => describing.has(f));
    return asked.other.filter((word) => !(tools && usedTools.has(word)) && !(described && roleWords.has(word)));
  };
  const withWords = groups
    .map((group, k) => {
      const held = askedOf(group, k);
      return { ...group, text: held.join(' '), count: held.length };
    })
    .filter((g) => g.count > 1);
  // The best group (the name) holding every word, the last typed as the start of one ("kwame lead" is Kwame
  // Leadbetter), earns the same with that word at the prefix tier, as the Postgres engine's nameStart: words
  // side by side in a name outrank words found apart (Algolia's and Meilisearch's proximity).
  // The best group asks every word, so it is the first left whenever any is; a request with an "or" list asks
  // no name for all its words (togetherWords), as in the Postgres engine.
  const name = withWords[0];
  const nameStart = name && prefix[words.length - 1] === 'any' && query.orGroups.length === 0 ? { ...name, boost: ((name.count - 1) * MATCH_TIER_BOOSTS.exact + MATCH_TIER_BOOSTS.prefix) * name.weight } : undefined;
  const startQuery = (type: 'bool_prefix' | 'phrase_prefix'): Query[] =>
    nameStart
      ? [{ constant_score: { filter: { multi_match: { query: nameStart.text, fields: nameStart.fields, type, ...(type === 'bool_prefix' ? { operator: 'and' as const } : { max_expansions: MAX_PREFIX_EXPANSIONS }) } }, boost: nameStart.boost } }]
      : [];
  // A group's words typed in another form than its stemmed fields hold ("junior designers" of a Junior Product
  // Designer) earn what those forms typed would, as the Postgres engine's togetherBonus: a request and its
  // plural rank alike.
  // The titles hold every role's: by their forms, the words are held by the current role ("animation artist" is
  // no Illustrator who was an Animator and a 3D Artist), as the Postgres engine's heldTogether holds them.
  const formOf = new Map(expanded.map(({ word, form }) => [word, form]));
  const inForms = withWords.flatMap(({ weight, fields: group, text, count }) => {
    const held = text.split(' ');
    const forms = expansion.formFields.map((f) => boostOf(f).field).filter((f) => group.includes(f.slice(f.indexOf('.') + 1)));
    if (forms.length === 0 || held.every((word) => (formOf.get(word) ?? word) === word)) return [];
    const eachWord = (within: string[], stems: string[]): Query => ({
      bool: { filter: held.map((word) => ({ bool: { should: [{ multi_match: { query: word, fields: within } }, { multi_match: { query: formOf.get(word) ?? word, fields: stems } }], minimum_should_match: 1 } })) },
    });
    // (A request for past roles asks them of the titles as the words typed are: "art directors ex lego" is no
    // Art Director at Lego now.)
    const roles = forms.includes(`forms.${formBases[0]}`) && !query.pastRoles ? expansion.roles : undefined;
    const oneField: Query = {
      constant_score: {
        filter: roles ? { nested: { path: roles.path, query: { bool: { filter: [{ term: { [roles.current]: true } }, eachWord([roles.field], [roles.forms])] } } } } : eachWord(group, forms),
        boost: MATCH_TIER_BOOSTS.exact * weight * count,
      },
    };
    const phrase: Query = { multi_match: { query: held.map((word) => formOf.get(word) ?? word).join(' '), fields: forms, type: 'phrase' as const, boost: MATCH_TIER_BOOSTS.exact * weight * count } };
    return [{ oneField, phrase }];
  });
  const together: Query[] =
    withWords.length > 0
      ? [
          {
            dis_max: {
              queries: [
                ...withWords.map(({ weight, fields: group, text: held }) => ({ multi_match: { query: held, fields: group, type: 'cross_fields' as const, operator: 'and' as const, boost: MATCH_TIER_BOOSTS.exact * weight } })),
                ...inForms.map(({ oneField }) => oneField),
                ...startQuery('bool_prefix'),
              ],
            },
          },
          {
            dis_max: {
              queries: [
                ...withWords.map(({ weight, fields: group, text: held, count }) => ({ multi_match: { query: held, fields: group, type: 'phrase' as const, boost: MATCH_TIER_BOOSTS.exact * weight * count } })),
                ...inForms.map(({ phrase }) => phrase),
                ...startQuery('phrase_prefix'),
              ],
            },
          },
        ]
      : [];
  // A synonym of the whole query ("creative director" for "art director") found as a phrase earns what the
  // phrase typed earns in that group, once; a record holding both the words typed and a synonym earns the
  // larger (dis_max), as the Postgres engine's conceptBonus takes the greatest: a bio naming both ("reports
  // to the creative director and the art director") does not outrank the title that is the concept.
  const formGroups = fieldsByWeight(expansion.formFields);
  const concepts: Query[] = (formGroups.length > 0 ? togetherSynonyms(expanded) : []).map(({ phrase, words: covered }) => ({
    dis_max: { queries: formGroups.map(({ weight, fields: group }) => ({ multi_match: { query: phrase.join(' '), fields: group, type: 'phrase' as const, boost: MATCH_TIER_BOOSTS.exact * weight * covered } })) },
  }));
  const bonuses: Query[] = concepts.length > 0 ? [{ dis_max: { queries: [...(together.length > 0 ? [{ bool: { should: together } }] : []), ...concepts] } }] : together;
  const should: Query[] = [
    ...bonuses,
    // Every word exactly, each in some field: what an agent's "brand designer in germany" asks for, the
    // role in the titles and the place in the location. Without it a title saying "brand" twice outranked
    // the place. Boost chosen on the judged queries (npm run bench:relevance, BENCHMARKS.md): 1 or 0.5
    // lowered title+company while raising agent requests, 0.25 raises agent requests alone. The alternatives
    // of an "or" list are no words asked together (togetherWords): a request with one asks none. A tool the
    // request says the designer uses scores nothing in the companies here either (toolFields, usedToolWords); one
    // typed bare may be the employer ("design engineer figma": left out, the Design Engineers at Figma lost
    // this clause to a Creative Technologist whose bio names Figma).
    ...(words.length > 1 && query.orGroups.length === 0 ? [{ multi_match: { query: words.join(' '), fields: usedTools.size > 0 ? scoredFields : fields, type: 'cross_fields' as const, operator: 'and' as const, boost: 0.25 } }] : []),
  ];
  // Filler need not match, but a filler word that is part of a name (the Turkish name "Can") counts there,
  // where the name also holds the word typed beside it (QueryWords.fillerInNames).
  const optional: Query[] = fillerInNames.map(({ filler, beside }) => ({
    bool: {
      filter: [wordQuery(beside, fields.slice(0, 1), [])],
      must: [{ multi_match: { query: filler, fields: fields.slice(0, 1), boost: MATCH_TIER_BOOSTS.exact } }],
    },
  }));
  const bestBoost = Math.max(...fields.map((f) => boostOf(f).boost));
  const placeFields = expansion.placeFields ?? [];
  const places = placeBonus(namedPlaces(query, synonyms), placeFields, bestBoost);
  // A place introduced as one ("in Ulaanbaatar") is held by every match, in a place field where there is
  // one: a bio that mentions the city is not where the designer is. A word of the field's vocabulary after
  // "in" ("in fintech", "skilled in figma") names the work, not a place (placeOnlyWords): a word like any other.
  // An employer the request names ("at Deutsche Bahn") is held in the company or place fields
  // (employerOnlyWords). Filters score nothing, so the ranking is the words' as before, as the Postgres
  // engine's conditions leave its score.
  // Looked up in the index, a place beside a role and an employer ranks instead (ranksPlace).
  const placeWords = ranksPlace(read, spans, synonyms, expansion.facts ?? {}) ? [] : placeWordsHeld.map((i): Query => (placeFields.length > 0 ? wordQuery(i, placeFields, [], false) : perWord[i]!));
  // An "or" list of places introduced as one ("in Berlin or London"): one alternative's first word, in a place field.
  const requiredLists = placeFields.length > 0 ? query.requiredPlaceLists.map((list): Query => ({ bool: { should: list.map(([first]) => wordQuery(first!, placeFields, [], false)), minimum_should_match: 1 } })) : [];
  const employerFields = (expansion.companyFields ?? []).length > 0 ? [...expansion.companyFields!, ...placeFields] : [];
  const employerWords = employerFields.length > 0 ? employerOnlyWords(query, synonyms).map((i) => wordQuery(i, employerFields, [], false)) : [];
  // An employer of two words or more, whole in one role or a word of it in the place: a role at Spotify
  // Studios and another at Microsoft Research are not "at Spotify Research" (the Postgres engine's employerNamesHeld).
  const roles = expansion.roles;
  const employerNames = roles
    ? employerNamesHeld(query, synonyms).map((name): Query => ({
        bool: {
          should: [{ nested: { path: roles.path, query: { bool: { filter: name.map((i) => wordQuery(i, [roles.field], [], false)) } } } }, ...name.map((i) => wordQuery(i, placeFields, [], false))],
          minimum_should_match: 1,
        },
      }))
    : [];
  // An "or" list of employers ("worked at IKEA or Pineapple Studio"): a record holding one alternative there
  // earns EMPLOYER_LIST_BONUS_WORDS exact words of the best field (employerListsHeld). A bonus, not a
  // condition: those who meet the request's other constraints but not this one still follow.
  const employerLists: Query[] =
    employerFields.length > 0
      ? employerListsHeld(query, synonyms).map((alternatives) => ({
          constant_score: {
            filter: { bool: { should: alternatives.map((words) => ({ bool: { filter: words.map((i) => wordQuery(i, employerFields, [], false)) } })), minimum_should_match: 1 } },
            boost: EMPLOYER_LIST_BONUS_WORDS * bestBoost * MATCH_TIER_BOOSTS.exact,
          },
        }))
      : [];
  // What the request would rather have ("ideally ex Google", "bonus if they know Houdini"): a bonus as an "or"
  // list's, no condition.
  const preferred: Query[] = (expansion.preferred ?? []).map(({ filter, words }) => ({ constant_score: { filter, boost: words * bestBoost * MATCH_TIER_BOOSTS.exact } }));
  // A name the request writes ("Blue Bottle Coffee designers") is held by every match, a name of two words or
  // more in the fields that name things (nameOnlyWords), as the Postgres engine's conditions hold it.
  const named = nameOnlyWords(query, synonyms);
  const naming = expansion.namingFields ? fields.filter((f) => expansion.namingFields!.includes(boostOf(f).field)) : fields;
  const nameWords = [...named.anywhere.map((i) => (named.asTyped.includes(i) ? scored(i, false) : perWord[i]!)), ...named.naming.map((i) => wordQuery(i, naming, [], true, spelled.has(words[i]!) ? false : named.places.includes(i) ? 'name' : true))];
  // A request for another trade that a record may meet with a word missing: one of its anchor words without a
  // typo (anchorWords), a condition as in the Postgres engine: "pastry chef in paris" is no Chen in Paris.
  const anchors = anchorWords(query, synonyms);
  const anchored: Query[] = anchors ? [{ bool: { should: anchors.map((i) => scored(i, false)), minimum_should_match: 1 } }] : [];
  // A kind of role named with a word of another trade ("product manager at stripe") held by one role, the head
  // in its title and the word there or as its employer (qualifiedRoles), as the Postgres engine's conditions hold it.
  const trades: Query[] = expansion.roleHolds ? qualifiedRoles(query, synonyms).map(expansion.roleHolds) : [];
  // A role the request names by a phrase of the vocabulary (namedRoles): one of its phrases side by side in a
  // stemmed field, or a person's name holds another word of the request, or one role is the head at the
  // employer the phrase may end ("riot games designers"), as the Postgres engine's conditions hold it.
  // "graphic designer milan" is no 3D Designer in Milan.
  const { personField, roleAtEmployer } = expansion;
  const rolesNamed: Query[] = (expansion.formFields.length > 0 ? namedRoles(query, spans, synonyms) : []).map(({ phrases, others, employer }) => ({
    bool: {
      should: [
        ...phrases.map((phrase) => ({ multi_match: { query: phrase.join(' '), fields: expansion.formFields, type: 'phrase' as const } })),
        ...(personField ? others.map((i) => wordQuery(i, [personField], [])) : []),
        ...(employer && roleAtEmployer ? [roleAtEmployer(employer)] : []),
      ],
      minimum_should_match: 1,
    },
  }));
  // Enough words, or (the holders of a role the request names, heldRole) any of them: either way the words
  // held score, once (dis_max of two sums). A holder without enough words scores its words but not their
  // typos: each fuzzy clause enumerates the terms within reach again, which cost a quarter on the p95 of
  // the relevance bench; the Postgres engine counts a typo there too.
  const enough: Query = { bool: { should: units(perWord, query.orGroups), minimum_should_match: required } };
  const holders = expansion.holders?.(query, spans, synonyms) ?? null;
  const withoutTypos = () => units(words.map((_, i) => scored(i, false)), query.orGroups);
  // The holders of a craft a request names beside the words of a task (heldCraft) are every match, with any words.
  const only = expansion.onlyHolders?.(query, spans, synonyms) ?? null;
  return {
    must: [only ? { bool: { filter: [only], should: withoutTypos() } } : holders ? { dis_max: { queries: [enough, { bool: { filter: [holders], should: withoutTypos() } }] } } : enough],
    should: [...should, ...optional, ...places, ...employerLists, ...preferred, ...extra(query, spans, synonyms)],
    filter: [...placeWords, ...requiredLists, ...employerWords, ...employerNames, ...nameWords, ...anchored, ...trades, ...rolesNamed],
  };
}

/**
 * The clauses a record must match `required` of (QueryWords.required): each word outside an "or" list, and
 * each list as its best alternative, an alternative scoring the average of its words once it holds
 * requiredMatches of them (the Postgres engine's orGroupScore).
 */
function units(perWord: readonly Query[], orGroups: QueryWords['orGroups']): Query[] {
  const grouped = new Set(orGroups.flat(2));
  const alone = perWord.filter((_, i) => !grouped.has(i));
  const lists = orGroups.map((alternatives): Query => ({
    dis_max: {
      queries: alternatives.map((alternative) => ({
        bool: { should: alternative.map((i) => perWord[i]!), minimum_should_match: requiredMatches(alternative.length), boost: 1 / alternative.length },
      })),
    },
  }));
  return [...alone, ...lists];
}

/** A boosted field ("name^3") as its name and boost. */
export function boostOf(field: string): { field: string; boost: number } {
  const [name, boost] = field.split('^');
  return { field: name!, boost: boost === undefined ? 1 : Number(boost) };
}

/** The fields without their boosts, grouped by boost, highest first. */
function fieldsByWeight(fields: readonly string[]): { weight: number; fields: string[] }[] {
  const groups = new Map<number, string[]>();
  for (const { field, boost } of fields.map(boostOf)) groups.set(boost, [...(groups.get(boost) ?? []), field]);
  return [...groups].sort(([a], [b]) => b - a).map(([weight, group]) => ({ weight, fields: group }));
}

/**
 * A typo match of `word` that is not the word cut short (cutShort: "vandenberg" is no typo of
 * "vandenberghe"): Elasticsearch's fuzziness cannot leave a candidate out, so a record holding it in
 * `fields` is left out of this match, as the Postgres engine leaves the candidate out of the word's typos.
 */
export function butNotCutShort(word: string, fuzzy: Query, fields: readonly string[]): Query {
  const short = cutShort(word);
  if (short === null) return fuzzy;
  return { bool: { must: [fuzzy], must_not: [{ multi_match: { query: short, fields: fields.map((f) => boostOf(f).field) } }] } };
}

/**
 * A word as the start of a word, in the best of `fields`: its boost times the prefix tier, whatever the
 * prefix (a constant score: the prefix terms' own statistics would rank "Brandt" above brand designers).
 */
function prefixTier(word: string, fields: readonly string[], known = false): Query {
  return {
    dis_max: {
      queries: fields.map(boostOf).map(({ field, boost }, k) => ({
        constant_score: {
          filter: { match_phrase_prefix: { [field]: { query: word, max_expansions: MAX_PREFIX_EXPANSIONS } } },
          // The first field is the best (the name): a known word there starts a name, not a form of the word.
          boost: boost * (known && k === 0 ? MATCH_TIER_BOOSTS.knownPrefix : MATCH_TIER_BOOSTS.prefix),
        },
      })),
    },
  };
}

/**
 * The clock part of a listed rule, at the reading instant. The index holds only records in the listed
 * state (the ingest worker indexes nothing else), so the state part needs no clause.
 */
export function liveFilter(rule: ListedRule<object, string>, now?: Date): Query[] {
  if (rule.liveUntil === undefined) return [];
  if (!now) throw new Error(`being listed depends on the clock (${rule.liveUntil}): pass the instant`);
  return [{ range: { [rule.liveUntil]: { gt: now.toISOString() } } }];
}

/** The complement of liveFilter: records no longer listed at `now`. */
export function endedFilter(rule: ListedRule<object, string>, now: Date): Query {
  if (rule.liveUntil === undefined) throw new Error('this listed rule never ends');
  return { range: { [rule.liveUntil]: { lte: now.toISOString() } } };
}
