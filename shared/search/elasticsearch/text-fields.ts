import { normalizeText, tokenize } from '../../text/fold.ts';
import { textForms } from '../../text/word-forms.ts';
import { type FormsOf, formFieldNames, type TextFields, type TextOf } from '../search-rules.ts';

/** The free-text fields of a document, folded as both engines fold them, one value or several as declared. */
export function foldedText<R, F extends TextFields<R>>(fields: F, record: R): TextOf<F> {
  const folded: Record<string, string | string[]> = {};
  for (const [name, field] of Object.entries(fields)) {
    const text = field.text(record);
    folded[name] = typeof text === 'string' ? normalizeText(text) : text.map(normalizeText);
  }
  return folded as TextOf<F>;
}

/** The document field holding the stems of the fields that have forms (`forms.titles`, `forms.description`). */
export const FORMS_FIELD = 'forms';

/** The stems of the fields that have forms, word for word (positions kept, so phrases of stems match): textForms. */
export function stemmedText<R, F extends TextFields<R>>(fields: F, record: R): FormsOf<F> {
  const stems = (text: string) => textForms(tokenize(text)).join(' ');
  const stemmed: Record<string, string | string[]> = {};
  for (const name of formFieldNames(fields)) {
    const text = fields[name]!.text(record);
    stemmed[name] = typeof text === 'string' ? stems(text) : text.map(stems);
  }
  return stemmed as FormsOf<F>;
}

/** The stemmed fields with their boosts, as multi_match takes them ("forms.titles^2"). */
export function boostedFormFields(fields: TextFields<never>): string[] {
  return formFieldNames(fields).map((name) => {
    const { boost } = fields[name]!;
    return boost === 1 ? `${FORMS_FIELD}.${name}` : `${FORMS_FIELD}.${name}^${boost}`;
  });
}

/** The fields with their boosts, as multi_match takes them ("name^3"; a boost of 1 is left implicit). */
export function boostedFields(fields: TextFields<never>): string[] {
  return Object.entries(fields).map(([name, field]) => (field.boost === 1 ? name : `${name}^${field.boost}`));
}
