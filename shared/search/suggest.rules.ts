import { SUGGESTION_KINDS, type Suggestion, type SuggestionKind } from '../domain/suggest.schema.ts';
import { tokenize } from '../text/fold.ts';
import { type DesignerTextSource, designerRoles } from './designer-search.rules.ts';
import { locationNames } from './location-names.ts';

/**
 * Type-ahead, for both engines: the words a designer offers for completion, by kind, and the one order
 * completions are served in. A place's words are those of every name search knows it by ("Munich, DE" is
 * also Germany, Deutschland, Europe), so a completion offered is one the location search then matches.
 */
const SOURCES: Record<SuggestionKind, (d: DesignerTextSource) => string[]> = {
  name: (d) => [d.name],
  title: (d) => designerRoles(d).map((r) => r.role.title),
  company: (d) => designerRoles(d).map((r) => r.role.company),
  place: (d) => locationNames(d.location),
};

/** Longer tokens are not words anyone types to completion; they would only bloat the keyword fields. */
const MAX_WORD_LENGTH = 64;

/** Each kind's distinct folded words of one designer: what Elasticsearch stores as keywords and Postgres as rows. */
export function suggestWords(designer: DesignerTextSource): Record<SuggestionKind, string[]> {
  const words = {} as Record<SuggestionKind, string[]>;
  for (const kind of SUGGESTION_KINDS) {
    const unique = new Set(SOURCES[kind](designer).flatMap(tokenize).filter((w) => w.length <= MAX_WORD_LENGTH));
    words[kind] = [...unique].sort();
  }
  return words;
}

/** Binary order of the words, as Elasticsearch orders keywords and Postgres orders text in the "C" collation. */
function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** The served order: most designers first, then the word, then the kind; the first `limit`. */
export function rankSuggestions(suggestions: readonly Suggestion[], limit: number): Suggestion[] {
  return [...suggestions]
    .sort((a, b) => b.count - a.count || compareBytes(a.text, b.text) || SUGGESTION_KINDS.indexOf(a.kind) - SUGGESTION_KINDS.indexOf(b.kind))
    .slice(0, limit);
}
