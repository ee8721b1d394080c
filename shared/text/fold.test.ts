import { describe, expect, it } from 'vitest';
import { fold, normalizeText, tokenize } from './fold.ts';

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

  it('returns no tokens for punctuation only', () => {
    expect(tokenize(' ,;() ')).toEqual([]);
  });
});

describe('normalizeText', () => {
  it('joins folded tokens with single spaces', () => {
    expect(normalizeText('  Müller   &  Söhne, GmbH ')).toBe('muller sohne gmbh');
  });
});
