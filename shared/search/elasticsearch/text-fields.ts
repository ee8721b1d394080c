import { normalizeText } from '../../text/fold.ts';
import type { TextFields, TextOf } from '../search-rules.ts';

/** The free-text fields of a document, folded as both engines fold them, one value or several as declared. */
export function foldedText<R, F extends TextFields<R>>(fields: F, record: R): TextOf<F> {
  const folded: Record<string, string | string[]> = {};
  for (const [name, field] of Object.entries(fields)) {
    const text = field.text(record);
    folded[name] = typeof text === 'string' ? normalizeText(text) : text.map(normalizeText);
  }
  return folded as TextOf<F>;
}

/** The fields with their boosts, as multi_match takes them ("name^3"; a boost of 1 is left implicit). */
export function boostedFields(fields: TextFields<never>): string[] {
  return Object.entries(fields).map(([name, field]) => (field.boost === 1 ? name : `${name}^${field.boost}`));
}
