import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { understandQuery } from './query-words.ts';
import { namedPlaces } from './query-synonyms.ts';
import { readRequest, withEnglishOr, withoutClientBrands, withoutContractions, withoutGenderMarks, withPlacesNamedFirst, withRemoteWorkWords } from './query-reading.ts';

describe('withRemoteWorkWords', () => {
  it('reads each phrase for remote work, in every language of the synonym rules, as "wfh"', () => {
    const cases: [string, string][] = [
      ['brand designer working from home', 'brand designer wfh'],
      ['Work From Home product designer', 'wfh product designer'],
      ['illustrator who works at home', 'illustrator who wfh'],
      ['a home-based illustrator', 'a wfh illustrator'],
      ['motion designer, location independent', 'motion designer, wfh'],
      ['ux designer who can work from anywhere', 'ux designer who can wfh'],
      ['diseñador UX trabajando desde casa', 'diseñador UX wfh'],
      ['diseñadora gráfica a distancia', 'diseñadora gráfica wfh'],
      ['Markendesignerin von zu Hause aus', 'Markendesignerin wfh'],
      ['graphiste en travail à distance', 'graphiste en wfh'],
      ['designer de produto a distância', 'designer de produto wfh'],
      ['illustratrice a distanza', 'illustratrice wfh'],
      ['designer da remoto', 'designer wfh'],
    ];
    for (const [q, read] of cases) expect(withRemoteWorkWords(q), q).toBe(read);
  });

  it('leaves alone what only holds the words: an employer, a word that contains one, home alone', () => {
    for (const q of ['designer from home depot', 'homework app designer', 'smart home product designer', 'designers at the home office', 'networking from homes']) {
      expect(withRemoteWorkWords(q), q).toBe(q);
    }
  });

  it('a request without the phrases is unchanged', () => {
    const words = fc.constantFrom('brand', 'designer', 'home', 'from', 'work', 'in', 'berlin', 'remote', 'at', 'the', 'distance');
    fc.assert(
      fc.property(fc.array(words, { maxLength: 8 }), (list) => {
        const q = list.join(' ');
        fc.pre(!/work\w* (from|at) home|from anywhere/u.test(q));
        expect(withRemoteWorkWords(q)).toBe(q);
      }),
    );
  });
});

describe('withoutGenderMarks', () => {
  it('leaves out the gender marks of job titles, so no stray letter is a word to find or a name to start', () => {
    const marked = ['UX/UI Designer (m/w/d) München', 'Designer UX H/F München', 'Designer UX m/w/d München', 'Designer UX (all genders) München', 'Designer UX (gn) München', 'Designer UX (m/f/x) München'];
    expect(marked.map(withoutGenderMarks)).toEqual(['UX/UI Designer München', ...marked.slice(1).map(() => 'Designer UX München')]);
    // "w/" before a word is "with" (withoutContractions); "ui/ux" and "a/b" are words.
    for (const q of ['designer w/ figma', '3d artist w/o blender', 'ui/ux designer', 'a/b testing', '  brand designer ']) expect(withoutGenderMarks(q)).toBe(q);
    expect(readRequest('Senior UX Designer (w/m/d) in Köln').q).toBe('Senior UX Designer in Köln');
  });
});

describe('withoutContractions', () => {
  it('writes out what English contracts, so no stray letter is a word to find', () => {
    expect(withoutContractions("I'm looking for a motion designer")).toBe('I looking for a motion designer');
    expect(withoutContractions('I’d like a brand designer who’s in Berlin')).toBe('I like a brand designer who in Berlin');
    expect(withoutContractions("designers who haven't worked at Google")).toBe('designers who have not worked at Google');
    expect(withoutContractions("someone who can't relocate and won't travel")).toBe('someone who can not relocate and will not travel');
  });

  it('writes out "w/" and "w/o", so no stray "w" is a word to find or a name to start', () => {
    expect(withoutContractions('3d artist w/ blender').split(/\s+/)).toEqual(['3d', 'artist', 'with', 'blender']);
    expect(withoutContractions('motion designer W/After Effects').split(/\s+/)).toEqual(['motion', 'designer', 'with', 'After', 'Effects']);
    expect(withoutContractions('designer w/o agency work').split(/\s+/)).toEqual(['designer', 'without', 'agency', 'work']);
    // A "w" that starts a name, or sits inside a word, stays.
    for (const q of ['kwame w', 'anna w smith', 'a/w campaign']) expect(withoutContractions(q), q).toBe(q);
  });

  it('leaves an apostrophe inside a name or a possessive alone', () => {
    for (const q of ["O'Connor designers", "children's book illustrator", "D'Angelo", 'Lisbon designers']) expect(withoutContractions(q), q).toBe(q);
  });
});

