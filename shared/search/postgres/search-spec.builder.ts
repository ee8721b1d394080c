import type { Columns } from '../../domain/field-set.ts';
import type { ListedRule } from '../../domain/listed.rule.ts';
import { listedSql } from '../../store/column.sql.ts';
import { understandQuery } from '../query-words.ts';
import { anchorWords, askedRole, seniorityTitle, exactEmployers, namedRoles, namesTool, qualifiedRoles, conceptSpans, heldCraft, heldRole, spelledWords, CURATED_SYNONYM_SET, employerListsHeld, employerNamesHeld, employerOnlyWords, expandQueryWords, nameOnlyWords, namedPlaces, placeOnlyWords, roleWordsOf, type SynonymSet, usedToolWords, wholePlaceWords, wordsOfNoEmployer, wordsOfNoRole } from '../query-synonyms.ts';
import { ranksPlace, readWithFacts } from '../reading-facts.ts';
import type { EntitySearchRules, SearchFilters, SortField, SortRule, TextFields } from '../search-rules.ts';
import { freeTextSql, type RoleColumns } from './free-text.sql.ts';
import { currentlyHeld, rolePhrases } from './role-bonus.sql.ts';
import type { FieldWeights } from './word-matchers.sql.ts';
import type { QueryTerms } from './query-terms.ts';
import { Params, type SearchSpec, type SortKey } from './sql-builder.ts';
import { allOf, anyOf, formLexeme, lexeme, type Weight, wordFilterQuery } from './text-search.ts';
import { namedFilters, type Exclusion } from '../query-exclusions.ts';
import { type Preference, preferenceBonusWords, skillWords } from '../query-preferences.ts';
import { readRequest } from '../query-reading.ts';

/** The column each key of the engine-neutral orders is selected as, and the SQL type its cursor value binds as. */
const SORT_COLUMNS: Readonly<Record<SortField, Omit<SortKey, 'desc'>>> = {
  score: { column: 'score', cast: 'int' },
  listed_at: { column: 'listed_us', cast: 'bigint' },
  posted_at: { column: 'posted_us', cast: 'bigint' },
  placement_rank: { column: 'placement_rank', cast: 'int' },
  id: { column: 'id', cast: 'text' },
};

export function toSortKeys(order: readonly SortRule[]): SortKey[] {
  return order.map((rule) => {
    const { column, cast } = SORT_COLUMNS[rule.field];
    return { column, desc: rule.descending, cast };
  });
}

/** One entity's search as Postgres runs it: the engine-neutral rules and the tables they read. */
export interface PgEntitySearch<F extends SearchFilters> {
  rules: EntitySearchRules<never, F, TextFields<never>>;
  listed: ListedRule<object, string>;
  /** The entity's columns: an exact filter binds its value as the column's type. */
  columns: Columns;
  /** `table alias` and the alias, and the select list of one full row (see SearchSpec). */
  table: string;
  alias: string;
  select: string;
  /** The search-text table (joined as s) and its column holding the entity's id. */
  search: { table: string; key: string };
  /** The SQL of each sort key besides score and id, over the alias. */
  sortSql: Partial<Record<Exclude<SortField, 'score' | 'id'>, string>>;
  weights: FieldWeights;
  /** The weights whose fields hold stems (formWeights): word forms and synonyms match there. */
  formWeights: string;
  /** The weights whose fields say where the record is (placeWeights): a place the request names earns its bonus there. */
  placeWeights: string;
  /** The weights of the fields that name the record, its roles, employers and place (namingWeights): a name the request writes is held there. */
  namingWeights: string;
  /**
   * The weights of the employers' names where a tool or a skill's word the request names (wordsOfNoEmployer) scores nothing: a designer
   * who uses Figma is asked for more often than one who works there. Open roles have none, as in the
   * Elasticsearch engine (EsEntitySearch.toolFields).
   */
  toolWeights?: string;
  roleColumns?: RoleColumns;
  /** The weight of the stems of a title that is the record's one role (an open role's): where a role the request names is held (heldRole). */
  titleFormWeight?: Weight;
  /**
   * What the search row (s) carries of the entity as well, kept by the search-text upkeep: the listed test
   * as one column, and exact filters by name. Those filters then read the search row, where an index serves
   * them together with the text, instead of a probe into the entity table per text match. Only for a
   * listed rule without a clock: a copied flag cannot expire.
   */
  onSearchRow?: { listed: string; exact: readonly string[] };
}

