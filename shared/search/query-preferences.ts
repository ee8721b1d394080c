import { wordForm } from '../text/word-forms.ts';
import { type Exclusion, namingClause, seniorityClause, takeClauses } from './query-exclusions.ts';
import { contentWords } from './query-words.ts';

/**
 * What a request would rather have than requires, in the words people and agents hedge with: "ux researcher in
 * north america, ideally ex Google", "brand designers, preferably based in London", "motion designer, bonus if
 * they worked at Buck", "ideally senior". Read as words to find, the place or employer after the hedge was one
 * every match must hold, so the first request answered with three people who had been at Google and were no UX
 * Researchers; "motion designer in london, bonus if they know houdini and octane" required five of its seven
 * words, "bonus" and "if" among them. Both engines read the request without these clauses and rank the records
 * the clause names (as the location and company filters would match them, whole words; a seniority as the
 * current title holds it; a skill as the text holds its words) above the others, by PREFERENCE_BONUS_WORDS (a
 * place or a skill by PLACE_OR_SKILL_PREFERENCE_BONUS_WORDS). Pure.
 */

/**
 * A place, an employer or a seniority a request prefers, of the kinds an exclusion names (query-exclusions.ts),
 * or a skill, tool or domain ("ideally knows Houdini", "fintech experience a plus"): held where every word of it
 * is held, as typed or by its stem.
 */
export type Preference = Exclusion | { kind: 'skill'; value: string };

export interface QueryPreferences {
  /** The request without its clauses that state a preference; undefined when nothing is left of it. */
  q: string | undefined;
  preferences: Preference[];
}

/**
 * What a preferred employer or seniority earns, in exact words of the best field: 0.05, less than the least a
 * title's word earns above its next tier (a word's form earns a fifth less than the word), so the preference
 * orders the records that answer the rest of the request alike and lifts none above one that answers it better.
 * At one word (an "or" list of employers' bonus), "an animator in São Paulo, bonus if they worked at Klarna" put a
 * Motion Lead at Klarna above the Animators there; at a quarter, still. Those who meet the rest of the request but
 * not this still follow.
 */
export const PREFERENCE_BONUS_WORDS = 0.05;

/**
 * What a preferred place or skill earns, in exact words of the best field: about one word of a bio. Those who hold
 * the title and place a request asks differ by more than PREFERENCE_BONUS_WORDS where one title says more ("Senior
 * Motion Designer" beside "Motion Designer") or one bio holds a word more, and a skill or a place, unlike an
 * employer, is what sets them apart for the one asking: at 0.05, "motion designers in london, bonus if they know
 * cinema 4d" ranked a Motion Designer who knows neither above a Senior Motion Designer who knows both, and
 * "product designers who know design systems, ideally in Toronto" ranked the first designer in Toronto ninth.
 * Below a word of a title, it lifts no one above a holder of the title asked.
 */
export const PLACE_OR_SKILL_PREFERENCE_BONUS_WORDS = 0.35;

/** What the records holding a preference earn, in exact words of the best field. */
export const preferenceBonusWords = ({ kind }: Preference): number =>
  kind === 'skill' || kind === 'location' ? PLACE_OR_SKILL_PREFERENCE_BONUS_WORDS : PREFERENCE_BONUS_WORDS;

/** The words that hedge what follows them. */
const HEDGE = String.raw`(?:ideally|preferably|optionally|(?:bonus|extra)(?:\s+points)?\s+if|(?:a\s+)?plus\s+if|nice\s+to\s+have:?|if\s+possible,?)`;

/** Who the hedge speaks of, and how ("someone who has", "they"), before the words that introduce a place or an employer. */
const WHO = String.raw`(?:(?:someone|somebody|they|he|she|ones?)\s+)?(?:(?:who|that)\s+)?(?:(?:has|have|had|is|are|was|were)\s+)?(?:(?:previously|formerly|already|also)\s+)?`;

/** How the hedge says the person has the skill ("knows", "with", "has experience in"), before the skill. */
const HAS = String.raw`(?:(?:knows?|knowing|uses?|using|with|has|have|had|does|do)\s+)?(?:(?:some\s+|prior\s+)?(?:experience|background|skills?|knowledge|expertise|familiarity)\s+(?:in|with|of)\s+)?`;

/**
 * Where a hedged skill ends: punctuation, the end, or a word that starts another part of the request; the
 * exclusions' STOP but for "and" and "with", which join the skills of one hedge ("know houdini and octane").
 */