describe('withEnglishOr', () => {
  it('writes another language\'s "or" between two words as "or"', () => {
    expect(withEnglishOr('diseñadores en Madrid o Barcelona')).toBe('diseñadores en Madrid or Barcelona');
    expect(withEnglishOr('graphiste à Paris ou Lyon')).toBe('graphiste à Paris or Lyon');
    // As a request may come, its accents apart from their letters.
    expect(withEnglishOr('designers produit à Austin ou New York'.normalize('NFD'))).toBe('designers produit à Austin or New York'.normalize('NFD'));
    expect(withEnglishOr('designer em São Paulo ou Lisboa')).toBe('designer em São Paulo or Lisboa');
    expect(withEnglishOr('Designerin in München oder Berlin')).toBe('Designerin in München or Berlin');
    expect(withEnglishOr('trabajó en Glovo, o Cabify')).toBe('trabajó en Glovo, or Cabify');
    // Between two places, in a request of no other word of those languages.
    expect(withEnglishOr('grafico Milano o Roma')).toBe('grafico Milano or Roma');
  });

  it('leaves an Irish name, and an "o" that stands between no two words, alone', () => {
    for (const q of ['Siobhán Ó Súilleabháin', "Liam O'Connor", 'Aoife O Brien', 'o designer', 'motion designer o', 'Oder designers', 'nikolai o suilleabhain']) {
      expect(withEnglishOr(q), q).toBe(q);
    }
  });
});

describe('withoutClientBrands', () => {
  it('leaves out the brands the work was for, keeping the kind of client', () => {
    expect(withoutClientBrands('someone who has done typography for insurance brands')).toBe('someone who has done typography for insurance');
    expect(withoutClientBrands('packaging for big food brands in Berlin')).toBe('packaging for big food in Berlin');
    expect(withoutClientBrands('illustrations for brands')).toBe('illustrations for');
  });

  it('leaves "brands" alone where it says no client', () => {
    for (const q of ['brand designer', 'someone who builds brands', 'brands and identities for startups', 'for a few very big fashion brands']) {
      expect(withoutClientBrands(q)).toBe(q);
    }
  });
});

describe('withPlacesNamedFirst', () => {
  const words = (q: string) => withPlacesNamedFirst(q).split(/[\s,]+/).filter(Boolean);

  it('writes a place named before "based" or "only" as the markers before it name one, at the end', () => {
    expect(words('US-based design engineers')).toEqual(['design', 'engineers', 'in', 'US']);
    expect(words('design engineers who know Three.js and WebGL, US only')).toEqual(['design', 'engineers', 'who', 'know', 'Three.js', 'and', 'WebGL', 'in', 'US']);
    expect(words('a New York-based art director')).toEqual(['a', 'art', 'director', 'in', 'New', 'York']);
    expect(words('London based motion designer')).toEqual(['motion', 'designer', 'in', 'London']);
    expect(words('São Paulo-based illustrators, Europe only')).toEqual(['illustrators', 'in', 'São', 'Paulo', 'in', 'Europe']);
  });

  it('leaves alone what names no place before the marker, or names it after a marker already', () => {
    for (const q of ['figma-based workflows', 'the only designer', 'seniors only', 'remote only', 'based on Figma', 'designers based in the US', 'designers in the US only', 'product designers in Berlin only', 'Berlin or Munich based', 'brand-based work']) {
      expect(withPlacesNamedFirst(q)).toBe(q);
    }
  });

  it('requires the place so named, as "in" before it does', () => {
    for (const q of ['US-based design engineers', 'design engineers, US only', 'design engineers in the US only']) {
      expect([q, understandQuery(readRequest(q).q).requiredPlaceWords]).toEqual([q, understandQuery('design engineers in the US').requiredPlaceWords]);
    }
  });
});

describe('readRequest', () => {
  it('reads a contracted "not" as the clause that leaves out: "who haven\'t worked at Google"', () => {
    expect(readRequest("designers who haven't worked at Google").exclusions).toEqual([{ kind: 'company', value: 'Google' }]);
  });

  it('names remote work as a place, never "home" nor the words after it', () => {
    // Read as words, "work from home product designer" held "home product designer" as a place and an employer.
    const { q } = readRequest('work from home product designer');
    const query = understandQuery(q);
    expect(query.employerWords).toEqual([]);
    expect(namedPlaces(query)).toEqual([['wfh']]);
  });

  it('sets apart what the request leaves out after reading its phrases', () => {
    expect(readRequest('illustrators working from home, not in berlin')).toEqual({ q: 'illustrators wfh,', exclusions: [{ kind: 'location', value: 'berlin' }], preferences: [] });
    expect(readRequest(undefined)).toEqual({ q: undefined, exclusions: [], preferences: [] });
  });

  it('sets apart what the request prefers, and what it leaves out of the rest', () => {
    expect(readRequest('motion designers, not in berlin, ideally ex-Buck')).toEqual({
      q: 'motion designers,',
      exclusions: [{ kind: 'location', value: 'berlin' }],
      preferences: [{ kind: 'company', value: 'Buck' }],
    });
  });
});
