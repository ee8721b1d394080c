import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';

/**
 * The English words of word-list (274,000, from SCOWL: no names of people, places or companies), held as one
 * sorted string of lines and searched by halves: about 3 MB, where a Set of them took 31 MB of heap. Read on
 * first use.
 */
let sorted: string | undefined;

function words(): string {
  sorted ??= `\n${readFileSync(wordListPath, 'utf8').split('\n').filter(Boolean).sort().join('\n')}\n`;
  return sorted;
}

/** The word at the line around `at` of the sorted list, with where its line starts. */
function lineAt(list: string, at: number): { word: string; start: number; end: number } {
  const start = list.lastIndexOf('\n', at) + 1;
  const end = list.indexOf('\n', start);
  return { word: list.slice(start, end), start, end };
}

/** True when `word` (folded, lower case) is an English word of the list ("detail", "pineapple"), not a name ("ingrid", "volvo"). */
export function isEnglishWord(word: string): boolean {
  const list = words();
  let low = 0;
  let high = list.length - 1;
  while (low < high) {
    const { word: found, start, end } = lineAt(list, Math.floor((low + high) / 2));
    if (found === word) return true;
    if (found < word) low = end + 1;
    else high = start - 1;
  }
  return false;
}
