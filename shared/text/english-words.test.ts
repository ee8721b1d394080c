import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';
import { describe, expect, it } from 'vitest';
import { isEnglishWord } from './english-words.ts';

describe('isEnglishWord', () => {
  it('knows the words of English, first and last of the list included', () => {
    for (const word of ['aa', 'detail', 'oriented', 'pineapple', 'coffee', 'award', 'winning', 'grace', 'smith', 'zyzzyva']) expect([word, isEnglishWord(word)]).toEqual([word, true]);
  });

  it('does not know names of people, places and companies, nor what is no word', () => {
    for (const word of ['ingrid', 'thorvaldsdottir', 'priya', 'kwame', 'volvo', 'deutsche', 'chen', '', 'zzzzzz', 'a1']) expect([word, isEnglishWord(word)]).toEqual([word, false]);
  });

  it('finds every word of the list, those out of its order included', () => {
    const all = readFileSync(wordListPath, 'utf8').split('\n').filter(Boolean);
    expect(all.filter((word) => !isEnglishWord(word))).toEqual([]);
    for (const word of ['manlihood', 'manlily', 'sharrowed', 'sharrows']) expect(isEnglishWord(word)).toBe(true);
  });
});
