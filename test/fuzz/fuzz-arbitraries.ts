import { fc } from '@fast-check/vitest';
import { percentEncode } from './fuzz-checks.ts';

const char = (min: number, max: number) => fc.integer({ min, max }).map((c) => String.fromCodePoint(c));

/**
 * Characters that compatibility folding (NFKD) turns into more: squared words (U+3300–U+33FF, "㍿" is
 * 株式会社), ligatures (U+FB00–U+FB06, "ﬃ" is ffi), fullwidth forms, and U+FDFA (18 letters, four words),
 * among letters that fold to themselves or to two (ß).
 */
const compatibilityChar = fc.oneof(
  char(0x3300, 0x33ff),
  char(0xfb00, 0xfb06),
  char(0xff01, 0xff5e),
  fc.constant('\ufdfa'),
  fc.constantFrom(' ', 'a', 'é', 'ß', '-'),
);

/** Free text made of compatibility characters, and long words of them, around every limit of the folded text. */
export const compatibilityText = fc.oneof(
  fc.array(compatibilityChar, { maxLength: 220 }).map((chars) => chars.join('')),
  fc
    .tuple(
      fc.constantFrom('\u337f', '\ufb03', '\ufdfa', '\uff37', '\u3300', 'ß', 'a'),
      fc.oneof(fc.integer({ min: 1, max: 210 }), fc.integer({ min: 160, max: 200 })),
      fc.constantFrom('', ' ', ' a '),
    )
    .map(([c, n, between]) => Array.from({ length: n }, () => c).join(between)),
  // The request that made one engine fail and the other take seconds (issue 31), always in the mix.
  fc.constant('\u337f'.repeat(171)),
);

/** Strings a hostile or careless client sends: any Unicode, NUL, lone surrogates, huge and odd numbers. */
export const nastyString = fc.oneof(
  compatibilityText,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ maxLength: 260, minLength: 190 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    '-1',
    '0',
    '1e309',
    '9007199254740993',
    '99999999999999999999999',
    '1.5',
    '0x10',
    ' 5',
    'NaN',
    'Infinity',
    'true',
    'null',
    '[]',
    '{}',
    '%',
    '../../etc/passwd',
    "' OR 1=1 --",
    '"; DROP TABLE designers; --',
    '*',
    '\\',
    '<script>',
    'product',
    'directors',
    'ℌ𝔢𝔩𝔩𝔬',
    '🙂',
  ),
  fc.integer().map(String),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
);

/** A value already encoded for a query string: its UTF-8 bytes, raw random bytes, or broken escapes. */
export const encodedValue = fc.oneof(
  { weight: 6, arbitrary: nastyString.map(percentEncode) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 12 }).map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%80', '%ED%A0%80', '%00', '+', '%2B') },
);

/** A query string over the route's own parameters (repeated sometimes), unknown ones and qs syntax. */
export function queryString(known: readonly string[]): fc.Arbitrary<string> {
  const name = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: nastyString.map(percentEncode) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor[prototype][x]', 'q[]', 'limit[0]', 'category[a]', 'toString') },
  );
  const pair = fc.tuple(name, encodedValue, fc.boolean()).map(([k, v, bare]) => (bare && v === '' ? k : `${k}=${v}`));
  return fc.array(pair, { maxLength: 6 }).map((pairs) => pairs.join('&'));
}

/** JSON values of any shape, for tool arguments and tampered cursors. */
export const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  nastyString,
  fc.constantFrom(-1, 0, 1.5, Infinity, Number.MAX_SAFE_INTEGER + 2, -0, 10_001, 100_000, 1e23),
);
