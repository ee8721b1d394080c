import type { Designer } from '../domain/designer.schema.ts';
import { tokenize } from '../text/fold.ts';
import { DESIGNER_SEARCH_RULES } from './designer-search.rules.ts';

/**
 * What makes two designers alike, for both engines: the words of their role titles, companies and
 * description, and their category. Names and places are left out (a namesake or a neighbour is not a
 * similar designer).
 */
export const SIMILAR_TEXT_FIELDS = ['titles', 'companies', 'description'] as const satisfies readonly (keyof typeof DESIGNER_SEARCH_RULES.text)[];

/** Words too common to say anything about a designer; Elasticsearch's more_like_this leaves them out too. */
export const SIMILAR_STOP_WORDS: readonly string[] = [
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'has', 'have', 'he', 'her', 'his', 'i', 'in',
  'is', 'it', 'its', 'my', 'of', 'on', 'or', 'our', 'she', 'that', 'the', 'their', 'they', 'this', 'to', 'was',
  'we', 'who', 'with', 'work', 'works', 'working',
];
const STOP = new Set(SIMILAR_STOP_WORDS);

/** At most this many of a designer's words are looked for in others (more_like_this's max_query_terms). */
export const SIMILAR_MAX_WORDS = 40;

/** How the category counts beside the words: a tie-breaker between designers with equally many words in common. */
export const SIMILAR_CATEGORY_BOOST = 0.1;

/** The designer's own words that others are compared on: folded, without stop words, each once, role words first. */
export function similarWords(designer: Pick<Designer, 'description' | 'current_role' | 'previous_roles'>): string[] {
  const words = new Set<string>();
  for (const field of SIMILAR_TEXT_FIELDS) {
    const text = DESIGNER_SEARCH_RULES.text[field].text(designer as Designer);
    for (const value of typeof text === 'string' ? [text] : text) {
      for (const word of tokenize(value)) if (!STOP.has(word) && word.length > 1) words.add(word);
    }
  }
  return [...words].slice(0, SIMILAR_MAX_WORDS);
}