const SKILL_END = String.raw`(?=\s*[,.;:!?()]|\s+(?:who|that|which|based|located|living|working|in|at|from)\b|\s*$)`;

/** What follows a skill to hedge it ("fintech experience a plus", "Figma is a bonus", "packaging nice to have"). */
const HEDGE_AFTER = String.raw`(?:(?:is|are|would\s+be|will\s+be)\s+)?(?:(?:a|an)\s+(?:big\s+|huge\s+|definite\s+)?(?:plus|bonus|advantage)|nice\s+to\s+have)`;

/**
 * One skill of a list after a hedge: no punctuation, and no space at either end, so where it ends is where the
 * list's comma or "or" is, one way only. With a space allowed at its end as well as before the comma, a request
 * of "x, x, x, ..." without "or" tried every split of its spaces: minutes for 200 characters.
 */
const LIST_ITEM = String.raw`[^,.;:!?()\s](?:[^,.;:!?()]*?[^,.;:!?()\s])?`;

/** The skills of one hedge: "houdini and octane", "packaging, naming", "packaging, naming, and print", "figma or sketch". */
const SKILLS = /\s*,\s*(?:(?:and|or|&)\s+)?|\s+(?:and|or|&)\s+|\s*\/\s*/iu;

const KINDS: readonly (readonly [Preference['kind'], RegExp, RegExp?])[] = [
  // "ideally senior", "preferably a senior designer": the current title, as a seniority left out is held.
  ['seniority', seniorityClause(HEDGE)],
  ['location', namingClause([String.raw`${WHO}(?:(?:based|located|living|working)\s+)?(?:in|near|around)`], String.raw`${HEDGE}\s+`)],
  ['company', namingClause([String.raw`${WHO}(?:(?:worked|working|been|employed|interned)\s+)?(?:at|for)`, String.raw`(?:ex|former|formerly\s+at|previously\s+at)`], String.raw`${HEDGE}\s+`)],
  ['either', namingClause([String.raw`${WHO}from`], String.raw`${HEDGE}\s+`)],
  // Last, what is left after a hedge is a skill, a tool or a domain: "bonus if they know houdini and octane".
  // Not at the request's start: "ideally senior product designers" asks for them. A list of them with commas
  // ends in "or" or "and" ("ideally with fintech, healthcare or insurance"); without, a comma ends the skill.
  ['skill', new RegExp(String.raw`(?<=\S.*)(?<![\p{L}\p{N}])(?:(?:but|and)\s+)?${HEDGE}\s+${WHO}${HAS}(${LIST_ITEM}(?:\s*,\s*${LIST_ITEM})+,?\s+(?:or|and|&)\s+${LIST_ITEM})${SKILL_END}`, 'giu'), SKILLS],
  ['skill', new RegExp(String.raw`(?<=\S.*)(?<![\p{L}\p{N}])(?:(?:but|and)\s+)?${HEDGE}\s+${WHO}${HAS}([^,.;:!?()]+?)${SKILL_END}`, 'giu'), SKILLS],
  // …or before the words that hedge it, from the start of its part of the request: ", fintech experience a plus".
  ['skill', new RegExp(String.raw`(?<=^|[,.;:(]|\s-)\s*(?:${WHO}${HAS})?((?:(?!\s-\s)[^,.;:!?()])+?)\s+${HEDGE_AFTER}(?=\s*[,.;:!?()]|\s*$)`, 'giu'), SKILLS],
];

/** The request without the clauses that state a preference, and what they prefer ("ideally at stripe or figma": both; "ideally knows houdini and octane": both). */
export function readPreferences(q: string | undefined): QueryPreferences {
  if (!q) return { q, preferences: [] };
  // "ex-Google" is "ex Google" to the words that follow the hedge.
  const { rest, named } = takeClauses(q.replace(/(?<![\p{L}\p{N}])ex-(?=\p{L})/giu, 'ex '), KINDS);
  return { q: named.length === 0 ? q : rest || undefined, preferences: named };
}

/**
 * The words a record holds to meet a skill a request prefers, each as typed and by its stem: its content words
 * ("fintech experience": fintech; "experience with Cinema 4D": cinema, 4d). Both engines ask for every one.
 */
export function skillWords(value: string): { word: string; form: string }[] {
  return contentWords(value).map((word) => ({ word, form: wordForm(word) }));
}
