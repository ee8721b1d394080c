import { type AskedRole, type ConceptSpan, currentRoleWords, type ExactEmployerGroup, heldInTitle, knownTitleForms, type RoleUnit, roleUnits, typedForms, unitsOfNow, unitsOfPast, unitWords } from '../query-synonyms.ts';
import { wordForm } from '../../text/word-forms.ts';
import { FILLER_WORDS, type QueryWords, requiredMatches } from '../query-words.ts';
import type { Params } from './sql-builder.ts';
import { allOf, anyOf, FORM_MARK, followedBy, formLexeme, lexeme, type Weight } from './text-search.ts';
import { MATCH_TIER_POINTS } from './word-matchers.sql.ts';
import { combinations, MAX_SUBSET_OPERANDS, subsetOperands } from './word-subsets.ts';

/**
 * The role bonuses of the Postgres engine (the twins of the Elasticsearch engine's sameRoleBonus,
 * conceptRoleBonus and pastRoleBonus): words found together in one role, the current role, a concept the query
 * names in a role's title, and what a request for past roles names in a previous role.
 */

/** Points per word a role's words earn: in the best role, in the current one, and of a concept in its title (as typed or by a synonym). */
export interface RolePoints {
  best: number;
  current: number;
  concept: number;
  /** Per word of a concept whose synonym the title holds (below the concept typed). */
  conceptSynonym: number;
  /** A current title made only of words the query typed (exactTitleBonus). */
  exactTitle: number;
}

/** Roles scored in place before the role bonus falls back to unnest (see bestRole). */
const ROLES_UNROLLED = 4;

/**
 * Where a role's vector holds its title's stems: a weight of their own, apart from its words (D) and from
 * the weights the words' form matches read (FreeTextOptions.formWeights), so only conceptRoleBonus finds them.
 */
export const ROLE_FORM_WEIGHT = 'A' satisfies Weight;

/**
 * Where a role's vector holds its company's words again, at positions of their own: a weight apart from the
 * role's words (D) and its title's stems (ROLE_FORM_WEIGHT), so exactEmployerBonus reads the company alone.
 */
export const ROLE_COMPANY_WEIGHT = 'C' satisfies Weight;

/** Columns of the designer search row that score words found together in one role. */
export interface RoleColumns {
  /** tsvector[]: one per role, its words (weight D) and its title's stems (ROLE_FORM_WEIGHT). */
  roles: string;
  /** tsvector: the current role (empty without one; then roles holds only previous roles). */
  current: string;
  /**
   * Every word of every role is in the text at this weight as well (titles and companies): a row whose text
   * lacks one query word at this weight has no role holding all of them (test/search/free-text-top.test.ts).
   */
  textWeight: Weight;
}

/** What the role bonuses read of a free-text query (FreeTextOptions and its word matchers). */
export interface RoleBonusInput {
  query: QueryWords;
  params: Params;
  roleColumns?: RoleColumns | undefined;
  concepts?: readonly ConceptSpan[] | undefined;
  /** Every way word i matches, as one tsquery (WordMatchers.alternatives). */
  alternatives(i: number): string;
  /** The most operands one word's alternatives hold. */
  widest: number;
}

/**
 * Words of one role: counted per role, the best role scores when it holds at least two of them; the current
 * role too, or a concept the query names in its title (conceptRoleBonus), whichever earns more.
 */
