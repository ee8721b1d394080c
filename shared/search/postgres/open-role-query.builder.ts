import { OPEN_ROLE_COLUMNS, OPEN_ROLE_LISTED_RULE } from '../../domain/open-role.fields.ts';
import type { OpenRoleFilters } from '../../domain/open-role-search.schema.ts';
import { OPEN_ROLE_SELECT } from '../../store/open-role.row.ts';
import { OPEN_ROLE_SEARCH_RULES, PLACEMENT_RANK } from '../open-role-search.rules.ts';
import { OPEN_ROLE_FIELD_WEIGHTS, OPEN_ROLE_FORM_WEIGHTS, OPEN_ROLE_NAMING_WEIGHTS, OPEN_ROLE_PLACE_WEIGHTS, OPEN_ROLE_TITLE_WEIGHT } from './open-role.search-text.ts';
import type { SynonymSet } from '../query-synonyms.ts';
import type { QueryTerms } from './query-terms.ts';
import { entitySearchSpec, entitySortKeys, type PgEntitySearch } from './search-spec.builder.ts';
import type { SearchSpec, SortKey } from './sql-builder.ts';

const PLACEMENT_RANK_SQL = `CASE o.placement ${Object.entries(PLACEMENT_RANK)
  .map(([placement, rank]) => `WHEN '${placement}' THEN ${rank}`)
  .join(' ')} END`;

const OPEN_ROLE_SEARCH: PgEntitySearch<OpenRoleFilters> = {
  rules: OPEN_ROLE_SEARCH_RULES,
  listed: OPEN_ROLE_LISTED_RULE,
  columns: OPEN_ROLE_COLUMNS,
  table: 'open_roles o',
  alias: 'o',
  select: OPEN_ROLE_SELECT,
  search: { table: 'open_role_search', key: 'open_role_id' },
  sortSql: { placement_rank: PLACEMENT_RANK_SQL, posted_at: '(extract(epoch FROM o.posted_at) * 1000000)::bigint' },
  weights: OPEN_ROLE_FIELD_WEIGHTS,
  formWeights: OPEN_ROLE_FORM_WEIGHTS,
  placeWeights: OPEN_ROLE_PLACE_WEIGHTS,
  namingWeights: OPEN_ROLE_NAMING_WEIGHTS,
  titleFormWeight: OPEN_ROLE_TITLE_WEIGHT,
};

/** Featured first, then (with q) relevance, then newest posted, then id (open-role-search.rules.ts). */
export const openRoleSortKeys = (filters: OpenRoleFilters): SortKey[] => entitySortKeys(OPEN_ROLE_SEARCH, filters);

/** Pure: open-role filters to the matching set; only open roles listed at `now` ever match. */
export const openRoleSearchSpec = (filters: OpenRoleFilters, terms: QueryTerms, now: Date, synonyms?: SynonymSet): SearchSpec =>
  entitySearchSpec(OPEN_ROLE_SEARCH, filters, terms, now, synonyms);
