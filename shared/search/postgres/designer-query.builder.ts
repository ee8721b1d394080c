import type { DesignerFilters } from '../../domain/designer-search.schema.ts';
import { DESIGNER_LISTED, DESIGNER_SELECT } from '../../store/designer.row.ts';
import { DESIGNER_FIELD_WEIGHTS } from './designer-search.document.ts';
import { freeTextSql } from './free-text.sql.ts';
import type { Params, SearchSpec, SortKey } from './sql-builder.ts';
import { understandQuery } from '../query-words.ts';
import { wordPrefixPhraseQuery } from './text-search.ts';

/**
 * Microseconds since the epoch of the listing time: the cursor's exact, engine-neutral form of it. Taken
 * from the UTC wall time (same value) because that form is immutable, so the migration can index it
 * and the newest-first order reads 50 rows from an index instead of sorting every match.
 */
export const LISTED_US = `(extract(epoch FROM (d.created_at AT TIME ZONE 'UTC')) * 1000000)::bigint`;

const LISTED_AT: SortKey = { column: 'listed_us', desc: true, cast: 'bigint' };
const ID: SortKey = { column: 'id', desc: false, cast: 'text' };
const SCORE: SortKey = { column: 'score', desc: true, cast: 'int' };

/** The documented order: with q, relevance then newest listed then id; without, newest listed then id. */
export function designerSortKeys(filters: DesignerFilters): SortKey[] {
  return understandQuery(filters.q).words.length > 0 ? [SCORE, LISTED_AT, ID] : [LISTED_AT, ID];
}

/**
 * Pure: validated designer filters to the matching set (all filters AND), the SQL twin of
 * buildDesignerQuery. Only listed designers (published, opted in) ever match.
 */
export function designerSearchSpec(filters: DesignerFilters, expansions: ReadonlyMap<string, readonly string[]>): SearchSpec {
  return {
    keys: designerSortKeys(filters),
    table: 'designers d',
    alias: 'd',
    select: DESIGNER_SELECT,
    matched: (params: Params) => {
      const where = [DESIGNER_LISTED];
      if (filters.slug) where.push(`d.slug = ${params.add(filters.slug)}`);
      if (filters.id) where.push(`d.id = ${params.add(filters.id)}`);
      if (filters.category) where.push(`d.category = ${params.add(filters.category)}`);
      const location = filters.location ? wordPrefixPhraseQuery(filters.location) : null;
      if (location) where.push(`s.location_tsv @@ ${params.add(location, 'tsquery')}`);
      const company = filters.company ? wordPrefixPhraseQuery(filters.company) : null;
      if (company) where.push(`s.company_tsv @@ ${params.add(company, 'tsquery')}`);
      const text = freeTextSql('s.text_tsv', understandQuery(filters.q), expansions, DESIGNER_FIELD_WEIGHTS, params, { roles: 's.role_tsvs', current: 's.current_role_tsv' });
      if (text) where.push(text.where);
      return `
        SELECT d.id, ${LISTED_US} AS listed_us, ${text ? text.score : '0'} AS score
          FROM designers d LEFT JOIN designer_search s ON s.designer_id = d.id
         WHERE ${where.join(' AND ')}`;
    },
  };
}
