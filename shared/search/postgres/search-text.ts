import { type TextField, type TextFields, textValues } from '../search-rules.ts';
import type { FieldWeights } from './word-matchers.sql.ts';
import { TsvectorBuilder, type Weight } from './text-search.ts';

/** What the Postgres engine stores for one record: tsvector literals and the words for the vocabulary. */
export interface SearchText {
  text: string;
  location: string;
  company: string;
  /** The free-text words, where misspelt query words look for their candidates. */
  terms: string[];
  /** Designers only: one tsvector per role (title and company), current role first. */
  roles?: string[];
  /** Designers only: the current role's tsvector, empty without one. */
  currentRole?: string;
}

/**
 * How an entity's free-text fields are laid out in its text_tsv: the tsvector weight of each field. This
 * is the stored format (changing it needs the stored text recomputed); what a weight is worth comes from
 * the fields' boosts (search rules).
 */
export type TsvectorLayout<F extends TextFields<never>> = Readonly<Record<keyof F, Weight>>;

/** Scores are integers (a sort key): boosts scale by this, so the lowest boost (0.5) is one point. */
export const POINTS_PER_BOOST = 2;

/** Relevance points of each weight, from the boosts of the fields laid out at it. */
export function fieldWeights<F extends TextFields<never>>(fields: F, layout: TsvectorLayout<F>): FieldWeights {
  const points = new Map<Weight, number>();
  for (const [name, field] of Object.entries(fields)) {
    const weight = layout[name as keyof F];
    const value = field.boost * POINTS_PER_BOOST;
    if (!Number.isInteger(value)) throw new Error(`the boost of ${name} is not a whole number of points`);
    if ((points.get(weight) ?? value) !== value) throw new Error(`fields at weight ${weight} must share one boost`);
    points.set(weight, value);
  }
  return Object.fromEntries([...points].sort(([a], [b]) => (a < b ? -1 : 1))) as FieldWeights;
}

/**
 * The weights holding the fields that say where the record is (TextField.place), where a place the request
 * names earns its bonus. A weight shared with another field would let that field's words earn it: refused.
 */
export function placeWeights<F extends TextFields<never>>(fields: F, layout: TsvectorLayout<F>): string {
  return weightsOnlyOf(fields, layout, (field) => field.place === true, 'a place field');
}

/**
 * The weights of the fields that name the record, its roles, employers and place (every field but the prose,
 * TextField.prose), where a name the request writes is held. A prose field sharing one would hold names in
 * passing: refused.
 */
export function namingWeights<F extends TextFields<never>>(fields: F, layout: TsvectorLayout<F>): string {
  return weightsOnlyOf(fields, layout, (field) => field.prose !== true, 'a field that names the record');
}

/** The weights of the fields `picked` selects, as tsquery weight letters; a weight another field shares is refused. */
function weightsOnlyOf<F extends TextFields<never>>(fields: F, layout: TsvectorLayout<F>, picked: (field: TextField<never>) => boolean, what: string): string {
  const letters = new Set(Object.entries(fields).flatMap(([name, field]) => (picked(field) ? [layout[name as keyof F]] : [])));
  for (const [name, field] of Object.entries(fields)) {
    if (!picked(field) && letters.has(layout[name as keyof F])) throw new Error(`${name} shares weight ${layout[name as keyof F]} with ${what}`);
  }
  return [...letters].sort().join('');
}

/** The weights whose fields hold stems (TextField.forms), as tsquery weight letters ("BC"). */
export function formWeights<F extends TextFields<never>>(fields: F, layout: TsvectorLayout<F>): string {
  const letters = new Set(Object.entries(fields).flatMap(([name, field]) => (field.forms ? [layout[name as keyof F]] : [])));
  return [...letters].sort().join('');
}

/**
 * The search document of one record, the twin of its Elasticsearch document: the same fields, the same
 * folding, in the order the rules list them. `words` names the text fields of the location and company
 * filters.
 */
export function toSearchText<R, F extends TextFields<R>>(
  fields: F,
  layout: TsvectorLayout<F>,
  words: Readonly<Record<'location' | 'company', keyof F & string>>,
  record: R,
): SearchText {
  const text = new TsvectorBuilder();
  for (const [name, field] of Object.entries(fields)) text.add(textValues(field.text(record)), layout[name as keyof F], { forms: field.forms });
  const wordsOf = (name: keyof F & string) => new TsvectorBuilder().add(textValues(fields[name]!.text(record))).toString();
  return { text: text.toString(), location: wordsOf(words.location), company: wordsOf(words.company), terms: text.words() };
}
