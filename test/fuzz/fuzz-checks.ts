import { parse as parseQueryString } from 'node:querystring';
import { expect } from 'vitest';

/**
 * Cases per property: modest in CI; `npm run test:fuzz` sets FUZZ_RUNS for the nightly size (see
 * RELIABILITY.md). FUZZ_SEED replays a failure fast-check reported.
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

/** A sent string as the pages write it into HTML (preact escapes &, < and "). */
const htmlEscaped = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');
/** A sent string inside a JSON string. */
const jsonEscaped = (s: string) => JSON.stringify(s).slice(1, -1);
/** A sent string as a page's own address (canonical, og:url, pager links) writes it back: form-encoded. */
const formEncoded = (s: string) => new URLSearchParams([['', s]]).toString().slice(1);

/**
 * Every form in which an answer can write back what it was sent: as sent, in a JSON string, in HTML (text
 * or attribute), JSON inside HTML, and form-encoded in a link or the page's own address.
 */
function echoForms(s: string): string[] {
  return [s, jsonEscaped(s), htmlEscaped(s), htmlEscaped(jsonEscaped(s)), formEncoded(s), htmlEscaped(formEncoded(s))];
}

/**
 * The leaks in an answer. `sent` is the caller's own input: an answer may name what it was sent (a 400
 * names an unknown parameter, whatever that name holds), and a name such as `x.ts` is then no source path
 * of ours. Only echoes that would themselves look like a leak are taken out, in every form an answer
 * writes them (see echoForms), so a short innocent value ("e") never hides a real leak around it.
 */
export function leaksIn(text: string, sent: readonly string[] = []): string[] {
  const looksLikeLeak = (s: string) => LEAKS.some(([, pattern]) => pattern.test(s));
  const echoes = [...new Set(sent.flatMap(echoForms))].filter(looksLikeLeak).sort((a, b) => b.length - a.length);
  let rest = text;
  for (const echo of echoes) rest = rest.replaceAll(echo, '');
  return LEAKS.filter(([, pattern]) => pattern.test(rest)).map(([what]) => what);
}

/** The names and values of a query string as the API's parser (node:querystring, Express' simple parser) reads them. */
export function sentIn(query: string): string[] {
  return Object.entries(parseQueryString(query)).flatMap(([name, value]) => [name, ...[value ?? []].flat()]);
}

/**
 * A REST answer to any input: never 5xx; a 2xx has our success envelope; anything else has our error
 * shape (a 400 names its parameters) and leaks nothing.
 */
export function expectRestAnswer(what: string, status: number, text: string, { sent = [] }: { sent?: readonly string[] } = {}): void {
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
  if (status === 400) {
    expect((body as { details: unknown }).details, `${what}: 400 details`).toEqual(
      expect.arrayContaining([{ parameter: expect.any(String), message: expect.any(String) }]),
    );
  }
  expect(leaksIn(text, sent), `${what} → ${status} leaks: ${text.slice(0, 300)}`).toEqual([]);
}

/**
 * A page or site file's answer to any input: never 5xx, HTML (or the XML of a sitemap) whatever the status,
 * and nothing of the internals, even where the page shows the caller's input back.
 */
export function expectPageAnswer(
  what: string,
  response: { status: number; type: string | null; text: string },
  { sent = [], type = 'text/html; charset=utf-8' }: { sent?: readonly string[]; type?: string } = {},
): void {
  const { status, text } = response;
  expect(status, `${what} → ${status} ${text.slice(0, 300)}`).toBeLessThan(500);
  expect(response.type, `${what} → ${status}`).toBe(status < 300 ? type : 'text/html; charset=utf-8');
  expect(leaksIn(text, sent), `${what} → ${status} leaks: ${text.slice(0, 300)}`).toEqual([]);
}

/** Percent-encodes the UTF-8 bytes of a string (a lone surrogate goes as U+FFFD, as a browser sends it). */
export function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
}