export function entitySortKeys<F extends SearchFilters>(entity: PgEntitySearch<F>, filters: F): SortKey[] {
  return toSortKeys(entity.rules.order(filters));
}

/**
 * Pure: validated filters to the matching set (all filters AND), the SQL twin of buildEntityQuery in the
 * Elasticsearch engine. Only records listed at `now` ever match.
 */
export function entitySearchSpec<F extends SearchFilters>(
  entity: PgEntitySearch<F>,
  filters: F,
  terms: QueryTerms,
  now?: Date,
  synonyms: SynonymSet = CURATED_SYNONYM_SET,
): SearchSpec {
  const { alias, rules } = entity;
  const keys = entitySortKeys(entity, filters);
  const { q, exclusions, preferences } = readRequest(filters.q);
  const read = understandQuery(q);
  const expansions = expandQueryWords(q, synonyms);
  const spans = conceptSpans(q, synonyms);
  const query = readWithFacts(read, spans, synonyms, terms);
  const concepts = entity.roleColumns ? spans : undefined;
  const placeOnly = placeOnlyWords(query, synonyms);
  const places = namedPlaces(query, synonyms);
  const employerWords = employerOnlyWords(query, synonyms);
  const employerLists = employerListsHeld(query, synonyms);
  const nameWords = nameOnlyWords(query, synonyms);
  const role = concepts ? askedRole(query, concepts, synonyms) : null;
  const held = entity.roleColumns || entity.titleFormWeight ? heldRole(query, spans, synonyms) : null;
  const craft = entity.roleColumns && !held ? heldCraft(query, spans, synonyms) : null;
  // What an exclusion or a preference names ("not in London", "ideally in London"), as the word filters name it,
  // whole words only: a condition per filter.
  const namedBy = (clause: Exclusion, params: Params) =>
    namedFilters(clause).flatMap((name) => {
      const query = wordFilterQuery(name, clause.value, { wholeWords: true });
      return query ? [`coalesce(s.${name}_tsv @@ ${params.add(query, 'tsquery')}, false)`] : [];
    });
  // The rows whose title (a designer's current one) holds the seniority an exclusion or a preference names: the
  // Elasticsearch engine's titleHolds.
  const titleHolds = (clause: Exclusion, params: Params): string[] => {
    const role = seniorityTitle(clause.value, synonyms);
    if (!role) return [];
    const matches = (tsquery: string) => `s.text_tsv @@ ${params.add(tsquery, 'tsquery')}`;
    if (entity.roleColumns) return [currentlyHeld(entity.roleColumns, params, role, matches)];
    return entity.titleFormWeight ? [matches(rolePhrases(role, entity.titleFormWeight))] : [];
  };
  const heldBy = (clause: Exclusion, params: Params) => (clause.kind === 'seniority' ? titleHolds(clause, params) : namedBy(clause, params));
  // The rows that hold every word of a skill a request prefers, as typed or by its stem, a tool's name not at
  // the companies' weight (toolWeights, the titles' too): the Elasticsearch engine's.
  const skilled = ({ value }: Preference, params: Params): string[] => {
    const words = skillWords(value).map(({ word, form }) => {
      const typed = namesTool(word) && entity.toolWeights ? lexeme(word, { weights: Object.keys(entity.weights).filter((letter) => !entity.toolWeights!.includes(letter)).join('') }) : lexeme(word);
      return entity.formWeights ? anyOf([typed, formLexeme(form, entity.formWeights)]) : typed;
    });
    return words.length === 0 ? [] : [`s.text_tsv @@ ${params.add(allOf(words), 'tsquery')}`];
  };
  // The word filters' columns (the company's and the location's), where an employer the request names is held.
  const employerColumns = Object.keys(rules.filters.words).map((name) => `s.${name}_tsv`);
  const freeText = (params: Params, top?: boolean) =>
    freeTextSql({
      column: 's.text_tsv',
      query,
      terms,
      weights: entity.weights,
      params,
      roleColumns: entity.roleColumns,
      expansions,
      concepts,
      askedRole: role,
      heldRole: held,
      heldCraft: craft,
      titleFormWeight: entity.titleFormWeight,
      spelled: spelledWords(query, spans),
      tools: wordsOfNoEmployer(query, spans, synonyms),
      toolWeights: entity.toolWeights,
      formWeights: entity.formWeights,
      placeWeights: entity.placeWeights,
      places,
      placeOnlyWords: placeOnly,
      placeRanked: ranksPlace(read, spans, synonyms, terms),
      employerColumns,
      employerWords,
      employerLists,
      exactEmployers: entity.roleColumns ? exactEmployers(query, synonyms) : undefined,
      employerNames: 'location' in rules.filters.words ? { names: employerNamesHeld(query, synonyms), placeColumn: 's.location_tsv' } : undefined,
      namingWeights: entity.namingWeights,
      nameWords,
      anchorWords: anchorWords(query, synonyms),
      qualifiedRoles: qualifiedRoles(query, synonyms),
      namedRoles: namedRoles(query, spans, synonyms),
      companyColumn: 'company' in rules.filters.words ? 's.company_tsv' : undefined,
      wholePlaceWords: wholePlaceWords(query, spans, synonyms),
      usedTools: usedToolWords(query),
      roleWords: roleWordsOf(query, spans, synonyms),
      noRoleWords: wordsOfNoRole(query, spans, synonyms),
      preferred: preferences.flatMap((preference) => {
        const held = preference.kind === 'skill' ? skilled(preference, params) : heldBy(preference, params);
        return held.length === 0 ? [] : [{ held: `(${held.join(' OR ')})`, words: preferenceBonusWords(preference) }];
      }),
      top,
    });
  // The bound binds nothing: built once here, the statements build the SQL again with their own parameters.
  const bound = keys[0]?.column === SORT_COLUMNS.score.column && keys[0].desc ? freeText(new Params())?.top?.bound : undefined;
  return {
    keys,
    table: entity.table,
    alias,
    select: entity.select,
    ...(bound === undefined ? {} : { top: { bound } }),
    matched: (params: Params, options: { top?: boolean } = {}) => {
      const instant = entity.listed.liveUntil !== undefined && now ? params.add(now.toISOString(), 'timestamptz') : undefined;
      const where = [entity.onSearchRow?.listed ?? listedSql(entity.listed, alias, instant)];
      for (const name of rules.filters.exact) {
        const value = filters[name];
        const holder = entity.onSearchRow?.exact.includes(name) ? 's' : alias;
        if (value !== undefined) where.push(`${holder}.${name} = ${params.add(value, entity.columns[name]?.type === 'boolean' ? 'boolean' : undefined)}`);
      }
      for (const name of Object.keys(rules.filters.words) as (keyof SearchFilters & keyof typeof rules.filters.words)[]) {
        const query = filters[name] ? wordFilterQuery(name, filters[name]) : null;
        if (query) where.push(`s.${name}_tsv @@ ${params.add(query, 'tsquery')}`);
      }
      // What the request leaves out ("not in London"), as the word filters name it, whole words only; a
      // seniority ("no juniors") as the title holds it, typed or by a synonym.
      for (const exclusion of exclusions) for (const sql of heldBy(exclusion, params)) where.push(`NOT ${sql}`);
      const text = freeText(params, options.top);
      if (options.top && !text) throw new Error('a search without free text has no top to read');
      if (text) where.push(text.where);
      const sorted = Object.entries(entity.sortSql).map(([field, sql]) => `${sql} AS ${SORT_COLUMNS[field as SortField].column}`);
      const { table: search, key } = entity.search;
      // With what a search needs on the search row, the entity table is joined from it: a join nothing
      // refers to (no filter on an entity column) is then left out by the planner.
      const from = entity.onSearchRow
        ? `${search} s LEFT JOIN ${entity.table} ON ${alias}.id = s.${key}`
        : `${entity.table} LEFT JOIN ${search} s ON s.${key} = ${alias}.id`;
      return `
        SELECT ${entity.onSearchRow ? `s.${key}` : `${alias}.id`} AS id, ${sorted.join(', ')}, ${text ? text.score : '0'} AS score
          FROM ${from}
         WHERE ${where.join(' AND ')}`;
    },
  };
}
