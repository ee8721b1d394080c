import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locationNames } from './location-names.ts';

describe('locationNames', () => {
  it('adds the country\'s names to a location that ends in a country code', () => {
    expect(locationNames('Munich, DE')).toEqual(['Munich, DE', 'Munich, Germany']);
    expect(locationNames('Remote (US)')).toEqual([
      'Remote (US)',
      'Remote (United States of America)',
      'Remote (United States)',
      'Remote (USA)',
    ]);
    expect(locationNames('Istanbul, TR')).toEqual(['Istanbul, TR', 'Istanbul, Türkiye', 'Istanbul, Turkey']);
    expect(locationNames('Amsterdam, NL')).toEqual(['Amsterdam, NL', 'Amsterdam, Netherlands', 'Amsterdam, The Netherlands']);
  });

  it('reads UK and GB as the United Kingdom, and EU as the European Union', () => {
    expect(locationNames('London, UK')).toEqual(['London, UK', 'London, GB', 'London, United Kingdom', 'London, Great Britain', 'London, Britain']);
    expect(locationNames('Leeds, GB')).toEqual(['Leeds, GB', 'Leeds, United Kingdom', 'Leeds, UK', 'Leeds, Great Britain']);
    expect(locationNames('Remote (EU)')).toEqual(['Remote (EU)', 'Remote (European Union)', 'Remote (Europe)']);
  });

  it('adds the code (and other names) to a location that ends in a country name, in any case', () => {
    expect(locationNames('Berlin, Germany')).toEqual(['Berlin, Germany', 'Berlin, DE']);
    expect(locationNames('Austin, united states')).toEqual([
      'Austin, united states',
      'Austin, US',
      'Austin, United States of America',
      'Austin, USA',
    ]);
    expect(locationNames('Remote (United Kingdom)')).toEqual(['Remote (United Kingdom)', 'Remote (UK)', 'Remote (GB)', 'Remote (Great Britain)', 'Remote (Britain)']);
    expect(locationNames('Germany')).toEqual(['Germany', 'DE']);
  });

  it('leaves out formal inversions and dotted names: Taipei is not "China", the US is not "U.S."', () => {
    const taipei = locationNames('Taipei, TW');
    expect(taipei).toEqual(['Taipei, TW', 'Taipei, Taiwan']);
    expect(taipei.join(' ')).not.toMatch(/China|Province/);
    expect(locationNames('Seoul, KR')).toEqual(['Seoul, KR', 'Seoul, South Korea', 'Seoul, Republic of Korea']);
    expect(locationNames('Boston, US').join(' ')).not.toMatch(/U\.S/);
  });

  it('keeps a location with no country, or an unknown one, as it is', () => {
    for (const location of ['Remote', 'Remote (Worldwide)', 'New York', 'Austin, TX', 'Lagos, ZZ', 'Paris, de']) {
      expect(locationNames(location)).toEqual([location]);
    }
    expect(locationNames(null)).toEqual([]);
    expect(locationNames('')).toEqual([]);
  });

  it('only ever adds names, each differing from the location in its last part alone', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.constantFrom('DE', 'US', 'UK', 'Germany', 'Japan', '(FR)', ' ( NZ ) ', 'XX', ''), (city, country) => {
        const location = `${city}${country.startsWith('(') || country.startsWith(' (') ? ' ' : ', '}${country}`;
        const names = locationNames(location);
        expect(names[0]).toBe(location);
        expect(new Set(names).size).toBe(names.length);
        for (const name of names.slice(1)) expect(name.startsWith(location.slice(0, Math.max(location.lastIndexOf(','), location.lastIndexOf('('))))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
