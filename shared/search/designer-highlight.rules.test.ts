import { describe, expect, it } from 'vitest';
import { buildDesigner } from '../domain/designer.builder.ts';
import { CURATED_SYNONYM_SET, wordFormsOf } from './query-synonyms.ts';
import { designerMatch, FRAGMENT_LENGTH, fragmentOf, highlightWords, markedHtml } from './designer-highlight.rules.ts';

const role = (title: string, company: string) => ({ title, company, company_url: null });
/** The word forms of the curated list, as the API's highlights read them without stored rules. */
const CURATED_WORD_FORMS = wordFormsOf(CURATED_SYNONYM_SET);

const sara = buildDesigner({
  name: 'Sara Ölund',
  location: 'Munich, DE',
  description: 'Loves prototyping & <b>motion</b>; previously at a studio.',
  current_role: role('Illustrator', 'Canva'),
  previous_roles: [role('Senior Product Designer', 'Figma'), role('Lead Designer', 'Miro')],
});

const match = (q: string, extra: { company?: string; location?: string } = {}, designer = sara) => designerMatch(designer, highlightWords({ q, ...extra }));

describe('designerMatch', () => {
  it('names the role holding most of the words, current or previous, with its fragments', () => {
    const found = match('senior product designer figma')!;
    expect(found.reason).toBe('previous role: Senior Product Designer at Figma');
    const title = found.fields.find((f) => f.field === 'title' && f.role?.company === 'Figma')!;
    expect(title).toEqual({
      field: 'title',
      role: { title: 'Senior Product Designer', company: 'Figma', current: false },
      text: 'Senior Product Designer',
      offsets: [[0, 6], [7, 14], [15, 23]],
      html: '<mark>Senior</mark> <mark>Product</mark> <mark>Designer</mark>',
    });
    expect(found.fields.find((f) => f.field === 'company' && f.role?.company === 'Figma')?.offsets).toEqual([[0, 5]]);
    expect(match('illustrator canva')!.reason).toBe('current role: Illustrator at Canva');
  });

  it('the description, with the words as written, escaped in html', () => {
    const found = match('prototyping motion')!;
    expect(found.reason).toBe('description mentions prototyping, motion');
    const description = found.fields.find((f) => f.field === 'description')!;
    expect(description.offsets.map(([s, e]) => description.text.slice(s, e))).toEqual(['prototyping', 'motion']);
    expect(description.html).toBe('Loves <mark>prototyping</mark> &amp; &lt;b&gt;<mark>motion</mark>&lt;/b&gt;; previously at a studio.');
  });

  it('marks initials joined by "&" whole, as the engines read them: one word', () => {
    const hm = buildDesigner({ ...sara, current_role: role('Brand Designer', 'H&M'), description: 'Campaigns for AT&T and T-Mobile.' });
    const found = match('brand designer at h&m', {}, hm)!;
    expect(found.reason).toBe('current role: Brand Designer at H&M');
    expect(found.fields.find((f) => f.field === 'company')?.offsets).toEqual([[0, 3]]);
    const description = match('AT&T', {}, hm)!.fields.find((f) => f.field === 'description')!;
    expect(description.offsets.map(([s, e]) => description.text.slice(s, e))).toEqual(['AT&T']);
  });

  it('a name matched across accents, a typo and the last word as a prefix', () => {
    expect(match('sara olund')!.reason).toBe('name: Sara Ölund');
    expect(match('srah')).toBeNull();
    expect(match('Figam')!.reason).toBe('previous role: Senior Product Designer at Figma');
    expect(match('illus')!.fields[0]).toMatchObject({ field: 'title', text: 'Illustrator', offsets: [[0, 11]] });
  });

  it('the word cut short by two letters is no typo of it: a namesake is not marked', () => {
    const priya = { ...sara, name: 'Priya Vandenberg' };
    expect(match('vandenberghe', {}, priya)).toBeNull();
    // One letter more or less is a typo.
    expect(match('vandenbergh', {}, priya)!.reason).toBe('name: Priya Vandenberg');
    expect(match('vandenbreg', {}, priya)!.reason).toBe('name: Priya Vandenberg');
  });

  it('a change of the first letter costs two edits, as the engines count it', () => {
    // "Gigma" is one letter from Figma, the first: another word.
    expect(match('gigma')).toBeNull();
    const priya = { ...sara, name: 'Priya Vandenberg' };
    expect(match('wandenberg', {}, priya)!.reason).toBe('name: Priya Vandenberg');
    expect(match('wandenbreg', {}, priya)).toBeNull();
  });

  it('a location matched by another name of its place is marked whole', () => {
    const found = match('germany')!;
    expect(found.reason).toBe('based in Munich, DE');
    expect(found.fields).toEqual([{ field: 'location', text: 'Munich, DE', offsets: [[0, 10]], html: '<mark>Munich, DE</mark>' }]);
    // The other words for remote work are names of a remote location, as search reads them.
    const remote = { ...sara, location: 'Remote (EU)' };
    expect(match('remotely', {}, remote)!.fields).toEqual([{ field: 'location', text: 'Remote (EU)', offsets: [[0, 11]], html: '<mark>Remote (EU)</mark>' }]);
    expect(match('teletrabajo', {}, remote)!.reason).toBe('based in Remote (EU)');
  });

  it('the company and location filters mark their own fields', () => {
    const found = designerMatch(sara, highlightWords({ company: 'Miro' }))!;
    expect(found.reason).toBe('previous role: Lead Designer at Miro');
    expect(found.fields).toEqual([
      { field: 'company', role: { title: 'Lead Designer', company: 'Miro', current: false }, text: 'Miro', offsets: [[0, 4]], html: '<mark>Miro</mark>' },
    ]);
    expect(designerMatch(sara, highlightWords({ location: 'munich' }))!.reason).toBe('based in Munich, DE');
  });

  it('what the request leaves out is no reason to match', () => {
    // Sara was a Lead Designer at Miro and is in Munich: neither is why she answers these.
    expect(match('illustrator not at miro')!.reason).toBe('current role: Illustrator at Canva');
    expect(match('illustrator not at miro')!.fields.map((f) => f.field)).toEqual(['title']);
    expect(match('illustrators outside germany')!.fields.map((f) => f.field)).toEqual(['title']);
    expect(match('not in berlin')).toBeNull();
  });

  it('nothing to find without words', () => {
    expect(designerMatch(sara, highlightWords({}))).toBeNull();
  });

  it('counts a word form the hook gives as the word, in titles and descriptions only', () => {
    // A stand-in for the word-forms rules: a crude stem, and the forms that count as a query word.
    const stem = (word: string) => word.replace(/(ing|es|s|ed|ion|or)$/, '');
    const wordForms = { stem, expand: (q: string | undefined) => (q ?? '').split(' ').map((word) => ({ forms: [stem(word)], phrases: [], meanings: [] })) };
    expect(designerMatch(sara, highlightWords({ q: 'prototypes' }, wordForms))!.reason).toBe('description mentions prototyping');
    expect(designerMatch(sara, highlightWords({ q: 'prototypes' }))).toBeNull();
    expect(designerMatch(sara, highlightWords({ q: 'illustration' }, wordForms))!.reason).toBe('current role: Illustrator at Canva');
    // Companies are never matched by their forms: an illustrator is no "Illustrations Ltd".
    const studio = buildDesigner({ name: 'Bo Li', description: '', location: '', current_role: role('Painter', 'Illustrations Ltd'), previous_roles: [] });
    expect(designerMatch(studio, highlightWords({ q: 'illustrator' }, wordForms))).toBeNull();
  });

  it('marks word forms and one-word synonyms with the curated rules the engines use', () => {
    expect(designerMatch(sara, highlightWords({ q: 'prototypes' }, CURATED_WORD_FORMS))!.reason).toBe('description mentions prototyping');
    const animator = buildDesigner({ name: 'Kai Berg', description: '', location: '', current_role: role('Animator', 'Pixar'), previous_roles: [] });
    const found = designerMatch(animator, highlightWords({ q: 'animation' }, CURATED_WORD_FORMS));
    expect(found?.fields.map((f) => f.field)).toContain('title');
  });

  it('marks no passive participle for a word form, as the engines store it: "mentored by" is not mentoring', () => {
    const mentee = buildDesigner({ name: 'Kai Berg', description: 'Mentored by a creative director.', location: '', current_role: role('Animator', 'Pixar'), previous_roles: [] });
    expect(designerMatch(mentee, highlightWords({ q: 'mentoring' }, CURATED_WORD_FORMS))).toBeNull();
    expect(designerMatch(mentee, highlightWords({ q: 'mentored' }, CURATED_WORD_FORMS))!.reason).toBe('description mentions mentored');
    const mentor = buildDesigner({ name: 'Kai Berg', description: 'Known for mentoring juniors.', location: '', current_role: role('Animator', 'Pixar'), previous_roles: [] });
    expect(designerMatch(mentor, highlightWords({ q: 'mentor' }, CURATED_WORD_FORMS))!.reason).toBe('description mentions mentoring');
  });

  it('marks a synonym phrase whole where its words stand side by side, and names the role holding it', () => {
    const hailee = buildDesigner({ name: 'Hailee Kim', description: 'Leads campaigns. Works with art direction.', location: 'Paris, FR', current_role: role('Creative Director', 'Beacon'), previous_roles: [] });
    for (const q of ['art director paris', 'directrice artistique paris', 'Kreativdirektorin Paris']) {
      const found = designerMatch(hailee, highlightWords({ q }, CURATED_WORD_FORMS))!;
      expect(found.reason, q).toBe('current role: Creative Director at Beacon');
      expect(found.fields.find((f) => f.field === 'title')?.html, q).toBe('<mark>Creative</mark> <mark>Director</mark>');
    }
    // Among roles holding as many words, the one holding the word itself is the reason, not a synonym of it.
    const erik = buildDesigner({ name: 'Erik Berg', description: '', location: '', current_role: role('Motion Designer', 'Pied Piper'), previous_roles: [role('Animator', 'Acme')] });
    const animator = designerMatch(erik, highlightWords({ q: 'animator' }, CURATED_WORD_FORMS))!;
    expect(animator.reason).toBe('previous role: Animator at Acme');
    expect(animator.fields.map((f) => f.html)).toEqual(['<mark>Motion</mark> <mark>Designer</mark>', '<mark>Animator</mark>']);
    // What a word in another language means is the word itself: "ilustradora" names the Illustrator role, not
    // the Paris in the location, though each holds one word.
    const ines = buildDesigner({ name: 'Ines Roy', description: '', location: 'Paris, FR', current_role: role('Illustrator', 'Lumen'), previous_roles: [] });
    expect(designerMatch(ines, highlightWords({ q: 'ilustradora paris' }, CURATED_WORD_FORMS))!.reason).toBe('current role: Illustrator at Lumen');
    // The words of a phrase apart are not the phrase: "creative" and "director" in two sentences.
    const apart = buildDesigner({ name: 'Ola Nor', description: 'A creative mind. Reports to the director.', location: '', current_role: role('Account Manager', 'Beacon'), previous_roles: [] });
    expect(designerMatch(apart, highlightWords({ q: 'directrice artistique' }, CURATED_WORD_FORMS))).toBeNull();
  });
});

describe('fragments', () => {
  it('a long text is cut around its first match at word boundaries, offsets moved with it', () => {
    const text = `${'word '.repeat(60)}prototyping ${'more '.repeat(60)}`.trim();
    const at = text.indexOf('prototyping');
    const cut = fragmentOf(text, [[at, at + 11]]);
    expect(cut.text.length).toBeLessThanOrEqual(FRAGMENT_LENGTH);
    expect(cut.text.startsWith('…')).toBe(true);
    expect(cut.text.endsWith('…')).toBe(true);
    const [[s, e]] = cut.offsets as [[number, number]];
    expect(cut.text.slice(s, e)).toBe('prototyping');
  });

  it('marks and escapes', () => {
    expect(markedHtml('a<b c', [[2, 3]])).toBe('a&lt;<mark>b</mark> c');
  });
});
