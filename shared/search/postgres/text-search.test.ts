import { describe, expect, it } from 'vitest';
import { editDistance, formLexeme, lexeme, maxEdits, searchWords, TsvectorBuilder, VALUE_GAP, wordFilterQuery } from './text-search.ts';

describe('text-search', () => {
  it('folds words as the Elasticsearch documents do', () => {
    expect(searchWords('Zoë Ångström — São Paulo, US')).toEqual(['zoe', 'angstrom', 'sao', 'paulo', 'us']);
  });

  it('splits words longer than 255 characters as the standard tokenizer does', () => {
    expect(searchWords('a'.repeat(300)).map((w) => w.length)).toEqual([255, 45]);
  });

  it('allows typos by word length as AUTO:4,8', () => {
    expect([maxEdits('ann'), maxEdits('anna'), maxEdits('francis'), maxEdits('francisc')]).toEqual([0, 1, 1, 2]);
  });

  it('counts a swap of adjacent letters as one edit (optimal string alignment)', () => {
    expect(editDistance('jhon', 'john')).toBe(1);
    expect(editDistance('smith', 'smyth')).toBe(1);
    expect(editDistance('francisco', 'franciso')).toBe(1);
    expect(editDistance('ca', 'abc')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('keeps the values of a field apart by a position gap, with weights', () => {
    const tsv = new TsvectorBuilder().add(['Acme Studio'], 'A').add(['Globex', 'Studio X'], 'C').toString();
    // name at 1-2; then each company one gap further on: Globex at 103, Studio X at 204-205.
    expect(VALUE_GAP).toBe(100);
    expect(tsv).toBe(`'acme':1A 'studio':2A,204C 'globex':103C 'x':205C`);
  });

  it('builds word-prefix phrases, and nothing for a value without words', () => {
    expect(wordFilterQuery('location', 'San Fr')).toBe(`( 'san':* <-> 'fr':* )`);
    expect(wordFilterQuery('location', 'Ber')).toBe(`( 'ber':* )`);
    expect(wordFilterQuery('location', '東京')).toBe(`( '東京':* )`);
    // A code of one or two letters alone: a location code, the names it stands for; any other, the whole word.
    expect(wordFilterQuery('location', 'DE')).toBe(`( 'germany' )`);
    expect(wordFilterQuery('location', 'LA')).toMatch(/^\( \( .+ \) \| \( 'los' <-> 'angeles' \) \)$/);
    expect(wordFilterQuery('location', 'QX')).toBe(`( 'qx' )`);
    expect(wordFilterQuery('company', 'DE')).toBe(`( 'de' )`);
    expect(wordFilterQuery('location', ' !! ')).toBeNull();
    expect(lexeme('us', { prefix: true, weights: 'AB' })).toBe(`'us':*AB`);
  });
});

describe('TsvectorBuilder with forms', () => {
  it('puts each word\'s stem, marked, at the word\'s own position, and keeps stems out of the vocabulary', () => {
    const builder = new TsvectorBuilder().add(['Brandt'], 'A').add(['Prototyping researchers'], 'B', { forms: true });
    expect(builder.toString()).toBe(`'brandt':1A 'prototyping':${2 + VALUE_GAP}B 'researchers':${3 + VALUE_GAP}B '~prototyp':${2 + VALUE_GAP}B '~research':${3 + VALUE_GAP}B`);
    expect(builder.words()).toEqual(['brandt', 'prototyping', 'researchers']);
    expect(formLexeme('prototyp', 'BC')).toBe("'~prototyp':BC");
  });

  it('keeps a passive participle before "by" as it is among the stems, as the documents do (textForms)', () => {
    const builder = new TsvectorBuilder().add(['Mentored by a mentor'], 'C', { forms: true });
    expect(builder.toString()).toBe("'mentored':1C 'by':2C 'a':3C 'mentor':4C '~mentored':1C '~by':2C '~a':3C '~mentor':4C");
  });

  it('adds stems alone at positions of their own and a weight of their own (a role\'s title stems)', () => {
    const builder = new TsvectorBuilder().add(['UX Researcher Monzo']).addStems(['UX Researcher'], 'A');
    expect(builder.toString()).toBe(`'ux':1D 'researcher':2D 'monzo':3D '~ux':${4 + VALUE_GAP}A '~research':${5 + VALUE_GAP}A`);
    expect(builder.words()).toEqual(['ux', 'researcher', 'monzo']);
  });
});
