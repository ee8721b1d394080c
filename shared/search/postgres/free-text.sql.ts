import { EMPLOYER_LIST_BONUS_WORDS, EXACT_EMPLOYER_WORDS, pastRoleBonusWords, PLACE_BONUS_WORDS, type QueryWords, requiredMatches, ROLE_FIRST_BEFORE_WORDS, ROLE_FIRST_WORDS, withoutWords } from '../query-words.ts';
import { type AskedRole, type ConceptSpan, type ExactEmployerGroup, type NamedRole, type NameOnlyWords, type QualifiedRole, roleUnits, togetherSynonyms, togetherWords } from '../query-synonyms.ts';
import { currentlyHeld, exactEmployerBonus, pastRoleBonus, ROLE_FORM_WEIGHT, roleBonus, type RoleColumns, roleFirstBonus, rolePhrases, roleRows, type RolePoints } from './role-bonus.sql.ts';
import type { Params } from './sql-builder.ts';
import { allOf, anyOf, followedBy, formLexeme, lexeme, type Weight } from './text-search.ts';
import { MATCH_TIER_POINTS, type WordMatcherInput, type WordMatchers, wordMatchers, type WordTest, wordTests } from './word-matchers.sql.ts';
import { combinations, MAX_SUBSET_OPERANDS, subsetOperands } from './word-subsets.ts';

export type { RoleColumns } from './role-bonus.sql.ts';

export interface FreeTextSql {
  /** At least `required` content words match some field: exactly, by form or synonym, within their typo allowance, or as a prefix (the last word; an initial in the name). */
  where: string;
  /** An integer relevance (see MATCH_TIER_POINTS and the bonuses below). */
  score: string;
  /**
   * Every match outside the top (the matches `where` selects with the `top` option) scores at most `bound`
   * (see topOfRanking). Null where a top would set nothing apart: one word, or no bonus to earn.
   */
  top: { bound: number } | null;
}

/** What freeTextSql builds from. */
export interface FreeTextOptions extends WordMatcherInput {
  /** The tsvector column matched. */
  column: string;
  params: Params;
  /** Designers: score words found together in one role. */
  roleColumns?: RoleColumns | undefined;
  /** The concepts the query names (conceptSpans), scored in the role titles (roleColumns). */
  concepts?: readonly ConceptSpan[] | undefined;
  /** The role the request asks for beside other constraints (askedRole): its holders rank first (roleFirstBonus). */
  askedRole?: AskedRole | null | undefined;
  /** The role the request names beside words that qualify it (heldRole): its current holders match however few words they hold (currentlyHeld). */
  heldRole?: ConceptSpan | null | undefined;
  /** The craft a request names beside the words of a task, where it names no role (heldCraft): every match holds it, however few words it holds (craftHeld). */
  heldCraft?: ConceptSpan | null | undefined;
  /** Without role columns, the weight of the stems of the title that is the record's one role (an open role's): it holds heldRole there. */
  titleFormWeight?: Weight | undefined;
  /** The places the request names (namedPlaces). */
  places?: readonly (readonly string[])[] | undefined;
  /**
   * The tsvector columns of the record's employers and its place, each at weight D (the company and location
   * filters' columns): an employer the request names is held in one of them (employerWords).
   */
  employerColumns?: readonly string[] | undefined;
  /** The place words every match would hold (placeOnlyWords) rank instead: no condition asks them (ranksPlace). */
  placeRanked?: boolean | undefined;
  /** The employer words a record must hold in `employerColumns` (employerOnlyWords). */
  employerWords?: readonly number[] | undefined;
  /** The employers the request names, by constraint, as a role's company holds them exactly (exactEmployers). */
  exactEmployers?: readonly ExactEmployerGroup[] | undefined;
  /** The employer "or" lists a record must hold one alternative of in `employerColumns` (employerListsHeld). */
  employerLists?: readonly (readonly (readonly number[])[])[] | undefined;
  /**
   * The employers of two words or more one role (roleColumns) must hold whole, or the place column one word
   * of (employerNamesHeld).
   */
  employerNames?: { names: readonly (readonly number[])[]; placeColumn: string } | undefined;
  /** The weights of the fields that name the record, its roles, employers and place (namingWeights). */
  namingWeights?: string | undefined;
  /** The words of which a match must hold one without a typo, when a word may be missing (anchorWords). */
  anchorWords?: readonly number[] | null | undefined;
  /** The words of the names the request writes that a record must hold, anywhere or in `namingWeights` (nameOnlyWords). */
  nameWords?: NameOnlyWords | undefined;
  /** The kinds of role the request names with a word of another trade (qualifiedRoles): one role of every match holds each. */
  qualifiedRoles?: readonly QualifiedRole[] | undefined;
  /** The roles the request names by a phrase of the vocabulary (namedRoles): every match holds one of the phrases of each, or a designer's name another word. */
  namedRoles?: readonly NamedRole[] | undefined;
  /** Without role columns, the tsvector column of the record's employer, where the word of a qualified role may be held instead. */
  companyColumn?: string | undefined;
  /** The places of the world typed alone (wholePlaceWords): the together bonuses leave them out. */
  wholePlaceWords?: readonly number[] | undefined;
  /** The tools the request says the designer uses (usedToolWords): the together bonuses leave them out of the tool weights. */
  usedTools?: readonly number[] | undefined;
  /** The words of the roles the request names (roleWordsOf): the together bonuses leave them out of the form weights below the best (a description's). */
  roleWords?: readonly number[] | undefined;
  /** The words of no role (wordsOfNoRole: those places and tools): the role bonuses leave them out. */
  noRoleWords?: readonly number[] | undefined;
  /** What each preference of the request holds (readPreferences), as SQL conditions, and what it earns in exact words of the best field (preferenceBonusWords). */
  preferred?: readonly { held: string; words: number }[] | undefined;
  /** Build the `where` of the top (the rows that can earn the bonuses) instead of every match. */
  top?: boolean | undefined;
}

