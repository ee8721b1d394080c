import { z } from 'zod';
import { tokenize } from '../text/fold.ts';
import { queryCostProblem, queryLimitsText } from '../text/query-cost.rules.ts';
import { choiceMessage } from './choice-message.ts';
import { cleanText } from './text.schema.ts';

/**
 * Building blocks for the search parameters. Every parameter arrives either as a JSON value (MCP tools)
 * or as one query-string value (REST); both transports share the field definitions built here, and only
 * the encoding of numbers and booleans differs.
 */

function once(expected: string) {
  return (issue: { input?: unknown }) =>
    Array.isArray(issue.input) ? 'must be given at most once, not repeated' : `must be ${expected}`;
}

/** How a location parameter matches, for designers and open roles, in OpenAPI and the MCP input schemas alike. */
export const LOCATION_PARAM_DESCRIPTION =
  'Location, matched by whole words or word prefixes in order: a country code ("US") or name ("Germany", "Deutschland", "Allemagne"), a city ("NYC", "Munich", "München", "Londres"), a region ("Europe", "EMEA", "APAC", "LATAM"), or "remote". A code of one or two letters alone is the country or city it stands for: "DE" is Germany, not Denmark.';

/**
 * Text matched by its words (q, location, company): a value with no letter or digit in it has nothing to
 * match, so it is refused rather than read as no filter, which would answer every record to `q=🎨` or
 * `location=*` as if it matched. Blank is the parameter left out (an empty search box).
 * Its cost is bounded on the words the engines match, after folding (queryCostProblem), so every engine
 * refuses the same values with the same message.
 */
export function textParam(max: number, description: string) {
  return cleanText(
    z
      .string({ error: once('a string') })
      .trim()
      .max(max, { error: `must be at most ${max} characters` })
      .refine((value) => value === '' || tokenize(value).length > 0, {
        error: 'must contain a letter or a digit: words are what is matched (leave it out to match everything)',
      })
      .superRefine((value, ctx) => {
        // Past the character limit the value is already refused, by that limit alone.
        if (value.length > max) return;
        const problem = queryCostProblem(value, max);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
      }),
    { decoded: true },
  ).describe(`${description} ${queryLimitsText(max)}`);
}

/** One of `values`; a refused value is answered with the one meant, if close or a well-known word for one (`words`). */
export function enumParam<const T extends readonly [string, ...string[]]>(values: T, description: string, words: Readonly<Record<string, string>> = {}) {
  return z
    .enum(values, { error: (issue) => (Array.isArray(issue.input) ? once('')(issue) : choiceMessage(values, issue.input, words)) })
    .describe(description);
}

/** A non-negative integer, as JSON. */
export function intParam(description: string) {
  return z
    .int({ error: once('a non-negative integer') })
    .min(0, { error: 'must be a non-negative integer' })
    .max(1_000_000_000, { error: 'must be at most 1000000000' })
    .describe(description);
}

/** A non-negative integer, as a query-string value. */
export function intQueryParam(description: string) {
  return z
    .string({ error: once('a non-negative integer') })
    .regex(/^\d+$/, { error: 'must be a non-negative integer' })
    // However many digits: past the bound it is refused as too large, not as no integer.
    .transform((digits) => Math.min(Number(digits), Number.MAX_SAFE_INTEGER))
    .pipe(intParam(description))
    // The generator documents a transformed string by its input type; the parameter is an integer.
    .meta({ description, type: 'integer', minimum: 0, maximum: 1_000_000_000 });
}

export function boolParam(description: string) {
  return z.boolean({ error: once('true or false') }).describe(description);
}

export function boolQueryParam(description: string) {
  return z
    .enum(['true', 'false'], { error: once('true or false') })
    .transform((v) => v === 'true')
    .meta({ description, type: 'boolean' });
}

/**
 * The query of an endpoint that takes no parameters (a profile by slug): anything given is refused by
 * name, as on the list endpoints, instead of being silently ignored (`?fields=name` would look as if it
 * worked).
 */
export const NoQueryParamsSchema = z.strictObject({});

export const CursorParam = z
  .string({ error: once("a cursor string: the previous page's next_cursor") })
  .min(1)
  .max(8192, { error: 'is not a valid cursor' })
  .describe("Opaque cursor: the previous page's next_cursor (meta.next_cursor in the REST answer); walks results past the offset window.");
