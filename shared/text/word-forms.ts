import { stemmer } from 'stemmer';
import { americanSpelling, IRREGULAR_PASTS, STEM_EXCEPTIONS } from './word-form-exceptions.rules.ts';

/**
 * Word forms: English plural and derived forms share a stem ("prototyping", "prototypes" and "prototype"
 * are all "prototyp"; "illustrated", "illustrator" and "illustration" are "illustr"). Porter's stemmer
 * (the `stemmer` package) runs in the application, on folded words, for the same reason as folding: the
 * Elasticsearch distribution has no analysis-common module. Documents store the stems of the fields that
 * hold words (titles, descriptions) beside their words, and queries look a word's stem up there, below the
 * word itself. Names, companies and places are never stemmed: Brandt is not brand. A few words Porter would
 * join to another word's family keep a stem of their own, and British spellings stem as the American ones
 * ("colour" as "color", "localisation" as "localization": word-form-exceptions.rules.ts).
 */

/** Words shorter than this are kept as they are: "ux", "ui", "3d" and other short codes have no forms. */
const MIN_STEMMED_LENGTH = 3;

/**
 * Stems already computed. Profiles share a small vocabulary, and a highlighted page stems every word of 50
 * profiles for each query word (about 40% of the highlighter's time before this cache); bounded, and
 * emptied whole when full, so an adversarial stream of new words costs memory no more than this.
 */
const STEM_CACHE_SIZE = 20_000;
const stems = new Map<string, string>();

/** The stem of one folded word; a word with a digit or shorter than three letters is its own stem. */
export function wordForm(word: string): string {
  if (word.length < MIN_STEMMED_LENGTH || !/^[a-z]+$/.test(word)) return word;
  let stem = stems.get(word);
  if (stem === undefined) {
    if (stems.size >= STEM_CACHE_SIZE) stems.clear();
    const american = americanSpelling(word);
    stems.set(word, (stem = STEM_EXCEPTIONS.get(american) ?? stemmer(american)));
  }
  return stem;
}

/** The stems of folded words, in order, one per word (so phrases of stems keep their positions). */
export function wordForms(words: readonly string[]): string[] {
  return words.map(wordForm);
}

/**
 * Whether word k of a text is a participle in "-ed", or an irregular one, right before "by" ("Mentored by a
 * Creative Director", "inspired by", "led by"): the passive says what someone else did, so the word shares no stem with the doer's craft,
 * and "mentor" or "mentoring" finds the designers known for mentoring, not those a mentor taught. It is still
 * found as written ("mentored").
 */
export function isPassiveAt(words: readonly string[], k: number): boolean {
  const word = words[k]!;
  return words[k + 1] === 'by' && ((word.length > 4 && word.endsWith('ed')) || IRREGULAR_PASTS.has(word));
}

/**
 * The stems of a text's folded words as documents store them: wordForms, but a passive participle
 * (isPassiveAt) keeps itself, which no query's stem is. `stem` is wordForm but where the highlights take
 * another (their tests' stand-in).
 */
export function textForms(words: readonly string[], stem: (word: string) => string = wordForm): string[] {
  return words.map((word, k) => (isPassiveAt(words, k) ? word : stem(word)));
}
