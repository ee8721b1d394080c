import { understandQuery } from './query-words.ts';

/**
 * The rules of search that both engines apply, in engine-neutral form: the Elasticsearch translator and
 * documents and the Postgres builder and search documents read them, never restate them. Each entity
 * declares its own (designer-search.rules.ts, open-role-search.rules.ts); what "listed" means is
 * declared with the entity's fields (shared/domain/*.fields.ts).
 */

/** Whether a search has free text to match and rank by: at least one word once the query is understood. */
export function hasFreeText(q: string | undefined): q is string {
  return understandQuery(q).words.length > 0;
}

/** The keys a documented order is made of; each engine maps them to a field or column of its own. */
export type SortField = 'score' | 'listed_at' | 'posted_at' | 'placement_rank' | 'id';

export interface SortRule {
  field: SortField;
  descending: boolean;
}

export const ascending = (field: SortField): SortRule => ({ field, descending: false });
export const descending = (field: SortField): SortRule => ({ field, descending: true });

/**
 * One free-text field: how much a match in it weighs (1 is the description's weight) and its text, one
 * value or several (each its own value, so a phrase never spans two).
 */
export interface TextField<R> {
  readonly boost: number;
  /**
   * The field holds words of the trade (titles, descriptions): the stems of its words are stored as well,
   * where word forms and synonyms match (shared/text/word-forms.ts). Names, companies and places are never
   * stemmed: Brandt is not brand.
   */
  readonly forms?: boolean;
  /**
   * The field says where the record is (its location and the names of that place): a place a request
   * introduces as one ("in Berlin", "based in the US") earns the place bonus there (QueryWords.places).
   */
  readonly place?: boolean;
  /**
   * The field is prose about the record (descriptions), where any word may be said in passing: a name the
   * request writes is held in the other fields, which name the record, its roles, employers and place
   * (nameOnlyWords).
   */
  readonly prose?: boolean;
  text(record: R): string | string[];
}

/** The free-text fields of an entity, highest weight first: the order each engine lays them out in. */
export type TextFields<R> = Readonly<Record<string, TextField<R>>>;

/** The text of each field, one value or several, as the field declares. */
export type TextOf<F extends TextFields<never>> = { -readonly [K in keyof F]: ReturnType<F[K]['text']> };

/** The fields that hold stems (TextField.forms), with the text of each. */
export type FormsOf<F extends TextFields<never>> = { -readonly [K in keyof F as F[K] extends { forms: true } ? K : never]: ReturnType<F[K]['text']> };

/** The names of the fields that say where the record is (TextField.place). */
export function placeFieldNames(fields: TextFields<never>): string[] {
  return Object.entries(fields).flatMap(([name, field]) => (field.place ? [name] : []));
}

/** The names of the fields that name the record, its roles, employers and place: every field but the prose (TextField.prose). */
export function namingFieldNames(fields: TextFields<never>): string[] {
  return Object.entries(fields).flatMap(([name, field]) => (field.prose ? [] : [name]));
}

/** The names of the fields that hold stems. */
export function formFieldNames(fields: TextFields<never>): string[] {
  return Object.entries(fields).flatMap(([name, field]) => (field.forms ? [name] : []));
}

export function textValues(text: string | string[]): string[] {
  return typeof text === 'string' ? [text] : text;
}

/** The filters every search has: free text and the two word-prefix filters. */
export interface SearchFilters {
  q?: string | undefined;
  location?: string | undefined;
  company?: string | undefined;
}

/**
 * How a search's filters match. `exact`: a stored field of the same name equals the value (in the order
 * they apply). `words`: whole words or word prefixes, in order, over one text field's values.
 */
export interface FilterRules<F, T extends string> {
  readonly exact: readonly (keyof F & string)[];
  readonly words: Readonly<Record<'location' | 'company', T>>;
}

/** Everything an engine needs to search one entity, besides what "listed" means. */
export interface EntitySearchRules<R, F, T extends TextFields<R>> {
  readonly text: T;
  readonly filters: FilterRules<F, keyof T & string>;
  /** The documented order of results, ending in the unique id so pages never repeat or skip a record. */
  order(filters: F): SortRule[];
}
