import { describe, expect, test } from 'vitest';
import { leaksIn, sentIn } from './fuzz-checks.ts';

describe('the fuzzers leak check', () => {
  test('a parameter name the caller sent, echoed in a 400, is no leak, even when it reads like a source path', () => {
    const name = "2Cd.ts;B&$i4E";
    const body = JSON.stringify({ success: false, error: `Invalid parameters: ${name}: is not a known parameter`, details: [{ parameter: name, message: 'is not a known parameter' }] });
    expect(leaksIn(body)).toEqual(['source path']);
    expect(leaksIn(body, [name])).toEqual([]);
  });

  test('a sent string is taken out as JSON writes it too (quotes and backslashes escaped)', () => {
    const name = 'a"b\\c.ts';
    expect(leaksIn(JSON.stringify({ error: `${name}: is not a known parameter` }), [name])).toEqual([]);
  });

  test('a sent value is taken out as a page writes it back: in HTML, JSON inside HTML, and form-encoded in its own address', () => {
    const value = 'x"\\<K.ts;\'(>';
    const page = [
      `<input value="x&quot;\\&lt;K.ts;'(>"/>`,
      `<p>x\\&quot;\\\\&lt;K.ts;'(></p>`,
      `<meta property="og:url" content="https://directory.example/open-roles?employment_type=x%22%5C%3CK.ts%3B%27%28%3E&amp;q=a"/>`,
    ].join('');
    expect(leaksIn(page)).toEqual(['source path']);
    expect(leaksIn(page, [value])).toEqual([]);
  });

  test('our own internals around an echo are still found', () => {
    const body = JSON.stringify({ error: 'x.ts: is not a known parameter', detail: 'at handler (/work/app/services/api/app.ts:12:3)' });
    expect(leaksIn(body, ['x.ts'])).toEqual(['stack frame', 'source path']);
  });

  test('a short innocent value the caller sent never hides a leak', () => {
    expect(leaksIn('{"error":"elasticsearch timed out"}', ['e', 'elastic'])).toEqual(['engine name']);
  });

  test('sentIn reads a query string as the API parser does: decoded names and every repeated value', () => {
    expect(sentIn('a%2Ets=1&cursor=x&cursor=%zz&q=a+b')).toEqual(['a.ts', '1', 'cursor', 'x', '%zz', 'q', 'a b']);
  });
});