export function roleBonus(
  options: RoleBonusInput,
  rolePoints: RolePoints,
  exactBest: number,
): string[] {
  const { query, params, roleColumns } = options;
  const { words, pastRoles } = query;
  if (!roleColumns) return [];
  // The current role's score: the greater of its words and a concept the query names in its title.
  const concepts = conceptRoleBonus(options, rolePoints);
  const title = pastRoles ? [] : [exactTitleBonus(query, params, roleColumns, rolePoints.exactTitle)];
  const greatest = (own: string[]) => {
    const all = [...own, ...concepts];
    return [...(all.length > 1 ? [`GREATEST(${all.join(', ')})`] : all), ...title];
  };
  // A word of a concept the synonym rules know is spelled right: its word or its stem in a title, never a typo
  // of another, and held by the stems of a title (knownTitleForms), as in the Elasticsearch engine's roleWord.
  const known = knownTitleForms(options.concepts ?? []);
  const groups = words.map((word, i) => {
    const forms = known.get(word);
    if (!forms) return options.alternatives(i);
    return anyOf([lexeme(word), ...forms.map((form) => formLexeme(form, ROLE_FORM_WEIGHT)), ...(query.prefix[i] === 'any' ? [lexeme(word, { prefix: true })] : [])]);
  });
  // In a request for past roles the current role earns what it says of now, what it earns per word otherwise.
  const now = pastRoles ? nowRoleScore(currentRoleWords(query, options.concepts ?? []), groups, params, roleColumns, exactBest / 2) : [];
  if (words.length < 2) return greatest(now);
  const bestRole = (shift: string, score: (role: string) => string) => bestRoleSql(roleColumns, shift, score);
  // A role the query names exactly: every word and no other content word (filler such as "of" aside), so
  // "cgi artist google" ranks the CGI Artist at Google above the one at Google Cloud.
  // Its words alone (weight D) are counted, not its title's stems.
  // It earns what the current role earns for every word (half the best exact word), and an exact word of the
  // best field more: a role at a sister company held now ("ux researcher" at Stripe Press) is no role at the
  // company named (Stripe). The Elasticsearch engine's exactRolePoints is its twin.
  // In a request for past roles, a previous role only: "art directors ex lego" is not the Art Director at Lego now.
  // Its parameters are added only where the SQL reads them: Postgres refuses a parameter it cannot type.
  const exactRole = (shift: string) => {
    const everyWord = params.add(allOf(groups), 'tsquery');
    const filler = params.add([...FILLER_WORDS], 'text[]');
    const exact = (role: string) => `(CASE WHEN ${role} @@ ${everyWord} AND length(ts_delete(ts_filter(${role}, '{d}'), ${filler})) = ${words.length} THEN 1 ELSE 0 END)`;
    return `${bestRole(shift, exact)} * ${exactBest + words.length * (exactBest / 2)}`;
  };
  // The best role counts the words that tell roles apart: "designer" is in nearly every title, so a
  // Graphic Designer at Framer would hold two words of "communication designer who worked at framer".
  // A concept the query names counts once, as a whole (roleUnits).
  const units = roleUnits(words, options.concepts ?? []);
  // The previous roles: all of them without a current role, else all but the first.
  const bestOf = (shift: string, of: readonly RoleUnit[]) => {
    const unitScore = unitsScore(of, groups, options.widest, params, rolePoints.best);
    return unitScore ? [bestRole(shift, unitScore)] : [];
  };
  if (pastRoles) {
    // The current role holding two units of what the request says of now, as any request scores its best role;
    // a concept alone is the concept bonus's, so the former employer's one word still tells its holders apart.
    // What it says of now is no previous role's (unitsOfPast), and no previous role is named exactly then.
    // The Elasticsearch engine's sameRoleBonus is its twin.
    const saysNow = query.nowWords.length > 0;
    const past = bestOf(previousRoles(roleColumns), unitsOfPast(units, query.nowWords));
    const nowUnits = unitsScore(unitsOfNow(units, query.nowWords), groups, options.widest, params, exactBest, { together: true });
    return [...past, ...(nowUnits ? [nowUnits(roleColumns.current)] : []), ...greatest(now), ...(saysNow ? [] : [exactRole(previousRoles(roleColumns))])];
  }
  const best = bestOf('', units);
  const scored = roleScore(words.length, groups, subsetOperands(words.length, options.widest, 2), params);
  return [...best, ...greatest([`${scored(roleColumns.current)} * ${rolePoints.current}`]), exactRole('')];
}

/**
 * The twin of the Elasticsearch engine's nowRoleBonus: in a request for past roles, what it says of now
 * (`now`: currentRoleWords) in the current role, `points` per word held.
 */
function nowRoleScore(now: readonly number[], groups: readonly string[], params: Params, roleColumns: RoleColumns, points: number): string[] {
  if (now.length === 0) return [];
  const held = now.map((i) => `(${roleColumns.current} @@ ${params.add(groups[i]!, 'tsquery')})::int`);
  return [`(${held.join(' + ')}) * ${points}`];
}

/** The offset of bestRoleSql that skips the current role, the first of a designer's roles when there is one. */
const previousRoles = (roleColumns: RoleColumns): string => ` + (length(${roleColumns.current}) > 0)::int`;

/**
 * The best of a designer's roles by `score` (SQL of one role's tsvector), from the role `shift` says: '' for
 * every role, or an SQL offset that skips the current one (previousRoles). Designers hold a few roles: the first
 * ROLES_UNROLLED are read in place, which spares a subquery per row (most of a free-text search's cost on
 * PGlite); more roles than that go through unnest.
 */
