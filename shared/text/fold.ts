/**
 * Accent folding and tokenising in the application, because the minimal Elasticsearch distribution has
 * no asciifolding filter. Documents and queries go through the same function, so "Zoë", "zoe" and "ZOE"
 * meet on one token.
 */

const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

// Decomposition, mark removal and the special letters change nothing in ASCII, and ASCII is most of
// what a directory holds: it skips them (the worker folds every text field of every document).
// eslint-disable-next-line no-control-regex
const ASCII = /^[\u0000-\u007f]*$/;

export function fold(text: string): string {
  const lower = text.toLowerCase();
  return ASCII.test(lower) ? lower : foldUnicode(lower);
}

function foldUnicode(lower: string): string {
  return lower
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøłđðþı]/g, (c) => SPECIAL_LETTERS[c] ?? c);
}

/**
 * Initials joined by "&" with no space, as companies and trades write them ("H&M", "AT&T", "P&G", "R&D",
 * "D&AD"): one word, so "AT&T" is not the filler "at" beside a "t" every T-Mobile holds.
 */
export const AMPERSAND_INITIALS = /(?<![\p{L}\p{N}&])([a-z0-9]{1,2})&([a-z0-9]{1,2})(?![\p{L}\p{N}&])/gu;

/** Lower-case, accent-free words; every run of other characters separates words (AMPERSAND_INITIALS aside). */
export function tokenize(text: string): string[] {
  let lower = text.toLowerCase();
  if (lower.includes('&')) lower = lower.replace(AMPERSAND_INITIALS, '$1$2');
  // In lower-case ASCII the letters and digits are exactly a-z and 0-9. Not after folding: a
  // compatibility letter such as 𝓐 decomposes to an upper-case A.
  const words = ASCII.test(lower) ? lower.split(/[^a-z0-9]+/) : foldUnicode(lower).split(/[^\p{L}\p{N}]+/u);
  return words.filter((t) => t.length > 0);
}

/** The text form stored in search fields: tokens joined by single spaces. */
export function normalizeText(text: string): string {
  return tokenize(text).join(' ');
}
