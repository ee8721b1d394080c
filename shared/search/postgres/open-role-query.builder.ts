import type { OpenRoleFilters } from '../../domain/open-role-search.schema.ts';
import { OPEN_ROLE_PUBLISHED, OPEN_ROLE_SELECT } from '../../store/open-role.row.ts';
import { freeTextSql } from './free-text.sql.ts';
import { OPEN_ROLE_FIELD_WEIGHTS } from './open-role-search.document.ts';
import type { Params, SearchSpec, SortKey } from './sql-builder.ts';
import { understandQuery } from '../query-words.ts';
import { wordPrefixPhraseQuery } from './text-search.ts';

const PLACEMENT: SortKey = { column: 'placement_rank', desc: false, cast: 'int' };
const SCORE: SortKey = { column: 'score', desc: true, cast: 'int' };
const POSTED_AT: SortKey = { column: 'posted_us', desc: true, cast: 'bigint' };
const ID: SortKey = { column: 'id', desc: false, cast: 'text' };

/** Featured first, then (with q) relevance, then newest posted, then id. */
export function openRoleSortKeys(filters: OpenRoleFilters): SortKey[] {
  return understandQuery(filters.q).words.length > 0 ? [PLACEMENT, SCORE, POSTED_AT, ID] : [PLACEMENT, POSTED_AT, ID];
}

/** Pure: open-role filters to the matching set, the SQL twin of buildOpenRoleQuery; expired listings never match. */
export function openRoleSearchSpec(
  filters: OpenRoleFilters,
  expansions: ReadonlyMap<string, readonly string[]>,
  now: Date,
): SearchSpec {
  return {
    keys: openRoleSortKeys(filters),
    table: 'open_roles o',
    alias: 'o',
    select: OPEN_ROLE_SELECT,
    matched: (params: Params) => {
      const where = [OPEN_ROLE_PUBLISHED, `o.expires_at > ${params.add(now.toISOString(), 'timestamptz')}`];
      if (filters.category) where.push(`o.category = ${params.add(filters.category)}`);
      if (filters.employment_type) where.push(`o.employment_type = ${params.add(filters.employment_type)}`);
      if (filters.remote !== undefined) where.push(`o.remote = ${params.add(filters.remote, 'boolean')}`);
      const location = filters.location ? wordPrefixPhraseQuery(filters.location) : null;
      if (location) where.push(`s.location_tsv @@ ${params.add(location, 'tsquery')}`);
      const company = filters.company ? wordPrefixPhraseQuery(filters.company) : null;
      if (company) where.push(`s.company_tsv @@ ${params.add(company, 'tsquery')}`);
      const text = freeTextSql('s.text_tsv', understandQuery(filters.q), expansions, OPEN_ROLE_FIELD_WEIGHTS, params);
      if (text) where.push(text.where);
      return `
        SELECT o.id, CASE o.placement WHEN 'featured' THEN 0 ELSE 1 END AS placement_rank,
               ${text ? text.score : '0'} AS score, (extract(epoch FROM o.posted_at) * 1000000)::bigint AS posted_us
          FROM open_roles o LEFT JOIN open_role_search s ON s.open_role_id = o.id
         WHERE ${where.join(' AND ')}`;
    },
  };
}
