import { expect } from 'vitest';

/**
 * Cases per property: modest in CI; `npm run test:fuzz` sets FUZZ_RUNS for the nightly size (see
 * README). FUZZ_SEED replays a failure fast-check reported.
 */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 60);
export const fuzzParams = {
  numRuns: FUZZ_RUNS,
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
  endOnFailure: true,
};
/** Generous: a property's cases run one after another over HTTP. */
export const FUZZ_TIMEOUT_MS = 60_000 + FUZZ_RUNS * 60;

/** Internals an error must never show: stack frames, source paths, SQL, engine names and exception types. */
const LEAKS: [string, RegExp][] = [
  // A V8 frame: "at fn (file:line:col)" or "at file:line:col". Not "at most 200 ... 17:53:51" in data.
  ['stack frame', /\bat (?:async )?[\w.<>$[\] ]+ \([^()]*:\d+:\d+\)|\bat (?:file:\/\/|\/|node:)[^\s()]+:\d+:\d+/],
  ['source path', /(\/(work|home|usr|tmp|var|opt|srv)\/|node_modules|\.ts\b|\.m?js:\d)/],
  ['SQL', /\b(SELECT|INSERT|UPDATE|DELETE)\b[\s\S]*\b(FROM|INTO|SET|WHERE)\b|syntax error at or near|\brelation "|\bcolumn "|invalid byte sequence|unsupported Unicode escape/],
  ['engine name', /elasticsearch|opensearch|postgres|pglite|lucene|\bredis\b|bullmq/i],
  ['exception type', /_exception\b|\b(TypeError|RangeError|ReferenceError|SyntaxError|ZodError)\b|Cannot read propert|is not a function|undefined is not|\[object Object\]/],
];

export function leaksIn(text: string): string[] {
  return LEAKS.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);
}

/**
 * A REST answer to any input: never 5xx; a 2xx has our success envelope; anything else has our error
 * shape (a 400 names its parameters; a path that is not even valid URL encoding has none to name) and
 * leaks nothing.
 */
export function expectRestAnswer(what: string, status: number, text: string, { requireDetails = true } = {}): void {
  expect(status, `${what} → ${status} ${text.slice(0, 300)}`).toBeLessThan(500);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${what} → ${status}, not JSON: ${text.slice(0, 200)}`);
  }
  if (status < 300) {
    expect(body, what).toMatchObject({ success: true });
    return;
  }
  expect(body, `${what} → ${status}`).toMatchObject({ success: false, error: expect.any(String) });
  if (status === 400 && (requireDetails || 'details' in (body as object))) {
    expect((body as { details: unknown }).details, `${what}: 400 details`).toEqual(
      expect.arrayContaining([{ parameter: expect.any(String), message: expect.any(String) }]),
    );
  }
  expect(leaksIn(text), `${what} → ${status} leaks: ${text.slice(0, 300)}`).toEqual([]);
}

/** Percent-encodes the UTF-8 bytes of a string (a lone surrogate goes as U+FFFD, as a browser sends it). */
export function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
}