/**
 * The SQL twin of freeText() in the Elasticsearch engine, in named steps: the tsqueries of each word
 * (wordMatchers), the points of its best (tier, field) match (wordScores), filler found in the name, the
 * bonuses for every word in one field, as a phrase and in one role, and the match (matchWhere).
 */
export function freeTextSql(options: FreeTextOptions): FreeTextSql | null {
  const { column, query, weights, params } = options;
  const { words, pastRoles } = query;
  if (words.length === 0) return null;
  const words$ = wordMatchers(options);
  const matches = (tsquery: string) => `${column} @@ ${params.add(tsquery, 'tsquery')}`;
  const tests = wordTests(options, words$);
  const perWord = unitScores(query, words$, wordScores(options, words$, tests, matches), matches);
  const optional = fillerScores(options, words$, matches);
  const exactBest = Math.max(...Object.values(weights)) * MATCH_TIER_POINTS.exact;
  // Points per word of the best role and of the current one. "former …" scores the previous roles instead,
  // at half (the current role, first, is left out, but for what the request says of now: roleBonus).
  // A concept in a role's title (conceptRoleBonus) earns what the current role earns per word, a synonym of it
  // at the form tier.
  const concept = exactBest / 2;
  const rolePoints: RolePoints = {
    ...(pastRoles ? { best: exactBest / 2, current: 0 } : { best: exactBest, current: exactBest / 2 }),
    concept,
    // Whole points: a cursor binds the score as int.
    conceptSynonym: Math.floor((concept * MATCH_TIER_POINTS.form) / MATCH_TIER_POINTS.exact),
    // The least a word earns (the fuzzy tier at the lowest weight), as the Elasticsearch engine's ROLE_BOOSTS.exactTitle.
    exactTitle: 1,
  };
  const together = togetherQueries(options, words$);
  const roleInput = { ...options, alternatives: (i: number) => words$.alternatives(i), widest: words$.widest };
  // A place of the world typed alone is where the designer is, and a tool the designer uses what they use: no
  // word of a role (wordsOfNoRole).
  const forRoles = withoutWords(query, options.noRoleWords ?? []);
  const roleWordsInput = { ...roleInput, query: forRoles.query, alternatives: (i: number) => words$.alternatives(forRoles.kept[i]!) };
  const places = placeBonus(options, exactBest, matches);
  const employerLists = employerListBonus(options, words$, exactBest);
  const exactEmployers = exactEmployerBonus(options, options.exactEmployers ?? [], EXACT_EMPLOYER_WORDS * exactBest);
  // What the request would rather have ("ideally ex Google", "bonus if they know Houdini"): a bonus as an "or"
  // list's, no condition. (Whole points: a cursor binds the score as int.)
  const preferences = (options.preferred ?? []).map(({ held, words }) => ({ held, points: Math.round(words * exactBest) }));
  const preferred = preferences.map(({ held, points }) => `CASE WHEN ${held} THEN ${points} ELSE 0 END`);
  // What a previous role holding what a request for past roles names earns (nothing without one).
  const pastPoints = options.roleColumns && query.pastAlternatives.length > 0 ? pastRoleBonusWords(query) * exactBest : 0;
  const bonus = [
    ...conceptBonus(togetherBonus(options, together, matches), synonymPhraseBonus(options, matches)),
    ...roleBonus(roleWordsInput, rolePoints, exactBest),
    ...pastRoleBonus(roleInput, pastPoints),
    ...places,
    ...employerLists,
    ...roleFirstBonus(options, options.askedRole, { now: ROLE_FIRST_WORDS * exactBest, before: ROLE_FIRST_BEFORE_WORDS * exactBest }),
    ...exactEmployers,
    ...preferred,
  ];
  // A previous role may hold what a request for past roles names without holding every word: that bonus is
  // outside the top as well.
  // A place typed without a marker (namedPlaces) is no bonus outside the top: the rows whose place fields hold
  // it are in the top (topMatches). Counted in the bound instead, it let nearly every request of two words
  // read past its top ("lead designer canva" names Canva as a place would), and p95 doubled.
  const marked = options.placeWeights ? (options.places ?? []).filter((place) => isMarked(query, place)).length : 0;
  const outside =
    marked * PLACE_BONUS_WORDS * exactBest +
    pastPoints +
    (employerLists.length * EMPLOYER_LIST_BONUS_WORDS + exactEmployers.length * EXACT_EMPLOYER_WORDS) * exactBest +
    preferences.reduce((sum, { points }) => sum + points, 0);
  const topOf = topMatches(options, words$, together, tests, optional.length, rolePoints, outside);
  if (options.top && !topOf) throw new Error('this query has no top to read');
  // A top that holds every word is all a top statement asks (the words' own test would add nothing); one that
  // also holds rows by their place or role (topMatches) asks the words' test too.
  // (matchWhere binds its tsqueries: built only where the statement uses it.)
  // Enough words, or the holders of the role the request names (heldRole) with any of them. (Both bind their
  // tsqueries: built only where the statement uses them.)
  const { roleColumns, heldRole, titleFormWeight } = options;
  const holders = () =>
    !heldRole ? null : roleColumns ? currentlyHeld(roleColumns, params, heldRole, matches) : titleFormWeight ? matches(rolePhrases(heldRole, titleFormWeight)) : null;
  // The holders of a craft a request names beside the words of a task (heldCraft) are every match, with any words.
  const craft = craftHeld(options, matches);
  const enough = () => {
    if (craft) return craft;
    const held = holders();
    return held ? `(${matchWhere(options, words$, matches)} OR ${held})` : matchWhere(options, words$, matches);
  };
  const where = !topOf || !options.top ? enough() : topOf.everyWord && !craft ? matches(topOf.tsquery) : `(${matches(topOf.tsquery)} AND ${enough()})`;
  // A place introduced as one ("in Ulaanbaatar") is held by every match, in a place column where there is
  // one; a word of the field's vocabulary after "in" ("in fintech") is a word like any other (placeOnlyWords),
  // as in the Elasticsearch engine.
  const places$ = (options.placeRanked ? [] : (options.placeOnlyWords ?? []))
    .map((i) => ` AND ${matches(words$.alternatives(i))}${options.placeWeights ? ` AND ${matches(words$.alternatives(i, options.placeWeights))}` : ''}`)
    .join('');
  // An "or" list of places introduced as one ("in Berlin or London"): one alternative's first word, in a place field.
  const placeLists$ = options.placeWeights
    ? query.requiredPlaceLists.map((list) => ` AND (${list.map(([first]) => matches(words$.alternatives(first!, options.placeWeights))).join(' OR ')})`).join('')
    : '';
  // An employer the request names ("at Deutsche Bahn") is held in the company or place columns, as in the
  // Elasticsearch engine; like the place words, a condition that adds nothing to the score.
  const employerColumns = options.employerColumns ?? [];
  const employers$ = (employerColumns.length > 0 ? (options.employerWords ?? []) : []).map((i) => ` AND ${heldAsEmployer(options, words$, i)}`).join('');
  const employerNames$ = employerNamesHeld(options, words$).map((held) => ` AND ${held}`).join('');

  // A name the request writes ("Blue Bottle Coffee designers") is held by every match, a name of two words or
  // more in the fields that name things, as in the Elasticsearch engine.
  const { anywhere = [], asTyped = [], naming = [], places: namedPlaceWords = [] } = options.nameWords ?? {};
  const names$ = [...anywhere.map((i) => words$.alternatives(i, undefined, asTyped.includes(i) ? '' : undefined)), ...naming.map((i) => words$.alternatives(i, options.namingWeights, namedPlaceWords.includes(i) ? words$.nameWeight : undefined))]
    .map((tsquery) => ` AND ${matches(tsquery)}`)
    .join('');
  // A request for another trade that a record may meet with a word missing: one of its anchor words without a
  // typo (anchorWords), as in the Elasticsearch engine: "pastry chef in paris" is no Chen in Paris. A condition,
  // so the top of a relevance page (topMatches) asks it too.
  const anchors = options.anchorWords;
  const anchors$ = anchors ? ` AND ${matches(anyOf(anchors.map((i) => words$.alternatives(i, undefined, ''))))}` : '';
  const trades$ = qualifiedRolesHeld(options, matches, words$.nameWeight).map((held) => ` AND ${held}`).join('');
  const rolesNamed$ = namedRolesHeld(options, words$, matches).map((held) => ` AND ${held}`).join('');
  const conditions = `${places$}${placeLists$}${employers$}${employerNames$}${names$}${anchors$}${trades$}${rolesNamed$}`;
  return { where: conditions ? `(${where}${conditions})` : where, score: `(${[...perWord, ...optional, ...bonus].join(' + ')})`, top: topOf && { bound: topOf.bound } };
}

