import { z } from 'zod';
import { readRequest } from './query-reading.ts';
import { type ConceptSpan, conceptSpans, preferableEmployer, preferablePlace, type SynonymSet, withEmployerPreferred } from './query-synonyms.ts';
import { type QueryWords, understandQuery } from './query-words.ts';

/**
 * What a search looks up in the directory before an engine reads its request: facts of the data the request
 * alone cannot tell. Both engines read a request with the same facts the same way (readWithFacts); a fact not
 * looked up is absent, and the request reads as typed. A walk's cursor carries the facts its first page read,
 * so every page reads the request as that page did.
 */
export const ReadingFactsSchema = z.strictObject({
  /**
   * A role's company in the directory holds the employer the request may rank by (preferableEmployer): the
   * request ranks by it rather than requiring it.
   */
  employerHeld: z.boolean().optional(),
  /**
   * A designer's location holds the place the request may rank by (preferablePlace): the request ranks by it
   * rather than requiring it (ranksPlace).
   */
  placeHeld: z.boolean().optional(),
});
export type ReadingFacts = z.infer<typeof ReadingFactsSchema>;

/** The facts looked up, for a cursor to carry; undefined when none was. Pure. */
export function factsToCarry({ employerHeld, placeHeld }: ReadingFacts): ReadingFacts | undefined {
  if (employerHeld === undefined && placeHeld === undefined) return undefined;
  return { ...(employerHeld !== undefined ? { employerHeld } : {}), ...(placeHeld !== undefined ? { placeHeld } : {}) };
}

/**
 * What a search looks up for request `q` (ReadingFacts), by the words a record holds to meet it: the naming
 * words of the employer it may rank by (preferableEmployer) and the words of the place (preferablePlace), each
 * null where it names none. Each engine asks its store whether a listed designer holds them. Pure.
 */
export function factsToLookUp(q: string | undefined, synonyms?: SynonymSet): { employer: string[] | null; place: string[] | null } {
  const { q: read } = readRequest(q);
  const query = understandQuery(read);
  // Both ask for an employer: most requests name none, and need no reading of their concepts.
  if (query.employerWords.length === 0) return { employer: null, place: null };
  const concepts = conceptSpans(read, synonyms);
  return { employer: preferableEmployer(query, concepts, synonyms), place: preferablePlace(query, concepts, synonyms) };
}

/** The request as the engines search it, with the facts looked up. Pure. */
export function readWithFacts(query: QueryWords, concepts: readonly ConceptSpan[], synonyms: SynonymSet, facts: ReadingFacts): QueryWords {
  return facts.employerHeld && preferableEmployer(query, concepts, synonyms) ? withEmployerPreferred(query) : query;
}

/**
 * The place every match would hold (placeOnlyWords) ranks instead, with the facts looked up: no match need
 * hold it, and it still scores where the designer is and earns PLACE_BONUS_WORDS there. Pure.
 */
export function ranksPlace(query: QueryWords, concepts: readonly ConceptSpan[], synonyms: SynonymSet, facts: ReadingFacts): boolean {
  return (facts.placeHeld ?? false) && preferablePlace(query, concepts, synonyms) !== null;
}
