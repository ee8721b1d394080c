import { describe, expect, it } from 'vitest';
import { tokenize } from '../text/fold.ts';
import { filterPhrases } from './filter-phrases.ts';

const phrases = (filter: string, value: string) => filterPhrases(filter, value, tokenize);

describe('filterPhrases', () => {
  it('keeps every word a prefix, in order, for anything but a code alone', () => {
    expect(phrases('location', 'San Fr')).toEqual([{ words: ['san', 'fr'], prefix: true }]);
    expect(phrases('location', 'ber')).toEqual([{ words: ['ber'], prefix: true }]);
    expect(phrases('location', '東京')).toEqual([{ words: ['東京'], prefix: true }]);
    expect(phrases('company', 'Acme Studio')).toEqual([{ words: ['acme', 'studio'], prefix: true }]);
  });

  it('reads a location code as the names it stands for, whole words: the country, the city, or both', () => {
    expect(phrases('location', 'DE')).toEqual([{ words: ['germany'], prefix: false }]);
    expect(phrases('location', 'sf')).toEqual([{ words: ['san', 'francisco'], prefix: false }]);
    const la = phrases('location', 'LA').map((p) => p.words.join(' '));
    expect(la).toContain('los angeles');
    expect(la).toHaveLength(2);
    expect(la).not.toContain('la');
  });

  it('keeps a code that stands for no place, a company code and one letter as the whole word', () => {
    expect(phrases('location', 'qx')).toEqual([{ words: ['qx'], prefix: false }]);
    expect(phrases('location', 'u')).toEqual([{ words: ['u'], prefix: false }]);
    expect(phrases('company', 'de')).toEqual([{ words: ['de'], prefix: false }]);
    expect(phrases('company', '3M')).toEqual([{ words: ['3m'], prefix: false }]);
  });

  it('has nothing to match in a value without words', () => {
    expect(phrases('location', ' ,;() ')).toEqual([]);
  });
});