/** Per word, a CASE scoring its best test; a word some rows lack (fewer required than given) is tested once first. */
function wordScores({ query }: FreeTextOptions, m: WordMatchers, tests: WordTest[][], matches: (q: string) => string): string[] {
  const guarded = query.required < query.words.length;
  return tests.map((wordTests, i) => {
    if (wordTests.length === 0) return '0';
    const whens = wordTests.map(({ q, points }) => `WHEN ${matches(q)} THEN ${points}`);
    const guard = guarded ? `WHEN NOT ${matches(m.alternatives(i))} THEN 0 ` : '';
    return `CASE ${guard}${whens.join(' ')} ELSE 0 END`;
  });
}

/**
 * Filler need not match, but a filler word that is part of a name (the Turkish name "Can") counts there: in
 * the best-weighted field, exactly, where the name also holds the word typed beside it (QueryWords.fillerInNames).
 */
function fillerScores({ query }: FreeTextOptions, m: WordMatchers, matches: (q: string) => string): string[] {
  return query.fillerInNames
    .filter(({ filler }) => m.held(filler))
    .map(({ filler, beside }) => `CASE WHEN ${matches(allOf([lexeme(filler, { weights: m.nameWeight }), m.alternatives(beside, m.nameWeight)]))} THEN ${m.namePoints * MATCH_TIER_POINTS.exact} ELSE 0 END`);
}

