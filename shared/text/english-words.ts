import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';

/**
 * The English words of word-list (274,000, from SCOWL: no names of people, places or companies), held as one
 * sorted string of lines and searched by halves: about 3 MB, where a Set of them took 31 MB of heap. Read on
 * first use.
 */
let list: { sorted: string; others: ReadonlySet<string> } | undefined;

/**
 * The file is sorted but for a few words (two in word-list 4.1): read line by line, the lines in order make
 * the sorted string and any other is set aside. Splitting it into 274,000 strings to sort them took 37 MB
 * of RSS at its peak, where this takes 16, which the embedded API's budget of 300 MiB felt.
 */
function words(): { sorted: string; others: ReadonlySet<string> } {
  if (list) return list;
  const text = readFileSync(wordListPath, 'utf8');
  const kept: string[] = [];
  const others = new Set<string>();
  let last = '';
  let keptFrom = 0;
  for (let at = 0; at <= text.length; ) {
    const next = text.indexOf('\n', at);
    const end = next < 0 ? text.length : next;
    const word = text.slice(at, end);
    if (word.length === 0 || word <= last) {
      kept.push(text.slice(keptFrom, at));
      if (word.length > 0) others.add(word);
      keptFrom = end + 1;
    } else {
      last = word;
    }
    at = end + 1;
  }
  kept.push(text.slice(keptFrom));
  const sorted = `\n${kept.join('')}`;
  return (list = { sorted: sorted.endsWith('\n') ? sorted : `${sorted}\n`, others });
}

/** The word at the line around `at` of the sorted list, with where its line starts. */
function lineAt(list: string, at: number): { word: string; start: number; end: number } {
  const start = list.lastIndexOf('\n', at) + 1;
  const end = list.indexOf('\n', start);
  return { word: list.slice(start, end), start, end };
}

/** True when `word` (folded, lower case) is an English word of the list ("detail", "pineapple"), not a name ("ingrid", "volvo"). */
export function isEnglishWord(word: string): boolean {
  const { sorted: list, others } = words();
  if (others.has(word)) return true;
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
