import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenize } from '../text/fold.ts';
import { isEnglishWord } from '../text/english-words.ts';
import { COUNTRY_NAMES_LIKE_WORDS, withEnglishCountryNames, withEnglishPlaceMarkers } from './country-names.rules.ts';
import { locationNames } from './location-names.ts';

const require = createRequire(import.meta.url);
const namesIn = (language: string) =>
  Object.entries((require(`i18n-iso-countries/langs/${language}.json`) as { countries: Record<string, string | string[]> }).countries).flatMap(
    ([code, written]) => [written].flat().map((name) => ({ code, name })),
  );
const OTHER_LANGUAGES = ['es', 'de', 'fr', 'pt', 'it'];

describe('withEnglishCountryNames', () => {
  it('reads a country named in another language as its English name, the rest as typed', () => {
    expect(withEnglishCountryNames('graphiste en Allemagne')).toBe('graphiste en Germany');
    expect(withEnglishCountryNames('Diseñadora gráfica en Estados Unidos, remoto')).toBe('Diseñadora gráfica en United States, remoto');
    expect(withEnglishCountryNames("designer aux États-Unis d'Amérique")).toBe('designer aux United States');
    expect(withEnglishCountryNames('Illustratorin Vereinigtes Königreich')).toBe('Illustratorin United Kingdom');
    expect(withEnglishCountryNames('designer di prodotto in Corea del Sud')).toBe('designer di prodotto in South Korea');
  });

  it('leaves names the locations already carry, and places of the world, as typed', () => {
    // Deutschland is Germany's own name; Granada is a city of Spain as well as Grenada in Spanish.
    expect(withEnglishCountryNames('Grafikdesignerin Deutschland')).toBe('Grafikdesignerin Deutschland');
    expect(withEnglishCountryNames('diseñador en Granada')).toBe('diseñador en Granada');
    expect(withEnglishCountryNames('brand designer Germany')).toBe('brand designer Germany');
    expect(withEnglishCountryNames('Brunei Darussalam')).toBe('Brunei Darussalam');
    expect(withEnglishCountryNames('Islas Vírgenes de los Estados Unidos')).toBe('Islas Vírgenes de los Estados Unidos');
  });

  it('reads a name that is also a word or a first name as the country only after a word that introduces a place', () => {
    expect(withEnglishCountryNames('suede handbags')).toBe('suede handbags');
    expect(withEnglishCountryNames('Malte Berg')).toBe('Malte Berg');
    expect(withEnglishCountryNames('Mauricio Pérez')).toBe('Mauricio Pérez');
    expect(withEnglishCountryNames('graphiste en Chine')).toBe('graphiste en China');
    expect(withEnglishCountryNames('designer a Malte')).toBe('designer a Malta');
    // The location filter is a place throughout.
    expect(withEnglishCountryNames('Suède', true)).toBe('Sweden');
  });

  it('holds every one-word name of the five languages that is an English word to the after-a-place-word rule', () => {
    const unguarded = OTHER_LANGUAGES.flatMap(namesIn)
      .map(({ name }) => tokenize(name))
      .filter((words) => words.length === 1 && isEnglishWord(words[0]!) && !COUNTRY_NAMES_LIKE_WORDS.has(words[0]!))
      .map(([word]) => word!)
      .filter((word) => withEnglishCountryNames(word) !== word);
    expect(unguarded).toEqual([]);
  });

  it('gives every translated country a name its locations carry, so both engines match it', () => {
    // Names as a location writes them ("Tansania, Vereinigte Republik" is no name a request types).
    const plain = OTHER_LANGUAGES.flatMap(namesIn).filter(({ name }) => /^\p{L}[\p{L}' -]*$/u.test(name));
    const missed = plain.flatMap(({ code, name }) => {
      const english = withEnglishCountryNames(name, true);
      if (english === name) return [];
      return locationNames(`Lyon, ${code}`).includes(`Lyon, ${english}`) ? [] : [`${name} → ${english} (${code})`];
    });
    expect(missed).toEqual([]);
  });

  it('reads a text once for all: what it gives is read as it stands, and any text is read without error', () => {
    const word = fc.constantFrom('en', 'au', 'in', 'der', 'Allemagne', 'Estados', 'Unidos', 'États-Unis', 'Brunei', 'Darussalam', 'Chine', 'suede', 'Malte', 'Reino', 'Unido', 'Germany', 'designer', 'Granada', ',');
    fc.assert(
      fc.property(fc.array(word, { maxLength: 8 }), fc.boolean(), (words, asPlace) => {
        const once = withEnglishCountryNames(words.join(' '), asPlace);
        expect(withEnglishCountryNames(once, asPlace)).toBe(once);
      }),
    );
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => typeof withEnglishCountryNames(text) === 'string'));
  });
});

describe('withEnglishPlaceMarkers', () => {
  it('reads French "à" as "in", wherever it stands, in either case', () => {
    expect(withEnglishPlaceMarkers('directeur de la création à New York')).toBe('directeur de la création in New York');
    expect(withEnglishPlaceMarkers('À Genève, directrice artistique')).toBe('in Genève, directrice artistique');
  });

  it('leaves "a", and "à" inside a word, as typed', () => {
    for (const text of ['a brand designer', 'voilà designer', 'designer àtelier']) expect(withEnglishPlaceMarkers(text)).toBe(text);
  });
});
