import { z } from 'zod';
import { tokenize } from '../text/fold.ts';
import { countParam, countQueryParam } from './similar-designers.schema.ts';
import { cleanText } from './text.schema.ts';

export const SUGGEST_LIMIT = { default: 8, max: 8 } as const;
export const MAX_SUGGEST_Q_LENGTH = 100;

/** Where a completion's word was found: a designer's name, a role title, a company or a place. */
export const SUGGESTION_KINDS = ['name', 'title', 'company', 'place'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

const LIMIT_DOC = `How many completions, 1 to ${SUGGEST_LIMIT.max}. Default ${SUGGEST_LIMIT.default}.`;
const LIMIT_PROBLEM = `must be an integer from 1 to ${SUGGEST_LIMIT.max}`;

const q = cleanText(
  z
    .string({ error: 'must be given once, as the text typed so far' })
    .trim()
    // One problem per value: past a bound, whether it holds a word is beside the point.
    .min(1, { error: `is required: the text typed so far, 1 to ${MAX_SUGGEST_Q_LENGTH} characters`, abort: true })
    .max(MAX_SUGGEST_Q_LENGTH, { error: `must be at most ${MAX_SUGGEST_Q_LENGTH} characters`, abort: true })
    .refine((value) => tokenize(value).length > 0, { error: 'must contain a letter or a digit: its last word is what is completed', abort: true }),
  { decoded: true },
).describe(`The text typed so far (1 to ${MAX_SUGGEST_Q_LENGTH} characters); its last word is completed, accents and case folded.`);

/** GET /api/v1/suggest, as its query string arrives. */
export const SuggestQuerySchema = z
  .strictObject({ q, limit: countQueryParam(SUGGEST_LIMIT.max, LIMIT_DOC, LIMIT_PROBLEM).optional() })
  .meta({ id: 'SuggestQuery' });

/** The same request as typed values. */
export const SuggestSchema = z.strictObject({ q, limit: countParam(SUGGEST_LIMIT.max, LIMIT_DOC, LIMIT_PROBLEM).optional() });
export type SuggestRequest = z.output<typeof SuggestSchema>;

export const SuggestionSchema = z
  .strictObject({
    text: z.string().describe('The completed word, folded as search folds it (lower case, no accents).'),
    kind: z.enum(SUGGESTION_KINDS).describe('Where the word occurs: a name, a role title, a company or a place.'),
    count: z.int().positive().describe('Exact number of listed designers whose field of this kind holds the word.'),
  })
  .meta({ id: 'Suggestion' });
export type Suggestion = z.infer<typeof SuggestionSchema>;

export const SuggestResponseSchema = z
  .strictObject({
    success: z.literal(true),
    data: z.array(SuggestionSchema).describe('Completions of the last word, most designers first, then by text, then by kind.'),
  })
  .meta({ id: 'SuggestList' });

/** The word a suggestion completes: the last word of q, folded. */
export function lastWord(text: string): string {
  return tokenize(text).at(-1) ?? '';
}
