import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLACE_OR_SKILL_PREFERENCE_BONUS_WORDS, PREFERENCE_BONUS_WORDS, preferenceBonusWords, readPreferences } from './query-preferences.ts';
import { tokenize } from '../text/fold.ts';

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

  it('reads a list of skills with commas after a hedge when "or" or "and" ends it; a comma alone ends the skill', () => {
    const skills = (q: string) => readPreferences(q).preferences.map(({ value }) => value);
    expect(readPreferences('ux designer in berlin, ideally with fintech, healthcare or insurance')).toEqual({
      q: 'ux designer in berlin,',
      preferences: ['fintech', 'healthcare', 'insurance'].map((value) => ({ kind: 'skill', value })),
    });
    expect(skills('motion designer in london, bonus if they know houdini, octane and redshift')).toEqual(['houdini', 'octane', 'redshift']);
    expect(skills('brand designer, ideally with packaging, naming, and print')).toEqual(['packaging', 'naming', 'print']);
    expect(readPreferences('ux designer in berlin, ideally with fintech, healthcare or insurance, remote ok').q).toBe('ux designer in berlin, remote ok');
    // Without "or" or "and", what follows the comma is another part of the request.
    expect(readPreferences('ux designer, ideally fintech, berlin')).toEqual({ q: 'ux designer, berlin', preferences: [{ kind: 'skill', value: 'fintech' }] });
  });

  it('reads any request of hedges, commas and list words as words it holds', () => {
    // A pattern that tries every split of a list's spaces does not finish these in minutes: no "or" ends the list.
    const part = fc.constantFrom('ideally ', 'bonus if ', 'x', 'ab cd', ' ', '  ', ',', ', ', ' , ', ' or ', ' and ', 'with ', 'a plus', 'in ');
    fc.assert(
      fc.property(fc.array(part, { maxLength: 80 }), (parts) => {
        const q = parts.join('').slice(0, 200);
        // Words, not text: a clause taken out of the middle leaves the spaces either side of it together.
        const words = new Set(tokenize(q));
        return readPreferences(q).preferences.every(({ value }) => tokenize(value).every((word) => words.has(word)));
      }),
      { numRuns: 300 },
    );
    expect(readPreferences(`a ideally ${'x , '.repeat(48)}`.slice(0, 200)).preferences).toEqual([{ kind: 'skill', value: 'x' }]);
    expect(readPreferences(`a, ideally ${'ab cd, '.repeat(27)}`.slice(0, 200)).preferences).toEqual([{ kind: 'skill', value: 'ab cd' }]);
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

describe('preferenceBonusWords', () => {
  it('gives a place or a skill about a word of a bio, an employer or a seniority less than a title word\'s next tier', () => {
    const bonus = (q: string) => readPreferences(q).preferences.map((p) => [p.kind, preferenceBonusWords(p)]);
    expect(bonus('vase designers, ideally in Porto')).toEqual([['location', PLACE_OR_SKILL_PREFERENCE_BONUS_WORDS]]);
    expect(bonus('vase designers, bonus if they know Figma')).toEqual([['skill', PLACE_OR_SKILL_PREFERENCE_BONUS_WORDS]]);
    expect(bonus('vase designers, ideally ex Quillon')).toEqual([['company', PREFERENCE_BONUS_WORDS]]);
    expect(bonus('vase designers, ideally senior')).toEqual([['seniority', PREFERENCE_BONUS_WORDS]]);
    expect(PREFERENCE_BONUS_WORDS).toBeLessThan(PLACE_OR_SKILL_PREFERENCE_BONUS_WORDS);
  });
});
