import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AMPERSAND_INITIALS, fold, normalizeText, tokenize } from './fold.ts';

describe('fold', () => {
  it('removes diacritics and lower-cases', () => {
    expect(fold('Zoë Ångström São Paulo Kraków')).toBe('zoe angstrom sao paulo krakow');
  });

  it('maps letters that have no decomposition', () => {
    expect(fold('Straße Ærø Łódź Œuvre')).toBe('strasse aero lodz oeuvre');
  });
});

describe('tokenize', () => {
  it('splits on punctuation and keeps letters and digits', () => {
    expect(tokenize('Remote (US), San-Francisco; O’Brien & 3D')).toEqual([
      'remote',
      'us',
      'san',
      'francisco',
      'o',
      'brien',
      '3d',
    ]);
  });

  it('keeps initials joined by "&" as one word, and splits every other "&"', () => {
    expect(tokenize('H&M, AT&T and P&G; R&D at D&AD (Zürich)')).toEqual(['hm', 'att', 'and', 'pg', 'rd', 'at', 'dad', 'zurich']);
    expect(tokenize('Ogilvy & Mather, rock&roll, a&b&c, &m, h&, abc&d')).toEqual(['ogilvy', 'mather', 'rock', 'roll', 'a', 'b', 'c', 'm', 'h', 'abc', 'd']);
    expect(tokenize('Zoë&M')).toEqual(['zoe', 'm']);
  });

  it('returns no tokens for punctuation only', () => {
    expect(tokenize(' ,;() ')).toEqual([]);
  });
});

describe('normalizeText', () => {
  it('joins folded tokens with single spaces', () => {
    expect(normalizeText('  Müller   &  Söhne, GmbH ')).toBe('muller sohne gmbh');
  });
});

describe('the ASCII shortcut', () => {
  // The general definition, applied to every string: the shortcut must give exactly what it gives.
  const foldEverywhere = (text: string) =>
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/[ßæœøłđðþı]/g, (c) => ({ ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' })[c] ?? c);
  const tokenizeEverywhere = (text: string) =>
    foldEverywhere(text.toLowerCase().replace(AMPERSAND_INITIALS, '$1$2'))
      .split(/[^\p{L}\p{N}]+/u)
      .filter((t) => t.length > 0);
  // ASCII, Latin with accents, the special letters, letters whose lower case is ASCII (K, the Kelvin sign),
  // compatibility letters that decompose to upper case (𝓐), ligatures, other scripts and digits, lone
  // surrogates.
  const texts = fc.oneof(
    fc.string({ unit: 'binary-ascii', maxLength: 40 }),
    fc.string({ unit: fc.constantFrom(...'aZ9 -,&Kİıßæœøłđðþé\u0301ÅÖñ\u212a\u00bd٣漢字Ǆ\ud800'.split(''), '𝓐', '𝔸', 'ﬁ'), maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
  );

  it('folds and tokenizes every string as the general definition does', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(fold(text)).toBe(foldEverywhere(text));
        expect(tokenize(text)).toEqual(tokenizeEverywhere(text));
      }),
      { numRuns: 2000 },
    );
  });
});
