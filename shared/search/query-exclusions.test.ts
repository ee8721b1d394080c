import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { namedFilters, readExclusions } from './query-exclusions.ts';

describe('readExclusions', () => {
  it('reads a place after "not in", "not based in", "outside" and their kin in other languages', () => {
    expect(readExclusions('brand designers not in london')).toEqual({ q: 'brand designers', exclusions: [{ kind: 'location', value: 'london' }] });
    expect(readExclusions('a product designer not based in the us')).toEqual({ q: 'a product designer', exclusions: [{ kind: 'location', value: 'us' }] });
    expect(readExclusions('illustrators outside of Europe')).toEqual({ q: 'illustrators', exclusions: [{ kind: 'location', value: 'Europe' }] });
    expect(readExclusions('Produktdesignerin nicht in Berlin').exclusions).toEqual([{ kind: 'location', value: 'Berlin' }]);
    expect(readExclusions('diseñadora gráfica no en Madrid').exclusions).toEqual([{ kind: 'location', value: 'Madrid' }]);
    expect(readExclusions('graphiste pas à Paris').exclusions).toEqual([{ kind: 'location', value: 'Paris' }]);
    expect(readExclusions('motion designers except those in berlin')).toEqual({ q: 'motion designers', exclusions: [{ kind: 'location', value: 'berlin' }] });
  });

  it('reads an employer after "not at", "never worked at" and "except the ones at"', () => {
    expect(readExclusions('product designers, not at Google')).toEqual({ q: 'product designers,', exclusions: [{ kind: 'company', value: 'Google' }] });
    expect(readExclusions('ux designer who has never worked at uber').exclusions).toEqual([{ kind: 'company', value: 'uber' }]);
    expect(readExclusions('senior designer except the ones at google')).toEqual({ q: 'senior designer', exclusions: [{ kind: 'company', value: 'google' }] });
    expect(readExclusions('designers other than the ones from airbnb').exclusions).toEqual([{ kind: 'company', value: 'airbnb' }]);
  });

  it('reads either after "excluding", "except", "other than" and "but not", and every alternative of an "or" list', () => {
    expect(readExclusions('motion designers excluding Buck')).toEqual({ q: 'motion designers', exclusions: [{ kind: 'either', value: 'Buck' }] });
    expect(readExclusions('designers not in london or paris who know figma')).toEqual({
      q: 'designers who know figma',
      exclusions: [
        { kind: 'location', value: 'london' },
        { kind: 'location', value: 'paris' },
      ],
    });
    // The rest of the request goes on after the clause, its "but" taken with it.
    expect(readExclusions('brand designers in europe but not in germany')).toEqual({ q: 'brand designers in europe', exclusions: [{ kind: 'location', value: 'germany' }] });
    expect(readExclusions('brand designer, but not at Meta, based in berlin').q).toBe('brand designer, based in berlin');
  });

  it('reads a seniority or engagement after "no", "not", "excluding", "without" and their kin', () => {
    expect(readExclusions('senior product designers in berlin, no juniors')).toEqual({ q: 'senior product designers in berlin,', exclusions: [{ kind: 'seniority', value: 'juniors' }] });
    expect(readExclusions('product designers, not junior').exclusions).toEqual([{ kind: 'seniority', value: 'junior' }]);
    expect(readExclusions('brand designers excluding interns, based in london')).toEqual({ q: 'brand designers, based in london', exclusions: [{ kind: 'seniority', value: 'interns' }] });
    expect(readExclusions('illustrators without freelancers or contractors').exclusions).toEqual([
      { kind: 'seniority', value: 'freelancers' },
      { kind: 'seniority', value: 'contractors' },
    ]);
    expect(readExclusions('motion designers, no junior designers please').q).toBe('motion designers, please');
    expect(readExclusions('ux researchers but not entry-level').exclusions).toEqual([{ kind: 'seniority', value: 'entry-level' }]);
    // A seniority asked for, or named inside another phrase, is no exclusion.
    for (const q of ['senior designers, no agencies', 'junior designers', 'not a junior designer mentor at heart', 'designers who mentor juniors']) {
      expect(readExclusions(q).exclusions.filter(({ kind }) => kind === 'seniority'), q).toEqual([]);
    }
  });

  it('leaves alone what only looks like one: not for profit, outside the box, "not just", a marker inside a word, a run too long to be a name', () => {
    for (const q of ['designers for not for profit organisations', 'not just a designer', 'exceptional illustrator', 'notion designers in berlin', 'knotting artist', 'a designer not in any of the big agencies people usually hire from', 'outside the box thinker brand designer']) {
      expect(readExclusions(q), q).toEqual({ q, exclusions: [] });
    }
    expect(readExclusions(undefined)).toEqual({ q: undefined, exclusions: [] });
  });

  it('leaves nothing to find when the clause is all the request says', () => {
    expect(readExclusions('not in tokyo')).toEqual({ q: undefined, exclusions: [{ kind: 'location', value: 'tokyo' }] });
  });

  it('never changes a request that has none of its markers', () => {
    const word = fc.constantFrom('brand', 'designer', 'in', 'at', 'berlin', 'google', 'who', 'knows', 'figma', 'or', 'and', 'the', 'from', 'senior', 'en', 'bei');
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), (words) => {
        const q = words.join(' ');
        expect(readExclusions(q)).toEqual({ q, exclusions: [] });
      }),
    );
  });
});

describe('namedFilters', () => {
  it('names a place by the location filter, an employer by the company filter, either by both, a seniority by none', () => {
    expect(namedFilters({ kind: 'location', value: 'berlin' })).toEqual(['location']);
    expect(namedFilters({ kind: 'company', value: 'buck' })).toEqual(['company']);
    expect(namedFilters({ kind: 'either', value: 'buck' })).toEqual(['location', 'company']);
    // A seniority is held by the title, which no word filter names.
    expect(namedFilters({ kind: 'seniority', value: 'juniors' })).toEqual([]);
  });
});
