/**
 * What a request asks to leave out, in the words people and agents write: "brand designers not in London",
 * "product designers, not at Google", "illustrators outside Europe", "motion designers excluding Buck",
 * "senior product designers, no juniors". Read as words to find, the place after "not in" was a place every
 * match must hold, so the first request answered with the people in London, and "no juniors" ranked the
 * juniors up. Both engines read the request without these clauses and leave out the records the clause
 * names: a place or an employer as the location and company filters would match them (whole words, no
 * prefixes: "not at Meta" keeps Metalab), a seniority or engagement as the current title holds it. Pure.
 */

/**
 * One thing a request leaves out: its words as typed, and what names it: the location or company filter
 * (either: both), or the current title (seniority: "juniors", "interns", "freelancers", with the words the
 * synonym rules give them).
 */
export interface Exclusion {
  kind: 'location' | 'company' | 'either' | 'seniority';
  value: string;
}

export interface QueryExclusions {
  /** The request without its clauses that leave things out; undefined when nothing is left of it. */
  q: string | undefined;
  exclusions: Exclusion[];
}

/** The words that leave out whatever follows them, a place or an employer ("excluding Buck", "except those in Berlin"). */
const LEAVE_OUT = String.raw`(?:excluding|except(?:\s+for)?|other\s+than|but\s+not)`;

/** Who a clause that leaves out names before saying where ("except the ones at Google"). */
const PEOPLE = String.raw`(?:the\s+ones|ones|those|anyone|anybody|people|designers)`;

/** The words that, after "not" and its kin, introduce a place, in English and the languages of the synonym rules. */
const PLACE_MARKERS = [
  String.raw`(?:not|never)\s+(?:(?:based|located|living|working)\s+)?(?:in|from)`,
  String.raw`outside(?:\s+of)?(?!\s+the\s+box\b)`,
  String.raw`nicht\s+in`,
  String.raw`außerhalb(?:\s+von)?`,
  String.raw`no\s+en`,
  String.raw`fuera\s+de`,
  String.raw`pas\s+(?:à|a|en)`,
  String.raw`hors\s+de`,
  String.raw`não\s+em`,
  String.raw`fora\s+de`,
  String.raw`non\s+(?:a|in)`,
  String.raw`fuori\s+da`,
  String.raw`${LEAVE_OUT}\s+${PEOPLE}\s+(?:based\s+)?in`,
];

/** …an employer: "not at Google", "never worked at Uber", "nicht bei Siemens", "pas chez Ubisoft". */
const EMPLOYER_MARKERS = [
  String.raw`(?:not|never)\s+(?:(?:worked|working|employed|been)\s+)?(?:at|for)(?!\s+profit\b)`,
  String.raw`nicht\s+bei`,
  String.raw`pas\s+chez`,
  String.raw`${LEAVE_OUT}\s+${PEOPLE}\s+(?:at|from)`,
];

/** …either, as the words after them say: "excluding Buck", "except Berlin", "other than Stripe", "but not Nike". */
const EITHER_MARKERS = [LEAVE_OUT];

/** Where the thing left out ends: punctuation, or a word that starts another part of the request. */
const STOP = String.raw`(?=\s*[,.;:!?()]|\s+(?:who|that|which|with|and|but|based|working|having|has|have|is|are|in|at|from)\b|\s*$)`;

/** At most this many words name one thing left out: a longer run is a sentence, not a name. */
const MAX_WORDS = 4;

/** A clause that opens with one of `markers` (after `lead`, when given) and names a place or an employer up to STOP. */
export const namingClause = (markers: readonly string[], lead = String.raw`(?:(?:but|and)\s+)?`) =>
  new RegExp(String.raw`(?<![\p{L}\p{N}])${lead}(?:${markers.join('|')})\s+((?:the\s+)?[^,.;:!?()]+?)${STOP}`, 'giu');

/** The seniorities and engagements a request may leave out or prefer, as the synonym rules name them ("no juniors", "ideally senior"). */
export const SENIORITY = String.raw`(?:juniors?|jrs?|entry[\s-]level|associates?|interns?|trainees?|apprentices?|graduates?|grads?|seniors?|mid[\s-]?level|mid[\s-]?weight|freelance(?:rs?)?|contractors?)`;

/**
 * A clause that opens with `lead` and names a seniority (or an "or" list of them), with the people it speaks of,
 * up to punctuation, the end or a word that starts another part of the request: "no juniors", "not an intern",
 * "without freelancers or contractors", "no junior designers"; "ideally senior" (query-preferences.ts).
 */
export const seniorityClause = (lead: string) =>
  new RegExp(
    String.raw`(?<![\p{L}\p{N}])${lead}\s+(?:any\s+|an?\s+|someone\s+|somebody\s+)?(${SENIORITY}(?:\s+or\s+${SENIORITY})*)(?:\s+(?:designers?|ones|people|folks|roles?|candidates?|profiles?|positions?))?(?:${STOP}|(?=\s+please\b))`,
    'giu',
  );

const SENIORITY_CLAUSE = seniorityClause(String.raw`(?:(?:but|and)\s+)?(?:no|not|excluding|except(?:\s+for)?|without|other\s+than|but\s+not)`);

const KINDS: readonly [Exclusion['kind'], RegExp][] = [
  // First: "excluding interns" is a seniority, not an employer named Interns.
  ['seniority', SENIORITY_CLAUSE],
  ['location', namingClause(PLACE_MARKERS)],
  ['company', namingClause(EMPLOYER_MARKERS)],
  ['either', namingClause(EITHER_MARKERS)],
];

/** What separates the alternatives a clause names: "or" and "/" ("not in london or paris", "ex stripe/figma"). */
const ALTERNATIVES = /\s+or\s+|\s*\/\s*/iu;

/**
 * q without the clauses `kinds` match, and what each names ("not in london or paris": both), of the kind of its
 * pattern, each value between the pattern's separators (ALTERNATIVES unless it says); a clause naming more than
 * MAX_WORDS words stays.
 */
export function takeClauses<K extends string>(q: string, kinds: readonly (readonly [K, RegExp, RegExp?])[]): { rest: string; named: { kind: K; value: string }[] } {
  const named: { kind: K; value: string }[] = [];
  let rest = q;
  for (const [kind, pattern, separators = ALTERNATIVES] of kinds) {
    rest = rest.replace(pattern, (whole, object: string) => {
      const values = object
        .replace(/^the\s+/iu, '')
        .split(separators)
        .map((value) => value.trim())
        .filter((value) => value.length > 0);
      if (values.length === 0 || values.some((value) => value.split(/\s+/u).length > MAX_WORDS)) return whole;
      named.push(...values.map((value) => ({ kind, value })));
      return ' ';
    });
  }
  return { rest: rest.replace(/\s+/gu, ' ').replace(/ (?=[,.;:!?])/gu, '').replace(/,(?:\s*,)+/gu, ',').trim(), named };
}

/** The request without the clauses that leave things out, and what they leave out ("not in london or paris": both). */
export function readExclusions(q: string | undefined): QueryExclusions {
  if (!q) return { q, exclusions: [] };
  const { rest, named } = takeClauses(q, KINDS);
  return { q: named.length === 0 ? q : rest || undefined, exclusions: named };
}

/** The word filters that name what an exclusion leaves out or a preference asks for: its own, both the location and the company, or none (a seniority: the current title). */
export function namedFilters({ kind }: Exclusion): ('location' | 'company')[] {
  return kind === 'either' ? ['location', 'company'] : kind === 'seniority' ? [] : [kind];
}
