import { z } from 'zod';

/**
 * Every string the directory accepts from outside (query parameters, tool arguments, import records)
 * goes through these rules: Postgres cannot store NUL, control characters have no place in a profile,
 * and a lone surrogate would be silently stored as U+FFFD. Each is refused with a message naming what
 * is wrong, rather than being stripped, so what is stored is exactly what was sent.
 */

// Tab, line feed and carriage return are text; every other control character (C0, DEL, C1) is not.
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u;
// The embeddings, overrides and isolates of the bidirectional algorithm: invisible, they make the text
// around them display in another order (a name shown reversed, a URL that reads as another). The marks
// U+200E and U+200F, which right-to-left text does use, stay allowed.
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

export const TEXT_MESSAGES = {
  control: 'must not contain control characters such as NUL',
  bidi: 'must not contain bidirectional embedding, override or isolate characters (U+202A to U+202E, U+2066 to U+2069), which change how the text around them displays',
  surrogate: 'must be valid Unicode text (it contains a lone surrogate)',
  replacement: 'must be valid UTF-8 (it holds U+FFFD, which marks bytes that were not UTF-8)',
} as const;

/**
 * The problem with a string's characters, or null when it is clean. `decoded`: the value was decoded
 * from bytes by a lenient decoder (a query string, a request body), which turns invalid UTF-8 into
 * U+FFFD; a search for that character is a client's encoding bug, not a query.
 */
export function textProblem(value: string, decoded = false): string | null {
  if (CONTROL_CHARACTER.test(value)) return TEXT_MESSAGES.control;
  if (BIDI_CONTROL.test(value)) return TEXT_MESSAGES.bidi;
  if (!value.isWellFormed()) return TEXT_MESSAGES.surrogate;
  if (decoded && value.includes('\ufffd')) return TEXT_MESSAGES.replacement;
  return null;
}

/** Adds the character rules to a string schema (or a string format such as z.url()). */
export function cleanText<S extends z.ZodString | z.ZodURL>(schema: S, options: { decoded?: boolean } = {}): S {
  return schema.check((ctx) => {
    const problem = textProblem(ctx.value, options.decoded);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value, continue: false });
  }) as S;
}

/** Documented limits of every string and list a record may hold (docs/api.md, "Text rules and limits"). */
export const LIMITS = {
  name: 200,
  title: 200,
  company: 200,
  location: 200,
  designerDescription: 2000,
  openRoleDescription: 5000,
  url: 2048,
  id: 64,
  slug: 120,
  previousRoles: 50,
} as const;

/** Plain text of at most `max` characters (at least one unless min is 0). */
export function plainText(max: number, min = 0) {
  let schema = z.string().max(max, { error: `must be at most ${max} characters` });
  if (min > 0) schema = schema.min(min, { error: min === 1 ? 'must not be empty' : `must be at least ${min} characters` });
  return cleanText(schema);
}

/** An absolute http(s) URL of bounded length, with no user name or password in it. */
export function webUrl() {
  return cleanText(
    z
      .url({ protocol: /^https?$/, error: 'must be an absolute http or https URL' })
      .max(LIMITS.url, { error: `must be at most ${LIMITS.url} characters` })
      // Every URL a record holds is shown to the public: credentials pasted with a link would be published.
      .refine((value) => !hasUserInfo(value), {
        error: 'must not contain a user name or password (the user:password@ part); every link here is public',
        abort: true,
      })
      // Browsers read a backslash as a slash, other URL readers do not: "https://a.example\@b.example" opens
      // a.example and reads as b.example. A link means one place to everyone who reads it.
      .refine((value) => !value.includes('\\'), { error: 'must not contain a backslash (write / in a path, %5C in a query)', abort: true }),
  );
}

function hasUserInfo(value: string): boolean {
  try {
    const url = new URL(value);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}
