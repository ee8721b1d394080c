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

  it('sets apart the skills, tools and domains a request hedges, before or after them', () => {
    const skills = (q: string) => readPreferences(q).preferences.map(({ kind, value }) => `${kind}:${value}`);
    expect(readPreferences('motion designer in london, bonus if they know houdini and octane')).toEqual({
      q: 'motion designer in london,',
      preferences: [
        { kind: 'skill', value: 'houdini' },
        { kind: 'skill', value: 'octane' },
      ],
    });
    expect(skills('brand designer in london, nice to have: packaging experience')).toEqual(['skill:packaging experience']);
    expect(skills('a product designer who ideally has fintech experience')).toEqual(['skill:fintech experience']);
    expect(skills('senior ux designer, ideally with experience in fintech or insurance')).toEqual(['skill:fintech', 'skill:insurance']);
    expect(skills('ux designer in berlin, fintech experience a plus')).toEqual(['skill:fintech experience']);
    expect(skills('motion designer, experience with Cinema 4D is a big plus')).toEqual(['skill:Cinema 4D']);
    expect(skills('3d artist - blender a plus')).toEqual(['skill:blender']);
    expect(readPreferences('3d artist - blender a plus').q).toBe('3d artist -');
    // A place or an employer after the hedge is read as one, before any skill.
    expect(skills('illustrator, ideally someone who has worked at Pentagram')).toEqual(['company:Pentagram']);
    // A skill ends where another part of the request starts.
    expect(readPreferences('product designer, ideally knows figma, based in berlin').q).toBe('product designer, based in berlin');
  });

  it('leaves a request alone where nothing is hedged', () => {
    for (const q of ['ux researcher in berlin', 'ex-Google designers', 'a plus size fashion designer', 'bonus points designers']) {
      expect(readPreferences(q), q).toEqual({ q, preferences: [] });
    }
    expect(readPreferences(undefined)).toEqual({ q: undefined, preferences: [] });
  });

  it('leaves nothing of a request that only states a preference', () => {
    expect(readPreferences('ideally in berlin')).toEqual({ q: undefined, preferences: [{ kind: 'location', value: 'berlin' }] });
  });
});