export function bestRoleSql(roleColumns: RoleColumns, shift: string, score: (role: string) => string): string {
  const inPlace = Array.from({ length: ROLES_UNROLLED }, (_, k) => score(`${roleColumns.roles}[${k + 1}${shift}]`));
  const unnested = `(SELECT max(${score('r')}) FROM unnest(${roleColumns.roles}${shift ? `[1${shift}:]` : ''}) AS r)`;
  return `COALESCE(CASE WHEN coalesce(cardinality(${roleColumns.roles}), 0) <= ${ROLES_UNROLLED} THEN GREATEST(${inPlace.join(', ')}) ELSE ${unnested} END, 0)`;
}

/** Phrases of stems as a tsquery over `weights`: any of them, each as a phrase. */
function phrasesQuery(phrases: readonly string[][], weights: string): string {
  return anyOf(phrases.map((phrase) => followedBy(phrase.map((stem) => formLexeme(stem, weights)))));
}

/**
 * The twin of the Elasticsearch engine's conceptRoleBonus: a concept the query names in the title of the
 * current role (of a previous one, after "ex" or "former") earns `points.concept` per word of the concept,
 * `points.conceptSynonym` for a synonym of it; roleBonus counts the greatest of these and the current role's own words.
 */
function conceptRoleBonus({ concepts, roleColumns, params }: RoleBonusInput, points: Pick<RolePoints, 'concept' | 'conceptSynonym'>): string[] {
  if (!roleColumns || !concepts) return [];
  return concepts.flatMap(({ words, typed, synonyms, past }) => {
    const inTitle = (phrases: readonly string[][], earned: number) => {
      const q = params.add(phrasesQuery(phrases, ROLE_FORM_WEIGHT), 'tsquery');
      if (!past) return `CASE WHEN ${roleColumns.current} @@ ${q} THEN ${earned} ELSE 0 END`;
      return `${bestRoleSql(roleColumns, previousRoles(roleColumns), (role) => `(CASE WHEN ${role} @@ ${q} THEN 1 ELSE 0 END)`)} * ${earned}`;
    };
    return [inTitle([typed], words * points.concept), ...(synonyms.length > 0 ? [inTitle(synonyms, words * points.conceptSynonym)] : [])];
  });
}

/**
 * The twin of the Elasticsearch engine's roleFirstBonus: the role a request asks for beside other constraints
 * (askedRole), typed or by a synonym, in the current title earns `points.now`, or else in the title of a role at an
 * employer the request names `points.before`.
 */
export function roleFirstBonus({ roleColumns, params }: Pick<RoleBonusInput, 'roleColumns' | 'params'>, role: AskedRole | null | undefined, points: { now: number; before: number }): string[] {
  if (!roleColumns || !role) return [];
  const inTitle = phrasesQuery([role.concept.typed, ...role.concept.synonyms], ROLE_FORM_WEIGHT);
  const current = inCurrentTitle(roleColumns, params, role.concept);
  if (role.employers.length === 0) return [`CASE WHEN ${current} THEN ${points.now} ELSE 0 END`];
  const atEmployer = params.add(allOf([inTitle, anyOf(role.employers.map((words) => allOf(words.map((word) => lexeme(word)))))]), 'tsquery');
  return [`CASE WHEN ${current} THEN ${points.now} ELSE ${bestRoleSql(roleColumns, '', (r) => `(CASE WHEN ${r} @@ ${atEmployer} THEN 1 ELSE 0 END)`)} * ${points.before} END`];
}

/**
 * The twin of the Elasticsearch engine's exactEmployerBonus: a role whose company holds every naming word of an
 * employer the request names and no content word the request did not write (its company words, at
 * ROLE_COMPANY_WEIGHT, less the written words and filler, are none) earns `points`, once per constraint; for a
 * request for past roles, a previous role.
 */
export function exactEmployerBonus({ roleColumns, params }: Pick<RoleBonusInput, 'roleColumns' | 'params'>, groups: readonly ExactEmployerGroup[], points: number): string[] {
  if (!roleColumns) return [];
  return groups.map(({ alternatives, past }) => {
    const exactly = alternatives.map(({ naming, written }) => {
      const held = params.add(allOf(naming.map((word) => lexeme(word, { weights: ROLE_COMPANY_WEIGHT }))), 'tsquery');
      const allowed = params.add([...new Set([...written, ...FILLER_WORDS])], 'text[]');
      return (role: string) => `(${role} @@ ${held} AND length(ts_delete(ts_filter(${role}, '{${ROLE_COMPANY_WEIGHT.toLowerCase()}}'), ${allowed})) = 0)`;
    });
    const score = (role: string) => `(CASE WHEN ${exactly.map((held) => held(role)).join(' OR ')} THEN 1 ELSE 0 END)`;
    return `${bestRoleSql(roleColumns, past ? previousRoles(roleColumns) : '', score)} * ${points}`;
  });
}

