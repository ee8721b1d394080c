import { tokenize } from '../text/fold.ts';

/** One record of a small directory the hint tests count in. */
export interface HintRecord {
  category: string;
  /** Place words a location filter matches by prefix, as the engines match a place's words. */
  places: string[];
  companies: string[];
  /** The words q matches: name, title, description; the record's places are matched by q too. */
  words: string[];
  remote?: boolean;
  employment_type?: string;
}

type Filters = { q?: string; category?: string; location?: string; company?: string; remote?: boolean; employment_type?: string };

/**
 * For tests: counts as the directory does on a few records, every given filter holding at once (AND), each
 * word of q a word of the record (a plural its singular, as the engines' typo tolerance reads it). Simpler than either engine (no typos, no "enough of the words"), and
 * enough to tell a suggestion that finds someone from one that finds no one. Records every call.
 */
export function hintDirectory<F extends Filters>(records: readonly HintRecord[]) {
  const calls: F[] = [];
  const holds = (r: HintRecord, f: F) =>
    (f.category === undefined || r.category === f.category) &&
    (f.location === undefined || tokenize(f.location).every((w) => r.places.some((p) => p.startsWith(w)))) &&
    (f.company === undefined || r.companies.some((c) => c.startsWith(f.company!))) &&
    (f.remote === undefined || r.remote === f.remote) &&
    (f.employment_type === undefined || r.employment_type === f.employment_type) &&
    (f.q === undefined || tokenize(f.q).every((w) => [w, w.replace(/s$/, '')].some((form) => r.words.includes(form) || r.places.includes(form))));
  const count = async (filters: F) => {
    calls.push(filters);
    return records.filter((r) => holds(r, filters)).length;
  };
  return { count, calls };
}