/**
 * A place the request names (namedPlaces), all its words in the place fields, earns PLACE_BONUS_WORDS exact
 * words of the best field: the twin of the Elasticsearch engine's placeBonus.
 */
function placeBonus({ places, placeWeights }: FreeTextOptions, exactBest: number, matches: (q: string) => string): string[] {
  if (!placeWeights) return [];
  return (places ?? []).map((place) => `CASE WHEN ${matches(placeHeld(place, placeWeights))} THEN ${PLACE_BONUS_WORDS * exactBest} ELSE 0 END`);
}

/**
 * The place's words side by side in the place fields, as a tsquery: "east asia" is Tokyo's area, not the
 * words of Istanbul's "Middle East" and "Asia".
 */
function placeHeld(place: readonly string[], placeWeights: string): string {
  return followedBy(place.map((word) => lexeme(word, { weights: placeWeights })));
}

/** The request introduces the place with a marker (QueryWords.places) rather than typing it among other words. */
const isMarked = (query: QueryWords, place: readonly string[]): boolean => query.places.some((p) => p.join(' ') === place.join(' '));

/** The places typed without a marker (namedPlaces), as what the place fields hold: those rows earn their bonus. */
function unmarkedPlaces({ query, places, placeWeights }: FreeTextOptions): string[] {
  if (!placeWeights) return [];
  return (places ?? []).filter((place) => !isMarked(query, place)).map((place) => placeHeld(place, placeWeights));
}

/** Word i of the query held in the employer columns (the company's and the location's), as SQL. */
function heldAsEmployer({ params, employerColumns = [] }: FreeTextOptions, m: WordMatchers, i: number): string {
  const tsquery = params.add(m.alternatives(i, 'D'), 'tsquery');
  return `(${employerColumns.map((c) => `${c} @@ ${tsquery}`).join(' OR ')})`;
}

/**
 * Each employer of two words or more (FreeTextOptions.employerNames) held by one role, every word of it, or
 * one word of it by the place, as SQL: the Elasticsearch engine's employer name clause.
 */
function employerNamesHeld({ params, roleColumns, employerNames }: FreeTextOptions, m: WordMatchers): string[] {
  if (!roleColumns || !employerNames) return [];
  return employerNames.names.map((name) => {
    const whole = params.add(allOf(name.map((i) => m.alternatives(i, 'D'))), 'tsquery');
    const place = params.add(anyOf(name.map((i) => m.alternatives(i, 'D'))), 'tsquery');
    return `(EXISTS (SELECT 1 FROM unnest(${roleColumns.roles}) AS r WHERE r @@ ${whole}) OR ${employerNames.placeColumn} @@ ${place})`;
  });
}

/**
 * The twin of the Elasticsearch engine's roleHolding: a kind of role named with a word of another trade
 * (qualifiedRoles) held by one role, the head's stem in its title and the word's there or the word as its
 * employer, or a designer's name holds the word ("dana smith engineer", "lars lead"). A designer's roles are
 * read from their vectors (title and company at D, the title's stems at ROLE_FORM_WEIGHT) once the indexed text
 * holds both (roleColumns.textWeight); an open role is its one role.
 */
function qualifiedRolesHeld({ params, roleColumns, titleFormWeight, companyColumn, qualifiedRoles = [] }: FreeTextOptions, matches: (tsquery: string) => string, nameWeight: Weight): string[] {
  return qualifiedRoles.flatMap(({ word, wordStem, headStem }) => {
    if (roleColumns) {
      const held = (stems: string, words: string) => allOf([formLexeme(headStem, stems), anyOf([formLexeme(wordStem, stems), lexeme(word, { weights: words })])]);
      const inRole = params.add(held(ROLE_FORM_WEIGHT, 'D'), 'tsquery');
      const named = matches(lexeme(word, { weights: nameWeight }));
      return [`((${matches(held(roleColumns.textWeight, roleColumns.textWeight))} AND EXISTS (SELECT 1 FROM unnest(${roleColumns.roles}) AS r WHERE r @@ ${inRole})) OR ${named})`];
    }
    if (!titleFormWeight) return [];
    const head = formLexeme(headStem, titleFormWeight);
    const employer = companyColumn ? ` OR (${matches(head)} AND ${companyColumn} @@ ${params.add(lexeme(word), 'tsquery')})` : '';
    return [`(${matches(allOf([head, formLexeme(wordStem, titleFormWeight)]))}${employer})`];
  });
}

