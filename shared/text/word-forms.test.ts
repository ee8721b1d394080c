import fc from 'fast-check';
import { stemmer } from 'stemmer';
import { describe, expect, it } from 'vitest';
import { americanSpelling, STEM_EXCEPTIONS } from './word-form-exceptions.rules.ts';
import { isPassiveAt, textForms, wordForm, wordForms } from './word-forms.ts';

describe('wordForm', () => {
  it('gives plural and derived English forms one stem', () => {
    expect(new Set(['prototyping', 'prototype', 'prototypes'].map(wordForm)).size).toBe(1);
    expect(wordForm('researchers')).toBe(wordForm('research'));
    expect(wordForm('illustrated')).toBe(wordForm('illustration'));
    expect(wordForm('animators')).toBe(wordForm('animation'));
  });

  it('keeps apart the words Porter would join to another word, and keeps each of their families together', () => {
    for (const [word, other] of [['production', 'product'], ['visualization', 'visual'], ['news', 'new'], ['organization', 'organic'], ['generative', 'general'], ['community', 'communication'], ['animal', 'animation'], ['engine', 'engineer'], ['experiment', 'experience'], ['business', 'busy'], ['international', 'intern'], ['productivity', 'product'], ['mobility', 'mobile'], ['industrial', 'industry'], ['publication', 'public'], ['conversion', 'conversation']]) {
      expect(wordForm(word!), word).not.toBe(wordForm(other!));
    }
    expect(new Set(['production', 'productions'].map(wordForm)).size).toBe(1);
    expect(new Set(['visualize', 'visualizing', 'visualization', 'visualisations', 'visualizer'].map(wordForm)).size).toBe(1);
    expect(new Set(['experiment', 'experimental', 'experiments'].map(wordForm)).size).toBe(1);
  });

  it('joins who does a craft to the craft where Porter keeps them apart', () => {
    for (const family of [
      ['strategist', 'strategists', 'strategy', 'strategies', 'strategic'],
      ['sculptor', 'sculpture', 'sculpting', 'sculpted'],
      ['coder', 'coders', 'coding', 'code'],
      ['photographer', 'photography', 'photographic', 'photographs'],
      ['typographer', 'typography', 'typographic'],
      ['calligrapher', 'calligraphy'],
      ['videographer', 'videography'],
      ['cinematographer', 'cinematography'],
      ['ethnographer', 'ethnography'],
    ]) {
      expect([family[0], new Set(family.map(wordForm)).size]).toEqual([family[0], 1]);
    }
  });

  it('joins an irregular past to its verb, but no past that is also a first name', () => {
    for (const [past, verb] of [['led', 'leads'], ['built', 'building'], ['rebuilt', 'rebuild'], ['drawn', 'drawing'], ['redrawn', 'redraws'], ['wrote', 'writes'], ['written', 'writing'], ['rewritten', 'rewrite'], ['taught', 'teaches'], ['grown', 'growing'], ['oversaw', 'oversees']]) {
      expect([past, wordForm(past!)]).toEqual([past, wordForm(verb!)]);
    }
    for (const name of ['drew', 'ran', 'made', 'won']) expect(wordForm(name)).toBe(name);
  });

  it('stems a British spelling as the American one', () => {
    for (const [british, american] of [
      ['colour', 'color'], ['colours', 'colors'], ['colourful', 'colorful'], ['colourist', 'colorist'], ['behavioural', 'behavioral'],
      ['localisation', 'localization'], ['localised', 'localized'], ['optimising', 'optimizing'], ['personalisation', 'personalization'],
      ['customised', 'customized'], ['specialised', 'specialized'], ['synthesise', 'synthesize'], ['prioritising', 'prioritizing'],
      ['stylised', 'stylized'], ['centre', 'center'], ['centred', 'centered'], ['theatre', 'theater'], ['catalogue', 'catalog'],
      ['dialogues', 'dialogs'], ['jewellery', 'jewelry'], ['grey', 'gray'], ['programme', 'program'], ['licence', 'license'],
      ['ageing', 'aging'], ['artefacts', 'artifacts'], ['colourisation', 'colorization'], ['organisational', 'organizational'],
    ]) {
      expect([british, wordForm(british!)]).toEqual([british, wordForm(american!)]);
    }
  });

  it('keeps the words that only look British as they are: "-ise" alone, "our" inside a word', () => {
    for (const word of ['expertise', 'enterprise', 'advertise', 'advertising', 'promise', 'wise', 'four', 'tour', 'hour', 'contour', 'your', 'synthesis', 'emphasis', 'stylist', 'realistic', 'metro', 'rogue', 'constructor', 'tostring']) {
      expect([word, americanSpelling(word)]).toEqual([word, word]);
    }
  });

  it('keeps short words, codes and words with digits as they are', () => {
    for (const word of ['ux', 'ui', '3d', 'c4d', 'ue5', 'ai']) expect(wordForm(word)).toBe(word);
  });

  it('answers as the stemmer does, word after word, past the size of its cache', () => {
    const letters = (n: number) => n.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)));
    const words = Array.from({ length: 45_000 }, (_, i) => `design${letters(i)}ing`);
    for (const word of [...words, ...words.slice(0, 100)]) expect(wordForm(word)).toBe(STEM_EXCEPTIONS.get(americanSpelling(word)) ?? stemmer(americanSpelling(word)));
  });

  it('keeps words of other scripts as they are', () => {
    expect(wordForm('дизайнер')).toBe('дизайнер');
  });

  it('is stable: the stem of a stem of a plain word is a word of its own family', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,12}$/), (word) => {
        const stem = wordForm(word);
        // Only "led" grows: its verb's stem is "lead".
        if (word !== 'led') expect(stem.length).toBeLessThanOrEqual(word.length);
        expect(wordForms([word, word])).toEqual([stem, stem]);
      }),
    );
  });
});

describe('textForms', () => {
  it('keeps a passive participle before "by" as it is: the text says what someone else did', () => {
    const words = ['mentored', 'by', 'a', 'creative', 'director', 'known', 'for', 'mentoring'];
    expect(textForms(words)).toEqual(['mentored', 'by', 'a', wordForm('creative'), wordForm('director'), 'known', 'for', wordForm('mentoring')]);
    expect(textForms(words)[0]).not.toBe(wordForm('mentor'));
    // Not before "by", or no participle: the stem.
    expect(textForms(['mentored', 'juniors'])).toEqual(wordForms(['mentored', 'juniors']));
    expect(isPassiveAt(['bed', 'by'], 0)).toBe(false);
    // An irregular participle is a passive too: "Led by a VP of Design" says who leads.
    expect(isPassiveAt(['led', 'by'], 0)).toBe(true);
    expect(isPassiveAt(['taught', 'by'], 0)).toBe(true);
    expect(isPassiveAt(['inspired', 'by'], 0)).toBe(true);
  });

  it('is wordForms wherever no word stands before "by"', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,10}$/).filter((w) => w !== 'by'), { maxLength: 12 }), (words) => {
        expect(textForms(words)).toEqual(wordForms(words));
      }),
    );
  });
});
