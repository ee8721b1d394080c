import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import countries from 'i18n-iso-countries/index.js';
import { fold, tokenize } from '../text/fold.ts';
import { locationCodeNames, locationNames, locationSearchNames, namesRegion, placeNameAt, withRegionNames } from './location-names.ts';
import { expandQueryWords } from './query-synonyms.ts';
import { wordForm } from '../text/word-forms.ts';

/** The names other than the location itself whose last part is one of `parts`. */
const ending = (names: string[], prefix: string, suffix = '') => names.filter((n) => n.startsWith(prefix) && n.endsWith(suffix)).map((n) => n.slice(prefix.length, n.length - suffix.length));

describe('locationNames', () => {
  it('adds the country\'s names, in English and its own language, and its regions to a location that ends in a country code', () => {
    // Portuguese writes Munich Munique (Spanish's Múnich is Munich after folding).
    expect(locationNames('Munich, DE')).toEqual(['Munich, DE', 'Munich, Germany', 'Munich, Deutschland', 'Munich, Europe', 'Munich, EMEA', 'Munich, DACH', 'Munich, Western Europe', 'Munich, Central Europe', 'München, DE', 'Muenchen, DE', 'Munique, DE', 'Bavaria, DE']);
    expect(locationNames('Remote (US)')).toEqual([
      'Remote (US)',
      'Remote (United States of America)',
      'Remote (United States)',
      'Remote (USA)',
      'Remote (North America)',
      'Remote (Americas)',
    ]);
    expect(locationNames('Istanbul, TR')).toEqual([
      'Istanbul, TR',
      'Istanbul, Türkiye',
      'Istanbul, Turkey',
      'Istanbul, Asia',
      'Istanbul, Europe',
      'Istanbul, Middle East',
      'Istanbul, EMEA',
      'Estambul, TR',
      'Istambul, TR',
    ]);
    expect(locationNames('Amsterdam, NL')).toEqual([
      'Amsterdam, NL',
      'Amsterdam, Netherlands',
      'Amsterdam, The Netherlands',
      'Amsterdam, Nederland',
      'Amsterdam, Holland',
      'Amsterdam, Europe',
      'Amsterdam, EMEA',
      'Amsterdam, Benelux',
      'Amsterdam, Western Europe',
    ]);
    // Holland, as people call the Netherlands, is read as its country the other way round too.
    expect(locationNames('Rotterdam, Holland')).toContain('Rotterdam, NL');
  });

  it('places each country in its continent and in the regions people search by', () => {
    const regions = (location: string) => ending(locationNames(location), `${location.slice(0, location.indexOf(',') + 2)}`);
    expect(regions('Tokyo, JP')).toEqual(expect.arrayContaining(['Asia', 'APAC']));
    expect(regions('Sydney, AU')).toEqual(expect.arrayContaining(['Oceania', 'APAC']));
    expect(regions('Lagos, NG')).toEqual(expect.arrayContaining(['Africa', 'EMEA']));
    expect(regions('Dubai, AE')).toEqual(expect.arrayContaining(['Asia', 'Middle East', 'EMEA']));
    expect(regions('Dubai, AE')).not.toContain('APAC');
    expect(regions('Mexico City, MX')).toEqual(expect.arrayContaining(['North America', 'Latin America', 'LATAM']));
    expect(regions('Buenos Aires, AR')).toEqual(expect.arrayContaining(['South America', 'Latin America', 'LATAM']));
    expect(regions('Toronto, CA')).toContain('North America');
    expect(regions('Toronto, CA')).not.toContain('Latin America');
    expect(regions('Oslo, NO')).toEqual(expect.arrayContaining(['Europe', 'EMEA', 'Nordics', 'Scandinavia']));
    // Finland and Iceland are Nordic, not Scandinavian.
    expect(regions('Helsinki, FI')).toContain('Nordics');
    expect(regions('Helsinki, FI')).not.toContain('Scandinavia');
    // Russia is in Europe as well as Asia, and so in EMEA rather than APAC.
    expect(regions('Moscow, RU')).toEqual(expect.arrayContaining(['Europe', 'Asia', 'EMEA']));
    expect(regions('Moscow, RU')).not.toContain('APAC');
  });

  it('places each country in the country groups recruiters write beside the continents', () => {
    const regions = (location: string) => ending(locationNames(location), `${location.slice(0, location.indexOf(',') + 2)}`);
    expect(regions('Zürich, CH')).toEqual(expect.arrayContaining(['DACH', 'Western Europe', 'Central Europe']));
    expect(regions('Amsterdam, NL')).toEqual(expect.arrayContaining(['Benelux', 'Western Europe']));
    expect(regions('Lisbon, PT')).toEqual(expect.arrayContaining(['Iberia', 'Southern Europe']));
    expect(regions('Kraków, PL')).toEqual(expect.arrayContaining(['Eastern Europe', 'Central Europe']));
    expect(regions('Tokyo, JP')).toEqual(expect.arrayContaining(['East Asia', 'APAC']));
    expect(regions('Singapore, SG')).toContain('Southeast Asia');
    expect(regions('Bengaluru, IN')).toContain('South Asia');
    expect(regions('Lagos, NG')).toContain('West Africa');
    expect(regions('Nairobi, KE')).toContain('East Africa');
    expect(regions('Dubai, AE')).toContain('Gulf');
    expect(regions('Austin, US')).toContain('Americas');
    // A country is in no area it is not part of: Türkiye is no part of East Asia, Germany none of Benelux.
    expect(regions('Istanbul, TR')).not.toContain('East Asia');
    expect(regions('Berlin, DE')).not.toContain('Benelux');
    expect(regions('Tokyo, JP')).not.toContain('South Asia');
  });

  it('names no region with the words of a narrower region it reaches beyond: "asia" finds no one in Sydney', () => {
    // Every country's names, and for each name every country holding it whole: a country holding the name's words
    // inside another of its names holds the name itself, so a place typed as a region finds only what lies in it.
    const namesOf = new Map(Object.keys(countries.getAlpha2Codes()).map((code) => [code, locationNames(`X, ${code}`).slice(1).map((n) => tokenize(n.slice(3)).join(' '))]));
    const holders = new Map<string, Set<string>>();
    for (const [code, names] of namesOf) for (const name of names) holders.set(name, (holders.get(name) ?? new Set()).add(code));
    const inside = (name: string, within: string) => ` ${within} `.includes(` ${name} `) && name !== within;
    const strays: string[] = [];
    for (const [name, codes] of holders) {
      if (codes.size < 3) continue;
      for (const [code, names] of namesOf) if (!codes.has(code) && names.some((other) => inside(name, other))) strays.push(`${name}: ${code}`);
    }
    expect(strays).toEqual([]);
    expect(ending(locationNames('Sydney, AU'), 'Sydney, ')).not.toContain('Asia Pacific');
    expect(ending(locationNames('Singapore, SG'), 'Singapore, ')).toEqual(expect.arrayContaining(['Southeast Asia', 'Asia', 'APAC']));
    expect(ending(locationNames('Dili, TL'), 'Dili, ')).toEqual(expect.arrayContaining(['Southeast Asia', 'Asia', 'Oceania', 'APAC']));
  });

  it('gives a location that spells a region with a narrower region\'s words the region\'s name too', () => {
    expect(locationNames('Remote (Asia Pacific)')).toEqual(['Remote (Asia Pacific)', 'Remote (APAC)']);
    expect(locationNames('Singapore, South-East Asia')).toContain('Singapore, Southeast Asia');
  });

  it('reads UK and GB as the United Kingdom, and EU as the European Union', () => {
    expect(locationNames('London, UK')).toEqual([
      'London, UK',
      'London, GB',
      'London, United Kingdom',
      'London, Great Britain',
      'London, Britain',
      'London, Europe',
      'London, EMEA',
      'London, British Isles',
      'London, UK and Ireland',
      'London, Northern Europe',
      'Londres, UK',
      'Londra, UK',
      'England, UK',
    ]);
    expect(locationNames('Leeds, GB')).toEqual(['Leeds, GB', 'Leeds, United Kingdom', 'Leeds, UK', 'Leeds, Great Britain', 'Leeds, Europe', 'Leeds, EMEA', 'Leeds, British Isles', 'Leeds, UK and Ireland', 'Leeds, Northern Europe', 'England, GB']);
    expect(locationNames('Remote (EU)')).toEqual(['Remote (EU)', 'Remote (European Union)', 'Remote (Europe)', 'Remote (EMEA)']);
  });

  it('adds the code (and other names) to a location that ends in a country name, in any case or language', () => {
    expect(locationNames('Berlin, Germany')).toEqual(['Berlin, Germany', 'Berlin, DE', 'Berlin, Deutschland', 'Berlin, Europe', 'Berlin, EMEA', 'Berlin, DACH', 'Berlin, Western Europe', 'Berlin, Central Europe', 'Berlim, Germany', 'Berlino, Germany']);
    expect(locationNames('Berlin, Deutschland')).toEqual(['Berlin, Deutschland', 'Berlin, DE', 'Berlin, Germany', 'Berlin, Europe', 'Berlin, EMEA', 'Berlin, DACH', 'Berlin, Western Europe', 'Berlin, Central Europe', 'Berlim, Deutschland', 'Berlino, Deutschland']);
    expect(locationNames('Austin, united states')).toEqual([
      'Austin, united states',
      'Austin, US',
      'Austin, United States of America',
      'Austin, USA',
      'Austin, North America',
      'Austin, Americas',
      'Texas, united states',
    ]);
    expect(locationNames('Germany')).toEqual(['Germany', 'DE', 'Deutschland', 'Europe', 'EMEA', 'DACH', 'Western Europe', 'Central Europe']);
  });

  it('keeps a native name written in letters of any script, and drops the invisible marks countries-list carries', () => {
    expect(locationNames('Tokyo, JP')).toContain('Tokyo, 日本');
    expect(locationNames('Cairo, EG')).toContain('Cairo, مصر');
    expect(locationNames('Tel Aviv, IL')).toContain('Tel Aviv, יִשְׂרָאֵל');
    expect(locationNames('Cairo, EG').join('')).not.toMatch(/\p{Cf}/u);
  });

  it('leaves out formal inversions and dotted names: Taipei is not "China", the US is not "U.S."', () => {
    const taipei = locationNames('Taipei, TW');
    expect(taipei.slice(0, 2)).toEqual(['Taipei, TW', 'Taipei, Taiwan']);
    expect(taipei.join(' ')).not.toMatch(/China|Province/);
    expect(locationNames('Seoul, KR').slice(0, 3)).toEqual(['Seoul, KR', 'Seoul, South Korea', 'Seoul, Republic of Korea']);
    expect(locationNames('Boston, US').join(' ')).not.toMatch(/U\.S/);
  });

  it('adds the state, province or UK nation of a city, only in that city\'s country', () => {
    expect(locationNames('Edinburgh, GB')).toContain('Scotland, GB');
    expect(locationNames('Leeds, UK')).toContain('England, UK');
    expect(locationNames('Boston, USA')).toContain('Massachusetts, USA');
    expect(locationNames('München, DE')).toContain('Bavaria, DE');
    expect(locationNames('Toronto, Canada')).toContain('Ontario, Canada');
    // London, Ontario is not in England; Cambridge, Massachusetts not in England either.
    expect(locationNames('London, CA').join(' ')).not.toContain('England');
    expect(locationNames('Cambridge, US')).toEqual(expect.arrayContaining(['Massachusetts, US']));
    expect(locationNames('Cambridge, US').join(' ')).not.toContain('England');
    // Without a country, no state is guessed.
    expect(locationNames('Austin')).toEqual(['Austin']);
  });

  it('adds a city\'s other names and the area it lies in, keeping the rest of the location', () => {
    expect(ending(locationNames('New York, US'), '', ', US')).toEqual(['New York', 'New York City', 'NYC', 'NY', 'Nueva York', 'Nova York', 'Nova Iorque']);
    expect(locationNames('New York')).toEqual(['New York', 'New York City', 'NYC', 'NY', 'Nueva York', 'Nova York', 'Nova Iorque']);
    expect(ending(locationNames('San Francisco, US'), '', ', US')).toEqual(['San Francisco', 'SF', 'Bay Area', 'California']);
    expect(ending(locationNames('Palo Alto, US'), '', ', US')).toEqual(['Palo Alto', 'Bay Area', 'Silicon Valley', 'California']);
    expect(ending(locationNames('Oakland, US'), '', ', US')).toEqual(['Oakland', 'Bay Area', 'California']);
    expect(ending(locationNames('Tel Aviv, IL'), '', ', IL')).toEqual(['Tel Aviv', 'Tel Aviv-Yafo', 'Tel Aviv-Jaffa']);
    expect(ending(locationNames('Bengaluru, IN'), '', ', IN')).toEqual(['Bengaluru', 'Bangalore']);
    expect(ending(locationNames('Bangalore, India'), '', ', India')).toEqual(['Bangalore', 'Bengaluru']);
    // Accents are already equal after folding: no second Zürich; ü typed as ue is one more name.
    expect(locationNames('Zürich, CH').filter((n) => n.endsWith(', CH'))).toEqual(['Zürich, CH', 'Zuerich, CH', 'Zurigo, CH', 'Zurique, CH']);
    expect(locationNames('Cologne, DE').filter((n) => n.endsWith(', DE'))).toEqual(['Cologne, DE', 'Köln, DE', 'Koeln, DE']);
    expect(locationNames('  sf , US')).toContain('San Francisco, US');
  });

  it('keeps a location with no known country or city as it is', () => {
    for (const location of ['Remote', 'Remote (Worldwide)', 'Austin, TX', 'Lagos, ZZ', 'Lyon, de', 'Springfield']) {
      expect(locationNames(location)).toEqual([location]);
    }
    expect(locationNames(null)).toEqual([]);
    expect(locationNames('')).toEqual([]);
  });

  it('only ever adds names, each different after folding, differing from the location in its country or its city alone', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('New York', 'SF', 'Palo Alto', 'Köln', 'The Hague')),
        fc.constantFrom('DE', 'US', 'UK', 'Germany', 'Japan', 'Deutschland', '(FR)', ' ( NZ ) ', 'XX', ''),
        (city, country) => {
          const location = `${city}${country.startsWith('(') || country.startsWith(' (') ? ' ' : ', '}${country}`;
          const names = locationNames(location);
          expect(names[0]).toBe(location);
          expect(new Set(names.map(fold)).size).toBe(names.length);
          const head = location.slice(0, Math.max(location.lastIndexOf(','), location.lastIndexOf('(')));
          const tail = location.slice(location.indexOf(','));
          for (const name of names.slice(1)) expect(name.startsWith(head) || (location.includes(',') && name.endsWith(tail))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('withRegionNames', () => {
  it('writes a region spelt with a narrower region\'s words by its name, in any case, with spaces or hyphens', () => {
    expect(withRegionNames('ux researcher in Asia Pacific')).toBe('ux researcher in APAC');
    expect(withRegionNames('asia-pacific, south east asia or SOUTH-EAST ASIA')).toBe('APAC, Southeast Asia or Southeast Asia');
    expect(withRegionNames('AsiaPac')).toBe('APAC');
  });

  it('leaves the words alone inside other words and in other regions', () => {
    for (const text of ['asia', 'east asia', 'southeast asia', 'asia pacifica', 'eurasia pacific', 'pacific asia', 'south east', 'apac']) {
      expect(withRegionNames(text)).toBe(text);
    }
  });
});

describe('locationSearchNames', () => {
  it('adds the other words for remote work to a location that says "remote", each its own value', () => {
    for (const location of ['Remote', 'Remote (EU)', 'Remote (US)', 'Lisbon, PT (remote)']) {
      const names = locationSearchNames(location);
      expect(names.slice(0, locationNames(location).length)).toEqual(locationNames(location));
      expect(names).toEqual(expect.arrayContaining(['remotely', 'wfh', 'teletrabajo', 'fernarbeit', 'homeoffice']));
    }
  });

  it('leaves every other location as locationNames gives it, a word that only starts with "remote" included', () => {
    for (const location of ['Berlin, DE', 'Remoteville, US', 'San Francisco, US', '', null]) expect(locationSearchNames(location)).toEqual(locationNames(location));
  });

  it('adds only words the synonym rules read as remote, so free text and the location agree', () => {
    const reaches = (word: string) => expandQueryWords(word).flatMap(({ form, synonyms }) => [[form], ...synonyms]);
    for (const word of locationSearchNames('Remote').slice(1)) expect(reaches(word), word).toContainEqual([wordForm('remote')]);
  });
});

describe('locationCodeNames', () => {
  /** Whether one of a location's names holds the phrase as whole words, adjacent and in order. */
  const holds = (location: string, phrase: string) =>
    locationNames(location).some((name) => ` ${tokenize(name).join(' ')} `.includes(` ${tokenize(phrase).join(' ')} `));

  it('reads a code as a name of its country and the names of the city it is the short form of', () => {
    expect(locationCodeNames('de')).toEqual(['Germany']);
    expect(locationCodeNames('US')).toEqual(['USA']);
    expect(locationCodeNames('uk')).toEqual(['United Kingdom']);
    expect(locationCodeNames('sf')).toEqual(['San Francisco']);
    expect(locationCodeNames('la')).toContain('Los Angeles');
    expect(locationCodeNames('la')).toHaveLength(2);
    expect(locationCodeNames('ny')).toEqual(['New York', 'New York City', 'NYC', 'Nueva York', 'Nova York', 'Nova Iorque']);
    expect(locationCodeNames('qx')).toEqual([]);
  });

  it('names its country by a name every location of that country carries, however the country is written', () => {
    const iso = countries.getNames('en', { select: 'all' });
    const writings: [string, string[]][] = Object.entries(iso).map(([code, names]) => [code, [code, ...names.filter((n) => /^\p{L}[\p{L}\p{M}' -]*$/u.test(n))]]);
    writings.push(['UK', ['UK', 'GB', 'United Kingdom', 'Great Britain', 'Britain']], ['GB', ['UK', 'GB', 'United Kingdom', 'Great Britain']]);
    let checked = 0;
    for (const [code, written] of writings) {
      const [name] = locationCodeNames(code);
      if (!name) continue;
      for (const country of written) {
        expect(holds(`Town, ${country}`, name), `${code} as "${country}" carries "${name}"`).toBe(true);
        expect(holds(`Remote (${country})`, name), `${code} as "Remote (${country})" carries "${name}"`).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('names a city by names every location of that city carries', () => {
    for (const [code, city] of [['la', 'LA, US'], ['la', 'Los Angeles, US'], ['sf', 'SF, US'], ['sf', 'San Francisco, US']] as const) {
      expect(holds(city, 'Los Angeles') || holds(city, 'San Francisco'), city).toBe(true);
      expect(locationCodeNames(code).some((n) => holds(city, n)), city).toBe(true);
    }
  });
});

describe('placeNameAt', () => {
  const at = (text: string, from = 0, max?: number) => placeNameAt(tokenize(text), from, max);

  it('reads the longest place of the world that starts at a word: a city, a capital, a country or a region', () => {
    expect(at('ulaanbaatar')).toBe(1);
    expect(at('ulan bator')).toBe(2);
    expect(at('new york city')).toBe(3);
    expect(at('new york city', 0, 2)).toBe(2);
    expect(at('rio de janeiro')).toBe(3);
    expect(at('são paulo')).toBe(2);
    expect(at('designer reykjavík', 1)).toBe(1);
    expect(at('deutschland')).toBe(1);
    expect(at('scandinavia')).toBe(1);
    expect(at('bay area')).toBe(2);
    expect(at('tromsø')).toBe(1);
    // As Spanish, German, French, Portuguese and Italian write them.
    for (const text of ['londres', 'lissabon', 'lisbonne', 'zurigo', 'ginebra', 'mailand', 'nueva york']) expect([text, at(text)]).toEqual([text, tokenize(text).length]);
  });

  it('reads no place in a code, a short name, a city named like a word of a request, or a word that only starts a place', () => {
    for (const text of ['uk', 'la', 'nyc', 'man', 'reading', 'nice', 'split', 'mobile', 'orange', 'superior', 'canva', 'new', 'designer']) expect([text, at(text)]).toEqual([text, 0]);
  });
});

describe('namesRegion', () => {
  const region = (text: string) => namesRegion(tokenize(text));

  it('reads a country, a region of countries or a state, as every location there holds it', () => {
    for (const text of ['portugal', 'Deutschland', 'united states', 'latin america', 'emea', 'nordics', 'texas', 'ontario', 'bay area', 'england']) expect([text, region(text)]).toEqual([text, true]);
  });

  it('reads no city, code or other word as one', () => {
    for (const text of ['lagos', 'berlin', 'new york', 'ca', 'uk', 'us', 'lottie', 'designer']) expect([text, region(text)]).toEqual([text, false]);
  });

  it('a state named like a country is held by its cities: Atlanta, US is in Georgia', () => {
    expect(region('georgia')).toBe(true);
    expect(locationNames('Atlanta, US')).toContain('Georgia, US');
  });
});