/**
 * The twin of the Elasticsearch engine's craftHolders: the rows that hold the craft a request names beside the
 * words of a task (heldCraft), one of its phrases side by side in the stemmed fields; null for none.
 */
function craftHeld({ heldCraft, formWeights }: FreeTextOptions, matches: (tsquery: string) => string): string | null {
  if (!heldCraft || !formWeights) return null;
  return matches(anyOf([heldCraft.typed, ...heldCraft.synonyms].map((phrase) => followedBy(phrase.map((stem) => formLexeme(stem, formWeights))))));
}

/**
 * The twin of the Elasticsearch engine's clause for a role the request names by a phrase of the vocabulary
 * (namedRoles): one of its phrases side by side in the stemmed fields, or a designer's name (a record with role
 * columns) holds another word of the request, or one role is the head at the employer the phrase may end
 * (NamedRole.employer). Each a condition.
 */
function namedRolesHeld(options: FreeTextOptions, m: WordMatchers, matches: (tsquery: string) => string): string[] {
  const { namedRoles = [], formWeights, roleColumns } = options;
  if (!formWeights) return [];
  return namedRoles.map(({ phrases, others, employer }) => {
    const held = matches(anyOf([...phrases.map((phrase) => followedBy(phrase.map((stem) => formLexeme(stem, formWeights)))), ...(roleColumns ? others.map((i) => m.alternatives(i, m.nameWeight)) : [])]));
    const atEmployer = employer ? roleAtEmployer(options, employer, matches) : null;
    return atEmployer ? `(${held} OR ${atEmployer})` : held;
  });
}

/**
 * One role of the record holds `headStem` in its title and every word of `words` in its employer: a designer's
 * roles read from their vectors (title and company at D, the title's stems at ROLE_FORM_WEIGHT), an open role's
 * title stems and company. The Elasticsearch engine's roleAtEmployer hooks are its twins.
 */
function roleAtEmployer({ params, roleColumns, titleFormWeight, companyColumn }: FreeTextOptions, { words, headStem }: { words: readonly string[]; headStem: string }, matches: (tsquery: string) => string): string | null {
  if (roleColumns) {
    const inRole = params.add(allOf([formLexeme(headStem, ROLE_FORM_WEIGHT), ...words.map((word) => lexeme(word, { weights: 'D' }))]), 'tsquery');
    return `EXISTS (SELECT 1 FROM unnest(${roleColumns.roles}) AS r WHERE r @@ ${inRole})`;
  }
  if (!titleFormWeight || !companyColumn) return null;
  return `(${matches(formLexeme(headStem, titleFormWeight))} AND ${companyColumn} @@ ${params.add(allOf(words.map((word) => lexeme(word))), 'tsquery')})`;
}

/**
 * An "or" list of employers the request names (employerListsHeld), one alternative held in the employer
 * columns, earns EMPLOYER_LIST_BONUS_WORDS exact words of the best field: the twin of the Elasticsearch
 * engine's employer list clause.
 */
function employerListBonus(options: FreeTextOptions, m: WordMatchers, exactBest: number): string[] {
  if ((options.employerColumns ?? []).length === 0) return [];
  return (options.employerLists ?? []).map((alternatives) => {
    const held = alternatives.map((words) => `(${words.map((i) => heldAsEmployer(options, m, i)).join(' AND ')})`).join(' OR ');
    return `CASE WHEN ${held} THEN ${EMPLOYER_LIST_BONUS_WORDS * exactBest} ELSE 0 END`;
  });
}

/**
 * Every word exactly in one field, and as a phrase, each scored at the best field that holds it (the twin
 * of the field boosts of Elasticsearch's all-words and phrase clauses): a description that names a role
 * ("reports to the art director") earns less than a title that is that role. The name holding every word,
 * the last as the start of one (Together.nameStart), earns it with that word at the prefix tier.
 */
function togetherBonus(options: FreeTextOptions, together: Together | null, matches: (q: string) => string): string[] {
  if (!together) return [];
  const byWeight = wordsByWeight(options);
  const points = (words: readonly string[], w: number) => words.length * MATCH_TIER_POINTS.exact * w;
  const cases = (condition: (letter: string) => string, start: string | undefined) => {
    const held = byWeight.map(({ letter, weight, words }) => ({ when: condition(letter), then: points(words, weight) }));
    if (start) held.push({ when: start, then: namePrefixPoints(byWeight[0]!.words.length, byWeight[0]!.weight) });
    // The greatest a record holds, as Elasticsearch's dis_max takes it.
    held.sort((a, b) => b.then - a.then);
    return `CASE ${held.map(({ when, then }) => `WHEN ${when} THEN ${then}`).join(' ')} ELSE 0 END`;
  };
  const held = heldTogether(options);
  const atWeight = new Map(byWeight.map(({ letter, words }) => [letter, held(words, letter)]));
  const oneField = (letter: string) => {
    const { oneField: exact, formOneField, inCurrentRole } = atWeight.get(letter)!;
    if (!formOneField) return matches(exact);
    const role = inCurrentRole && options.roleColumns ? ` AND ${options.roleColumns.current} @@ ${options.params.add(inCurrentRole, 'tsquery')}` : '';
    return `(${matches(exact)} OR (${matches(formOneField)}${role}))`;
  };
  return [
    cases(oneField, together.nameStart ? matches(together.nameStart.oneField) : undefined),
    cases((letter) => matches(atWeight.get(letter)!.phrase), together.nameStart ? matches(together.nameStart.phrase) : undefined),
  ];
}

