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

export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøłđðþı]/g, (c) => SPECIAL_LETTERS[c] ?? c);
}

/** Lower-case, accent-free words; every run of other characters separates words. */
export function tokenize(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

/** The text form stored in search fields: tokens joined by single spaces. */
export function normalizeText(text: string): string {
  return tokenize(text).join(' ');
}