/** The rows whose text may hold `role` in a title (roleFirstBonus, currentlyHeld): its phrases' stems at the role weight. */
export function roleRows(roleColumns: RoleColumns, role: ConceptSpan): string {
  return rolePhrases(role, roleColumns.textWeight);
}

/** `role` as typed or by a synonym, its phrases of stems at `weights`. */
export function rolePhrases(role: ConceptSpan, weights: string): string {
  return phrasesQuery([role.typed, ...role.synonyms], weights);
}

/** The current title holds `role`, typed or by a synonym. */
function inCurrentTitle(roleColumns: RoleColumns, params: Params, role: ConceptSpan): string {
  return `${roleColumns.current} @@ ${params.add(phrasesQuery([role.typed, ...role.synonyms], ROLE_FORM_WEIGHT), 'tsquery')}`;
}

/**
 * The twin of the Elasticsearch engine's currentHolders: the rows whose current title holds the role a request
 * names (heldRole), typed or by a synonym. The indexed text is tested first (`matches`, roleRows), so the
 * index finds the rows the titles are read from.
 */
export function currentlyHeld(roleColumns: RoleColumns, params: Params, role: ConceptSpan, matches: (tsquery: string) => string): string {
  return `(${matches(roleRows(roleColumns, role))} AND ${inCurrentTitle(roleColumns, params, role)})`;
}

/**
 * The twin of the Elasticsearch engine's exactTitle: a current title whose stems (ROLE_FORM_WEIGHT in the
 * role's vector) are all among the stems the query typed (typedForms) earns `points`, the least a word earns,
 * which decides between designers who otherwise tie.
 */
function exactTitleBonus(query: QueryWords, params: Params, roleColumns: RoleColumns, points: number): string {
  const typed = params.add(typedForms(query).map((stem) => `${FORM_MARK}${stem}`), 'text[]');
  const stems = `ts_filter(${roleColumns.current}, '{${ROLE_FORM_WEIGHT.toLowerCase()}}')`;
  return `(CASE WHEN length(${stems}) > 0 AND length(ts_delete(${stems}, ${typed})) = 0 THEN ${points} ELSE 0 END)`;
}

/**
 * The twin of the Elasticsearch engine's pastRoleBonus: a previous role holding enough of the words of an
 * alternative of what a request for past roles names (QueryWords.pastAlternatives) earns `points`, shared
 * out over the alternative's words; the best role and alternative count.
 */
export function pastRoleBonus({ query, params, roleColumns, alternatives: matches }: RoleBonusInput, points: number): string[] {
  if (!roleColumns || query.pastAlternatives.length === 0) return [];
  const alternatives = query.pastAlternatives.map((group) => {
    const tests = group.map((word) => params.add(matches(query.words.indexOf(word)), 'tsquery'));
    return (role: string) => {
      const held = `(${tests.map((q) => `(${role} @@ ${q})::int`).join(' + ')})`;
      // Integer division: scores are integers (a cursor binds them as int), whatever the alternative's length.
      return `(CASE WHEN ${held} >= ${requiredMatches(group.length)} THEN ${held} * ${points} / ${group.length} ELSE 0 END)`;
    };
  });
  const score = (role: string) => (alternatives.length > 1 ? `GREATEST(${alternatives.map((a) => a(role)).join(', ')})` : alternatives[0]!(role));
  return [bestRoleSql(roleColumns, previousRoles(roleColumns), score)];
}

/**
 * The twin of the Elasticsearch engine's bestUnits: SQL scoring one role by the units it holds (roleUnits),
 * `points` for each word a unit stands for, a concept's synonym in the title at the form tier: a role holding
 * two units at least, or a concept of two telling words or more on its own (by its words or its title as
 * typed); null when no role can score.
 * Without a concept, roleScore's count of the words held, which most roles answer in one test.
 */