/**
 * `words` in one field at `letter`, and as a phrase there: exactly, or, at a stemmed weight where some word was
 * typed in another form than the field holds ("junior designers" of a Junior Product Designer), by their
 * stems, as those forms typed would: a request and its plural rank alike. The twin of the Elasticsearch
 * engine's together clauses.
 */
function heldTogether({ expansions, formWeights = '', roleColumns, query }: FreeTextOptions): (words: readonly string[], letter: string) => HeldTogether {
  const formOf = new Map((expansions ?? []).map(({ word, form }) => [word, form]));
  return (words, letter) => {
    const exact = words.map((word) => lexeme(word, { weights: letter }));
    const none = { oneField: allOf(exact), phrase: followedBy(exact), formOneField: null, formPhrase: null, inCurrentRole: null };
    if (!formWeights.includes(letter) || words.every((word) => (formOf.get(word) ?? word) === word)) return none;
    const forms = words.map((word) => formLexeme(formOf.get(word) ?? word, letter));
    const formPhrase = followedBy(forms);
    // The titles hold every role's: by their forms, the words are held by the current role ("animation artist"
    // is no Illustrator who was an Animator and a 3D Artist), but in a request for past roles, which asks them
    // of the titles as the words typed are ("art directors ex lego" is no Art Director at Lego now).
    return {
      ...none,
      phrase: anyOf([followedBy(exact), formPhrase]),
      formOneField: allOf(exact.map((held, k) => anyOf([held, forms[k]!]))),
      formPhrase,
      inCurrentRole: roleColumns?.textWeight === letter && !query.pastRoles ? allOf(words.map((word) => anyOf([lexeme(word, { weights: 'D' }), formLexeme(formOf.get(word) ?? word, ROLE_FORM_WEIGHT)]))) : null,
    };
  };
}

/** `words` held together at one weight (heldTogether): tsqueries of the text, and where the weight is the roles', of the current role's vector. */
interface HeldTogether {
  oneField: string;
  phrase: string;
  /** Every word exactly or by its stem, where some word was typed in another form; null otherwise. */
  formOneField: string | null;
  /** The phrase of the words' stems, where some word was typed in another form; null otherwise. */
  formPhrase: string | null;
  /** Of the current role's vector (RoleColumns.current): every word, exactly or by its stem (at the roles' weight, where some word was typed in another form); null otherwise. */
  inCurrentRole: string | null;
}

/** What the name holding `count` words earns when the last is the start of one of its words. */
const namePrefixPoints = (count: number, weight: number) => ((count - 1) * MATCH_TIER_POINTS.exact + MATCH_TIER_POINTS.prefix) * weight;

/**
 * The weights, best first, each with the words the together bonuses ask of it (togetherWords): every word at
 * the best weight (the name), the words but the places of the world typed alone at the others, and at the
 * weights of the companies (toolWeights) but the tools the designer uses (usedTools); a weight left with one
 * word asks nothing.
 */
function wordsByWeight({ query, weights, wholePlaceWords = [], usedTools = [], toolWeights = '', roleWords = [], formWeights = '' }: FreeTextOptions): { letter: string; weight: number; words: string[] }[] {
  const { best, other } = togetherWords(query, wholePlaceWords);
  const tools = new Set(usedTools.map((i) => query.words[i]!));
  const roles = new Set(roleWords.map((i) => query.words[i]!));
  const weightOf = (letter: string) => weights[letter as keyof typeof weights] ?? 0;
  const describing = new Set([...formWeights].sort((a, b) => weightOf(b) - weightOf(a)).slice(1));
  const asked = (letter: string) => other.filter((word) => !(toolWeights.includes(letter) && tools.has(word)) && !(describing.has(letter) && roles.has(word)));
  return Object.entries(weights)
    .sort(([, a], [, b]) => b - a)
    .map(([letter, weight], k) => ({ letter, weight, words: k === 0 ? best : asked(letter) }))
    .filter(({ words }) => words.length > 1);
}

/**
 * The words typed found together, or a synonym of them found as a phrase, whichever earns more: a
 * description naming both ("reports to the creative director and the art director") earns one of them.
 */
function conceptBonus(literal: string[], synonyms: string[]): string[] {
  if (synonyms.length === 0) return literal;
  const typed = literal.length > 0 ? [`(${literal.join(' + ')})`] : [];
  return [`GREATEST(${[...typed, ...synonyms].join(', ')})`];
}

/**
 * A synonym of a phrase of the query ("creative director" for "art director") found as a phrase earns
 * what the phrase typed earns in that field, once (the words typed earn it twice: in one field and as a
 * phrase), so the title that is the concept ranks above a description that names the words typed.
 */
