import { describe, expect, it } from 'vitest';
import { pastInstant } from './instant.schema.ts';
import { textParam } from './query-param.schema.ts';
import { plainText, TEXT_MESSAGES, textProblem, webUrl } from './text.schema.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('text rules for every public string', () => {
  it.each([
    ['NUL', 'a\u0000b', TEXT_MESSAGES.control],
    ['BEL', 'a\u0007', TEXT_MESSAGES.control],
    ['DEL', 'a\u007f', TEXT_MESSAGES.control],
    ['a C1 control (a Windows-1252 quote read as Latin-1)', 'O\u0092Brien', TEXT_MESSAGES.control],
    ['a right-to-left override', '\u202eevil\u202c Amira', TEXT_MESSAGES.bidi],
    ['a left-to-right embedding', 'a\u202ab', TEXT_MESSAGES.bidi],
    ['an isolate', 'a\u2067b\u2069', TEXT_MESSAGES.bidi],
    ['a lone high surrogate', 'a\ud800', TEXT_MESSAGES.surrogate],
    ['a lone low surrogate', '\udc00b', TEXT_MESSAGES.surrogate],
  ])('refuses %s', (_name, value, message) => {
    expect(textProblem(value)).toBe(message);
    expect(messages(plainText(100).safeParse(value))).toEqual([message]);
  });

  it('keeps tabs, line breaks, accents, emoji, CJK, and right-to-left text with its marks', () => {
    for (const value of ['Line one\nline two\r\n\tend', 'José Ñúñez', '🎨 design', '設計者', 'שלום\u200f Amira', 'مرحبا\u200e (Cairo)']) {
      expect(plainText(100).safeParse(value).success).toBe(true);
    }
  });

  it('refuses U+FFFD only where it marks bytes a lenient decoder could not read (search parameters)', () => {
    expect(textProblem('caf\ufffd')).toBeNull();
    expect(textProblem('caf\ufffd', true)).toBe(TEXT_MESSAGES.replacement);
    expect(messages(textParam(200, 'q').safeParse('caf\ufffd'))).toEqual([TEXT_MESSAGES.replacement]);
  });

  it('bounds length with a message naming the limit', () => {
    expect(messages(plainText(3).safeParse('abcd'))).toEqual(['must be at most 3 characters']);
    expect(messages(plainText(3, 1).safeParse(''))).toEqual(['must not be empty']);
  });

  it('accepts only absolute http(s) URLs without control characters', () => {
    expect(webUrl().safeParse('https://studio.example/work?x=1').success).toBe(true);
    expect(messages(webUrl().safeParse('javascript:alert(1)'))).toEqual(['must be an absolute http or https URL']);
    expect(messages(webUrl().safeParse('https://a.example/\u0000'))).toEqual([TEXT_MESSAGES.control]);
    expect(messages(webUrl().safeParse(`https://a.example/${'x'.repeat(2048)}`))).toEqual(['must be at most 2048 characters']);
    for (const withCredentials of ['https://ana:s3cret@studio.example/', 'https://ana@studio.example/', 'http://:pw@studio.example']) {
      expect(messages(webUrl().safeParse(withCredentials))).toEqual([
        'must not contain a user name or password (the user:password@ part); every link here is public',
      ]);
    }
    // An @ in the path or query is no user name.
    expect(webUrl().safeParse('https://studio.example/@ana?by=ana@example.com').success).toBe(true);
    // A backslash: browsers open studio.example, other readers read evil.example.
    for (const backslashed of ['https://studio.example\\@evil.example', 'https://studio.example/a\\b']) {
      expect(messages(webUrl().safeParse(backslashed))).toEqual(['must not contain a backslash (write / in a path, %5C in a query)']);
    }
  });
});

describe('instants that order records', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');
  const schema = pastInstant(() => now);

  it('accepts the past and a few minutes of clock skew', () => {
    expect(schema.safeParse('2026-06-01T12:04:00Z').success).toBe(true);
    expect(schema.safeParse('2001-02-03T04:05:06+02:00').success).toBe(true);
  });

  it('refuses the future, which would pin a record first, and dates before 1990', () => {
    expect(messages(schema.safeParse('9999-12-31T23:59:59Z'))).toEqual(['must not be in the future']);
    expect(messages(schema.safeParse('2026-06-01T12:06:00Z'))).toEqual(['must not be in the future']);
    expect(messages(schema.safeParse('1970-01-01T00:00:00Z'))).toEqual(['must not be before 1990-01-01T00:00:00Z']);
  });
});