function unitsScore(units: readonly RoleUnit[], groups: readonly string[], widest: number, params: Params, points: number, { together = false } = {}): ((role: string) => string) | null {
  const alone = together ? [] : units.flatMap((unit, k) => (unitWords(unit) >= 2 ? [k] : []));
  if (units.length < 2 && alone.length === 0) return null;
  const wordUnits = units.filter((unit): unit is Extract<RoleUnit, { word: string }> => !('concept' in unit));
  if (wordUnits.length === units.length) {
    const held = wordUnits.map((unit) => groups[unit.index]!);
    const count = roleScore(held.length, held, subsetOperands(held.length, widest, 2), params);
    return (role) => `${count(role)} * ${points}`;
  }
  const held = units.map((unit) => {
    if (!('concept' in unit)) return { typed: groups[unit.index]!, synonym: null, earned: points };
    const { concept, words, indexes } = unit;
    const everyWord = heldInTitle(unit) ? words.map((word) => formLexeme(wordForm(word), ROLE_FORM_WEIGHT)) : indexes.map((i) => groups[i]!);
    const typed = anyOf([phrasesQuery([concept.typed], ROLE_FORM_WEIGHT), allOf(everyWord)]);
    return { typed, synonym: concept.synonyms.length > 0 ? phrasesQuery(concept.synonyms, ROLE_FORM_WEIGHT) : null, earned: words.length * points };
  });
  const typed = held.map((h) => params.add(h.typed, 'tsquery'));
  // A synonym counts beside another unit only: its parameter is added only where the SQL reads it.
  const synonym = held.map((h) => (h.synonym && units.length >= 2 ? params.add(h.synonym, 'tsquery') : null));
  const anyHeld = held.map((h) => (h.synonym ? anyOf([h.typed, h.synonym]) : h.typed));
  const twoHeld = units.length >= 2 ? params.add(anyOf(combinations(units.length, 2).map((pair) => allOf(pair.map((k) => anyHeld[k]!)))), 'tsquery') : null;
  // Whole points: a cursor binds the score as int.
  const earned = (role: string, k: number, bySynonym = true) =>
    `CASE WHEN ${role} @@ ${typed[k]} THEN ${held[k]!.earned}${synonym[k] && bySynonym ? ` WHEN ${role} @@ ${synonym[k]} THEN ${Math.floor((held[k]!.earned * MATCH_TIER_POINTS.form) / MATCH_TIER_POINTS.exact)}` : ''} ELSE 0 END`;
  return (role) => {
    // On its own, a concept counts by its words or its title as typed, as in the Elasticsearch engine.
    const single = alone.map((k) => earned(role, k, false));
    const otherwise = single.length === 0 ? '0' : single.length === 1 ? single[0]! : `GREATEST(${single.join(', ')})`;
    if (!twoHeld) return `(${otherwise})`;
    return `(CASE WHEN ${role} @@ ${twoHeld} THEN ${held.map((_, k) => earned(role, k)).join(' + ')} ELSE ${otherwise} END)`;
  };
}

/**
 * SQL scoring one role (a tsvector) by the query words it holds: their number from two on, else 0 (and 0
 * for a role that is not there). Asked as "at least two?" first, which most roles are not, then from all
 * words down, so a role takes one or two tests instead of one per word; past the size bound, a count.
 */
function roleScore(count: number, groups: readonly string[], operands: number, params: Params): (target: string) => string {
  if (operands > MAX_SUBSET_OPERANDS) {
    const lookup = `ARRAY[0, 0, ${Array.from({ length: count - 1 }, (_, i) => i + 2).join(', ')}]`;
    const tsqueries = groups.map((g) => params.add(g, 'tsquery'));
    return (target) => `COALESCE((${lookup})[${tsqueries.map((q) => `(${target} @@ ${q})::int`).join(' + ')} + 1], 0)`;
  }
  const atLeast = new Map<number, string>();
  for (let k = 2; k <= count; k++) {
    atLeast.set(k, params.add(anyOf(combinations(count, k).map((subset) => allOf(subset.map((i) => groups[i]!)))), 'tsquery'));
  }
  return (target) => {
    const more = Array.from({ length: count - 2 }, (_, i) => count - i).map((k) => `WHEN ${target} @@ ${atLeast.get(k)} THEN ${k}`);
    const howMany = more.length > 0 ? `CASE ${more.join(' ')} ELSE 2 END` : '2';
    return `CASE WHEN ${target} @@ ${atLeast.get(2)} THEN ${howMany} ELSE 0 END`;
  };
}