function synonymPhraseBonus({ expansions, formWeights, weights }: FreeTextOptions, matches: (q: string) => string): string[] {
  if (!expansions || !formWeights) return [];
  return togetherSynonyms(expansions).map(({ phrase, words }) => {
    const byWeight = Object.entries(weights)
      .filter(([l]) => formWeights.includes(l))
      .sort(([, a], [, b]) => b - a);
    const whens = byWeight.map(([l, w]) => `WHEN ${matches(followedBy(phrase.map((stem) => formLexeme(stem, l))))} THEN ${words * MATCH_TIER_POINTS.exact * w}`);
    return `CASE ${whens.join(' ')} ELSE 0 END`;
  });
}

/** The synonym phrases synonymPhraseBonus scores, as tsqueries over the stemmed fields. */
function synonymPhrases({ expansions, formWeights }: FreeTextOptions): string[] {
  if (!expansions || !formWeights) return [];
  return togetherSynonyms(expansions).map(({ phrase }) => followedBy(phrase.map((stem) => formLexeme(stem, formWeights))));
}

/**
 * Beside another unit, a role holds a concept by a synonym in its title, without its words (roleUnits): a row
 * holding every unit that way, each word in the roles' text or a concept's synonym in a stemmed field, may
 * earn the best role of every unit, so it is in the top. Rows outside it hold all units but one at most.
 */
function unitsBySynonym({ query, concepts, formWeights }: FreeTextOptions, m: WordMatchers, textWeight: string): string[] {
  const units = roleUnits(query.words, concepts ?? []);
  if (!formWeights || units.length < 2 || !units.some((u) => 'concept' in u && u.concept.synonyms.length > 0)) return [];
  const held = (indexes: readonly number[]) => allOf(indexes.map((i) => m.alternatives(i, textWeight)));
  return [
    allOf(
      units.map((unit) => {
        if (!('concept' in unit)) return held([unit.index]);
        const synonyms = unit.concept.synonyms.map((phrase) => followedBy(phrase.map((stem) => formLexeme(stem, formWeights))));
        return anyOf([held(unit.indexes), ...synonyms]);
      }),
    ),
  ];
}

/**
 * The tsqueries of the together bonuses (togetherBonus). `nameStart`: the name holds every word, the last
 * typed as the start of one ("kwame lead" is Kwame Leadbetter), as Algolia's and Meilisearch's proximity
 * rank words found side by side above words found apart: without it, Kwame the Brand Lead outranked him.
 */
interface Together {
  oneField: string;
  phrase: string;
  nameStart: { oneField: string; phrase: string } | null;
}

/** Every word exactly in one field, and as a phrase: null unless several words, all held by some record (the last may be a start). */
function togetherQueries(options: FreeTextOptions, m: WordMatchers): Together | null {
  const { words, prefix } = options.query;
  if (words.length < 2) return null;
  const byWeight = wordsByWeight(options);
  // No weight asks two words or more: the words of "or" lists are no words asked together (togetherWords).
  if (byWeight.length === 0) return null;
  const name = byWeight[0];
  const last = words.length - 1;
  // The best weight asks every word (togetherWords), so it holds them all when the name holds it; a request
  // with an "or" list asks no name for all its words.
  const started = prefix[last] === 'any' && options.query.orGroups.length === 0 && name !== undefined && words.slice(0, last).every(m.held);
  // A word no record holds as typed may be held by its stem (heldTogether).
  const stemmed = new Set(options.formWeights ? (options.expansions ?? []).flatMap(({ word, form }) => (form !== word ? [word] : [])) : []);
  if (!started && !words.every((word) => m.held(word) || stemmed.has(word))) return null;
  const inName = (word: string, k: number) => lexeme(word, { weights: name!.letter, prefix: k === last });
  const holdAt = heldTogether(options);
  const held = byWeight.map(({ letter, words: asked }) => holdAt(asked, letter));
  return {
    oneField: anyOf(held.map(({ oneField, formOneField }) => formOneField ?? oneField)),
    phrase: anyOf([
      ...[...new Set(byWeight.map(({ words: asked }) => asked.join(' ')))].map((asked) => followedBy(asked.split(' ').map((w) => lexeme(w)))),
      ...held.flatMap(({ formPhrase }) => formPhrase ?? []),
    ]),
    nameStart: started ? { oneField: allOf(words.map(inName)), phrase: followedBy(words.map(inName)) } : null,
  };
}

/** Enough words: all of them; some `required` of them as one tsquery the index reads; past the size bound, a count. */
function matchWhere({ query }: FreeTextOptions, m: WordMatchers, matches: (q: string) => string): string {
  const { required } = query;
  const { queries: groups, widest } = unitQueries(query, m);
  if (required === groups.length) return matches(allOf(groups));
  if (subsetOperands(groups.length, widest, required, required) <= MAX_SUBSET_OPERANDS) {
    return matches(anyOf(combinations(groups.length, required).map((subset) => allOf(subset.map((i) => groups[i]!)))));
  }
  // Too many subsets: the index finds rows with any word; the count keeps those with enough of them.
  return `${matches(anyOf(groups))} AND (${groups.map((g) => `(${matches(g)})::int`).join(' + ')}) >= ${required}`;
}

