import type { Designer } from '../../domain/designer.schema.ts';
import { SUGGESTION_KINDS } from '../../domain/suggest.schema.ts';
import { DESIGNER_SELECT } from '../../store/designer.row.ts';
import { SIMILAR_CATEGORY_BOOST, similarWords } from '../similar-designers.rules.ts';
import { DESIGNER_ROLE_WEIGHT } from './designer.search-text.ts';
import { anyOf, lexeme } from './text-search.ts';

export interface Statement {
  sql: string;
  params: unknown[];
}

/** The weights of the similar fields in designer_search.text_tsv: titles and companies (B) and description (C). */
const SIMILAR_WEIGHTS = `${DESIGNER_ROLE_WEIGHT}C`;

/**
 * Pure: the Postgres twin of more_like_this. The designer's own words of titles, companies and description
 * (similarWords) as one OR query restricted to those fields' weights, ranked by ts_rank (role words count
 * five times description words, as names and places count nothing), plus the same category bonus as
 * Elasticsearch; listed designers only, never the designer itself; ties newest listed first, then id.
 * Null when the designer has no telling word: then only the category speaks.
 */
export function similarDesignersStatement(designer: Pick<Designer, 'id' | 'category' | 'description' | 'current_role' | 'previous_roles'>, limit: number): Statement {
  const words = similarWords(designer);
  const query = words.length ? anyOf(words.map((w) => lexeme(w, { weights: SIMILAR_WEIGHTS }))) : null;
  // ts_rank's weights are {D, C, B, A}: location, description, role words, name.
  const rank = query ? `ts_rank('{0, 0.2, 1, 0}', s.text_tsv, $4::tsquery)` : '0';
  const match = query ? 's.text_tsv @@ $4::tsquery' : 'false';
  return {
    sql: `SELECT ${DESIGNER_SELECT}
            FROM designer_search s JOIN designers d ON d.id = s.designer_id
           WHERE s.listed AND s.designer_id <> $1 AND (${match})
           ORDER BY ${rank} + CASE WHEN s.category = $2 THEN ${SIMILAR_CATEGORY_BOOST} ELSE 0 END DESC, s.listed_us DESC, s.designer_id
           LIMIT $3`,
    params: query ? [designer.id, designer.category, limit, query] : [designer.id, designer.category, limit],
  };
}

/** A LIKE pattern for a literal prefix. */
function prefixPattern(word: string): string {
  return `${word.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * Pure: completions of one folded word as SQL over designer_suggest_words. A prefix range of the word index,
 * joined to the listed flag; each (word, kind) counts its listed designers. Ordered as rankSuggestions orders.
 */
export function suggestStatement(word: string, limit: number): Statement {
  return {
    sql: `SELECT w.word AS text, w.kind, count(*)::int AS count
            FROM designer_suggest_words w JOIN designer_search s ON s.designer_id = w.designer_id
           WHERE w.word LIKE $1 AND s.listed
           GROUP BY w.word, w.kind
           ORDER BY count(*) DESC, w.word, array_position($2::text[], w.kind)
           LIMIT $3`,
    params: [prefixPattern(word), [...SUGGESTION_KINDS], limit],
  };
}
