import { describe, expect, it } from 'vitest';
import { readPreferences } from './query-preferences.ts';

describe('readPreferences', () => {
  it('sets apart a place or an employer a request hedges, and keeps the rest', () => {
    expect(readPreferences('ux researcher in north america, ideally ex google')).toEqual({ q: 'ux researcher in north america,', preferences: [{ kind: 'company', value: 'google' }] });
    expect(readPreferences('ux researchers, preferably based in Berlin')).toEqual({ q: 'ux researchers,', preferences: [{ kind: 'location', value: 'Berlin' }] });
    expect(readPreferences('motion designer, bonus if they worked at Buck').preferences).toEqual([{ kind: 'company', value: 'Buck' }]);
    expect(readPreferences('illustrator, ideally someone who has worked at Pentagram').preferences).toEqual([{ kind: 'company', value: 'Pentagram' }]);
    expect(readPreferences('designer, preferably from Spotify').preferences).toEqual([{ kind: 'either', value: 'Spotify' }]);
  });

  it('sets apart a seniority a request hedges: the title holds it', () => {
    expect(readPreferences('product designers in berlin, ideally senior')).toEqual({ q: 'product designers in berlin,', preferences: [{ kind: 'seniority', value: 'senior' }] });
    expect(readPreferences('motion designer, preferably a senior designer').preferences).toEqual([{ kind: 'seniority', value: 'senior' }]);
    expect(readPreferences('illustrator, ideally freelance or contractor').preferences).toEqual([
      { kind: 'seniority', value: 'freelance' },
      { kind: 'seniority', value: 'contractor' },
    ]);
    // One that starts a role is the role's word: "ideally senior product designers" asks for them.
    expect(readPreferences('ideally senior product designers').preferences).toEqual([]);
  });

  it('reads each alternative of an "or" list, and "ex-" as "ex"', () => {
    expect(readPreferences('product designer ideally ex-Stripe or Figma')).toEqual({
      q: 'product designer',
      preferences: [
        { kind: 'company', value: 'Stripe' },
        { kind: 'company', value: 'Figma' },
      ],
    });
  });

  it('leaves a request alone where the hedge names no place or employer', () => {
    for (const q of ['brand designer in london, nice to have: packaging experience', 'a product designer who ideally has fintech experience', 'ux researcher in berlin', 'ex-Google designers']) {
      expect(readPreferences(q), q).toEqual({ q, preferences: [] });
    }
    expect(readPreferences(undefined)).toEqual({ q: undefined, preferences: [] });
  });

  it('leaves nothing of a request that only states a preference', () => {
    expect(readPreferences('ideally in berlin')).toEqual({ q: undefined, preferences: [{ kind: 'location', value: 'berlin' }] });
  });
});