/** Each word outside an "or" list, and each list, as what it matches (QueryWords.required counts these). */
function unitQueries(query: QueryWords, m: WordMatchers): { queries: string[]; widest: number } {
  const grouped = new Set(query.orGroups.flat(2));
  const alone = query.words.flatMap((_, i) => (grouped.has(i) ? [] : [m.alternatives(i)]));
  // A list holds when one alternative holds requiredMatches of its words.
  const lists = query.orGroups.map((alternatives) =>
    anyOf(alternatives.map((alternative) => anyOf(combinations(alternative.length, requiredMatches(alternative.length)).map((subset) => allOf(subset.map((j) => m.alternatives(alternative[j]!))))))),
  );
  const widest = Math.max(m.widest, ...query.orGroups.map((alternatives) => alternatives.flat().length * m.widest));
  return { queries: [...alone, ...lists], widest };
}

/**
 * The score of each unit (unitQueries): a word outside an "or" list its own, a list its best alternative's,
 * an alternative the average of its words once it holds requiredMatches of them (the Elasticsearch engine's
 * units), so "Stripe Press" does not outweigh "Asana" for "at Stripe Press or Asana".
 */
function unitScores(query: QueryWords, m: WordMatchers, perWord: readonly string[], matches: (q: string) => string): string[] {
  const grouped = new Set(query.orGroups.flat(2));
  const alone = perWord.filter((_, i) => !grouped.has(i));
  const lists = query.orGroups.map((alternatives) => {
    const scored = alternatives.map((alternative) => {
      if (alternative.length === 1) return perWord[alternative[0]!]!;
      const held = alternative.map((i) => `(${matches(m.alternatives(i))})::int`).join(' + ');
      const sum = alternative.map((i) => perWord[i]!).join(' + ');
      return `(CASE WHEN ${held} >= ${requiredMatches(alternative.length)} THEN (${sum}) / ${alternative.length} ELSE 0 END)`;
    });
    return `GREATEST(${scored.join(', ')})`;
  });
  return [...alone, ...lists];
}

/**
 * The rows that can earn what scores most: every word exactly in one field or as a phrase (those bonuses),
 * or every word in a role (the role bonus). A role's words are in the text at the role columns' weight, so
 * a row without every word there has no role holding them all. Every other match scores at most each
 * word's best pair, the filler, and roles holding all words but one.
 */
function topMatches(
  options: FreeTextOptions,
  m: WordMatchers,
  together: Together | null,
  tests: WordTest[][],
  fillerCount: number,
  rolePoints: RolePoints,
  placePoints: number,
): { tsquery: string; bound: number; everyWord: boolean } | null {
  const { query, weights, roleColumns } = options;
  const { words } = query;
  // An "or" list holds some of its words: no bonus needs every word, so no top sets matches apart.
  if (words.length < 2 || (!together && !roleColumns) || query.orGroups.length > 0) return null;
  if (roleColumns && !(roleColumns.textWeight in weights)) throw new Error(`role words are at weight ${roleColumns.textWeight}, which the text does not score`);
  const earns = [
    ...(together ? [together.oneField, together.phrase, ...(together.nameStart ? [together.nameStart.oneField] : [])] : []),
    ...(roleColumns ? [allOf(words.map((_, i) => m.alternatives(i, roleColumns.textWeight)))] : []),
    // A synonym of a phrase of the query earns its bonus (synonymPhraseBonus) only where it is found.
    ...(together || roleColumns ? synonymPhrases(options) : []),
    ...(roleColumns ? unitsBySynonym(options, m, roleColumns.textWeight) : []),
  ];
  // Rows that earn a bonus without holding every word: where a place typed without a marker is, and those whose
  // title may hold the role asked for (roleFirstBonus, which no bound could count: it outweighs every match).
  const partial = [...unmarkedPlaces(options), ...(roleColumns && options.askedRole ? [roleRows(roleColumns, options.askedRole.concept)] : [])];
  // A role scores the number of words it holds from two on: outside the top, all but one at most. The
  // current role scores the greater of its own words and a concept in its title (roleBonus), which any match
  // may earn: rows holding a concept's phrase are most rows of a title query ("lead designer" is also "design
  // lead", "head of design" …), and a top of them would set nothing apart.
  const roleWords = words.length - 1 >= 2 ? words.length - 1 : 0;
  const concept = Math.max(0, ...(options.concepts ?? []).map((c) => c.words * rolePoints.concept));
  // Any match may hold a title made only of words typed (exactTitleBonus), except in a request for past roles.
  const title = query.pastRoles ? 0 : rolePoints.exactTitle;
  const roles = roleColumns ? roleWords * rolePoints.best + Math.max(roleWords * rolePoints.current, concept) + title : 0;
  const perWordBest = tests.map((t) => t[0]?.points ?? 0);
  // Any match may be where the request says: the place bonuses are outside the top as well.
  const bound = perWordBest.reduce((sum, points) => sum + points, 0) + fillerCount * m.namePoints * MATCH_TIER_POINTS.exact + roles + placePoints;
  return { tsquery: anyOf([...earns, ...partial]), bound, everyWord: partial.length === 0 };
}

