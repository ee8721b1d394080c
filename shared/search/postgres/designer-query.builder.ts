import { DESIGNER_COLUMNS, DESIGNER_LISTED_RULE } from '../../domain/designer.fields.ts';
import type { DesignerFilters } from '../../domain/designer-search.schema.ts';
import { listedSql } from '../../store/column.sql.ts';
import { DESIGNER_SELECT } from '../../store/designer.row.ts';
import { DESIGNER_SEARCH_RULES } from '../designer-search.rules.ts';
import { DESIGNER_COMPANY_WEIGHTS, DESIGNER_FIELD_WEIGHTS, DESIGNER_FORM_WEIGHTS, DESIGNER_NAMING_WEIGHTS, DESIGNER_PLACE_WEIGHTS, DESIGNER_ROLE_WEIGHT } from './designer.search-text.ts';
import type { SynonymSet } from '../query-synonyms.ts';
import { factsToLookUp } from '../reading-facts.ts';
import { ROLE_COMPANY_WEIGHT } from './role-bonus.sql.ts';
import { allOf, lexeme } from './text-search.ts';
import type { QueryTerms } from './query-terms.ts';
import { entitySearchSpec, entitySortKeys, type PgEntitySearch } from './search-spec.builder.ts';
import { Params, type SearchSpec, type SortKey, type Statement } from './sql-builder.ts';

/**
 * Microseconds since the epoch of listed_at: the cursor's exact, engine-neutral form of it. Taken
 * from the UTC wall time (same value) because that form is immutable. The search-text upkeep copies it onto
 * the search row (listed_us), whose index serves the newest-first order: 50 rows read in order instead of
 * every match sorted.
 */
export const LISTED_US = `(extract(epoch FROM (d.listed_at AT TIME ZONE 'UTC')) * 1000000)::bigint`;

/**
 * The designer's own columns its search row carries as well (migration designer-search-listing), as SQL over
 * the designer row `d`: written by the search-text upkeep, read by the search below.
 */
export const DESIGNER_SEARCH_ROW_COPIES = {
  category: 'd.category',
  listed: listedSql(DESIGNER_LISTED_RULE, 'd'),
  listed_us: LISTED_US,
} as const;

const DESIGNER_SEARCH: PgEntitySearch<DesignerFilters> = {
  rules: DESIGNER_SEARCH_RULES,
  listed: DESIGNER_LISTED_RULE,
  columns: DESIGNER_COLUMNS,
  table: 'designers d',
  alias: 'd',
  select: DESIGNER_SELECT,
  search: { table: 'designer_search', key: 'designer_id' },
  sortSql: { listed_at: 's.listed_us' satisfies `s.${keyof typeof DESIGNER_SEARCH_ROW_COPIES}` },
  weights: DESIGNER_FIELD_WEIGHTS,
  formWeights: DESIGNER_FORM_WEIGHTS,
  placeWeights: DESIGNER_PLACE_WEIGHTS,
  namingWeights: DESIGNER_NAMING_WEIGHTS,
  toolWeights: DESIGNER_COMPANY_WEIGHTS,
  roleColumns: { roles: 's.role_tsvs', current: 's.current_role_tsv', textWeight: DESIGNER_ROLE_WEIGHT },
  onSearchRow: { listed: 's.listed' satisfies `s.${keyof typeof DESIGNER_SEARCH_ROW_COPIES}`, exact: ['category'] satisfies (keyof typeof DESIGNER_SEARCH_ROW_COPIES)[] },
};

/** The documented order (designer-search.rules.ts) as keyset keys. */
export const designerSortKeys = (filters: DesignerFilters): SortKey[] => entitySortKeys(DESIGNER_SEARCH, filters);

/** Pure: validated designer filters to the matching set; only listed designers ever match. */
export const designerSearchSpec = (filters: DesignerFilters, terms: QueryTerms, synonyms?: SynonymSet): SearchSpec =>
  entitySearchSpec(DESIGNER_SEARCH, filters, terms, undefined, synonyms);

/**
 * Pure: whether a listed designer holds what the request may rank by rather than require, as one statement
 * with a row of `employer_held` and `place_held`: a role's company holding every naming word of its employer
 * (preferableEmployer), a location holding every word of its place (preferablePlace), each null where the
 * request names none; null when it names neither. Its answer is ReadingFacts. The Elasticsearch engine's
 * buildFactRequests is its twin.
 */
export function factStatement(filters: DesignerFilters, synonyms?: SynonymSet): Statement | null {
  const { employer: naming, place } = factsToLookUp(filters.q, synonyms);
  if (!naming && !place) return null;
  const params = new Params();
  const exists = (where: string) => `EXISTS (SELECT 1 FROM designer_search s WHERE s.listed AND ${where})`;
  // Every company of the row first (its index finds the rows), then one role's company alone.
  const employer = naming
    ? exists(`s.company_tsv @@ ${params.add(allOf(naming.map((word) => lexeme(word))), 'tsquery')}
       AND EXISTS (SELECT 1 FROM unnest(s.role_tsvs) AS r WHERE r @@ ${params.add(allOf(naming.map((word) => lexeme(word, { weights: ROLE_COMPANY_WEIGHT }))), 'tsquery')})`)
    : 'NULL';
  const located = place ? exists(`s.location_tsv @@ ${params.add(allOf(place.map((word) => lexeme(word))), 'tsquery')}`) : 'NULL';
  return { sql: `SELECT ${employer} AS employer_held, ${located} AS place_held`, params: params.values };
}
