import type { PageWindow } from '../page-window.ts';
import type { estypes } from '@elastic/elasticsearch';
import { OPEN_ROLE_LISTED_RULE } from '../../domain/open-role.fields.ts';
import type { OpenRoleFilters } from '../../domain/open-role-search.schema.ts';
import { OPEN_ROLE_SEARCH_RULES } from '../open-role-search.rules.ts';
import { buildEntityQuery, buildEntitySearchRequest, type EsEntitySearch, entitySortKeys } from './search-query.translator.ts';
import { type EsSortKey, toEsSort } from './sort-keys.ts';
import { boostedFields, boostedFormFields, FORMS_FIELD } from './text-fields.ts';
import { namingFieldNames, placeFieldNames } from '../search-rules.ts';
import { type ConceptSpan, heldRole, type NamedRole, type QualifiedRole, type SynonymSet } from '../query-synonyms.ts';

type Query = estypes.QueryDslQueryContainer;

export const OPEN_ROLE_TEXT_FIELDS = boostedFields(OPEN_ROLE_SEARCH_RULES.text);

const OPEN_ROLE_SEARCH: EsEntitySearch<OpenRoleFilters> = {
  rules: OPEN_ROLE_SEARCH_RULES,
  listed: OPEN_ROLE_LISTED_RULE,
  textFields: OPEN_ROLE_TEXT_FIELDS,
  formFields: boostedFormFields(OPEN_ROLE_SEARCH_RULES.text),
  placeFields: placeFieldNames(OPEN_ROLE_SEARCH_RULES.text),
  namingFields: namingFieldNames(OPEN_ROLE_SEARCH_RULES.text),
  source: 'role',
  holders: (query, concepts, synonyms) => titleHolds(heldRole(query, concepts, synonyms)),
  titleHolds,
  roleHolds: roleHolding,
  roleAtEmployer,
};

/**
 * The open roles that are `headStem` (in the title's stems) at a company holding every word of `words`
 * (NamedRole.employer). The Postgres engine's roleAtEmployer is its twin.
 */
export function roleAtEmployer({ words, headStem }: NonNullable<NamedRole['employer']>): Query {
  return { bool: { filter: [{ term: { [`${FORMS_FIELD}.title`]: headStem } }, { match: { [OPEN_ROLE_SEARCH_RULES.filters.words.company]: { query: words.join(' '), operator: 'and' } } }] } };
}

/**
 * The open roles that are `role` (qualifiedRoles): the head's stem in the title, the word's in the title or
 * the word in the company. The Postgres engine's qualifiedRolesHeld is its twin.
 */
export function roleHolding({ word, wordStem, headStem }: QualifiedRole): Query {
  const title = `${FORMS_FIELD}.title`;
  return {
    bool: {
      filter: [{ term: { [title]: headStem } }, { bool: { should: [{ term: { [title]: wordStem } }, { match: { [OPEN_ROLE_SEARCH_RULES.filters.words.company]: word } }], minimum_should_match: 1 } }],
    },
  };
}

/**
 * The open roles whose title holds the role a request names (heldRole), typed or by a synonym: they match
 * however few of its other words they hold. The Postgres engine's rolePhrases at the title's weight is its twin.
 */
export function titleHolds(role: ConceptSpan | null): Query | null {
  if (!role) return null;
  return { bool: { should: [role.typed, ...role.synonyms].map((phrase) => ({ match_phrase: { [`${FORMS_FIELD}.title`]: phrase.join(' ') } })), minimum_should_match: 1 } };
}

/** Featured first, then (with q) relevance, then newest posted, then id (open-role-search.rules.ts). */
export const openRoleSortKeys = (filters: OpenRoleFilters): EsSortKey[] => entitySortKeys(OPEN_ROLE_SEARCH, filters);

export const openRoleSort = (filters: OpenRoleFilters): estypes.SortCombinations[] => toEsSort(openRoleSortKeys(filters));

/** Pure: open-role filters to a bool query; open roles whose expiry has passed at `now` never match. */
export const buildOpenRoleQuery = (filters: OpenRoleFilters, now: Date, synonyms?: SynonymSet): Query =>
  buildEntityQuery(OPEN_ROLE_SEARCH, filters, now, synonyms);

export const buildOpenRoleSearchRequest = (filters: OpenRoleFilters, window: PageWindow, now: Date, synonyms?: SynonymSet) =>
  buildEntitySearchRequest(OPEN_ROLE_SEARCH, filters, window, now, synonyms);
