import { type SynonymRule, synonymRuleSchema } from '../text/synonym-rule.schema.ts';
import { CURATED_SYNONYMS, TOOL_SYNONYMS, TRANSLATED_SYNONYMS } from '../text/synonyms.rules.ts';
import { tokenize } from '../text/fold.ts';
import { wordForm, wordForms } from '../text/word-forms.ts';
import { FILLER_WORDS, MAX_PLACE_WORDS, MAX_PLACES, namesRole, type QueryWords, ROLE_HEADS, SAID_BY_EVERY_ROLE, saysOfPastAt, TRADE_HEADS, understandQuery } from './query-words.ts';
import type { WordForms } from './designer-highlight.rules.ts';
import { namesPlace, placeNameAt, REMOTE_LOCATION_WORDS } from './location-names.ts';
import { isEnglishWord } from '../text/english-words.ts';
import { oneEditFrom } from '../text/edit-distance.ts';

/**
 * Synonyms as both engines apply them, at query time: a phrase of the query (its words' stems, filler left
 * out, so "head of design" and "heads design" are one key) finds the other phrases of its rules. Those are
 * matched as phrases of stems over the fields that hold stems (titles, descriptions), below the words typed.
 */
export class SynonymSet {
  /** What each phrase finds by its own rules (the edges the curated and stored rules give). */
  private readonly direct = new Map<string, string[][]>();
  /** What each phrase finds: its own rules' phrases, and the equivalents of each of those (closeOver). */
  private readonly byKey = new Map<string, string[][]>();
  /** Longest key, in words. */
  private longest = 0;
  /** The stem of every word of every phrase of the rules: the field's vocabulary (holdsWord). */
  private readonly vocabulary = new Set<string>();
  /** Every phrase of the rules as its key, glue left out, whether or not it finds another (knowsPhrase). */
  private readonly phrases = new Set<string>();
  /** What each phrase of a translation means, as stems: its rule's first target (meaning). */
  private readonly meanings = new Map<string, string[]>();

  private constructor(rules: readonly SynonymRule[], translations: ReadonlySet<SynonymRule> = new Set()) {
    this.add(rules, translations);
  }

  private add(rules: readonly SynonymRule[], translations: ReadonlySet<SynonymRule> = new Set()): void {
    for (const rule of rules) {
      for (const phrase of [...rule.from, ...rule.to]) {
        for (const stem of wordForms(phrase)) this.vocabulary.add(stem);
        this.phrases.add(phraseKey(phrase));
      }
      if (rule.oneWay && translations.has(rule)) for (const phrase of rule.from) if (!this.meanings.has(phraseKey(phrase))) this.meanings.set(phraseKey(phrase), wordForms(rule.to[0]!));
      for (const phrase of rule.from) {
        const key = phraseKey(phrase);
        const own = wordForms(phrase).join(' ');
        // A one-way rule whose phrase has the stems of one of its targets ("typographe => typographer, type
        // designer": both are "typograph") cannot tell the two apart: typed, the target would take the rule's
        // other targets ("typographer" would find Type Designers). The rule is for the phrase alone; its stems
        // are taken by the target, whose own rules read it.
        if (rule.oneWay && rule.to.some((other) => phraseKey(other) === key)) continue;
        const found = this.direct.get(key) ?? [];
        for (const other of rule.to) {
          const stems = wordForms(other);
          const text = stems.join(' ');
          if (text === own || found.some((f) => f.join(' ') === text)) continue;
          found.push(stems);
        }
        // Equivalents that all stem alike ("jewellery designer, jewelry designer": americanSpelling) still name
        // a concept of the list: the phrase is read as one, with nothing else to find.
        if (found.length === 0 && (rule.oneWay || this.direct.has(key) || rule.from.length < 2)) continue;
        this.direct.set(key, found);
        this.longest = Math.max(this.longest, key.split(' ').length);
      }
    }
    this.closeOver();
  }

  /**
   * One hop more: a phrase also finds what each phrase it finds finds by its own rules. A one-way rule
   * written in another language (`directrice artistique => art director`) then finds the equivalents of
   * its target too (`art director, creative director`), as a curator means it, without repeating them in
   * every rule. One hop only: a query is never widened along a chain of rules (at most 15 phrases a key on
   * the curated list, against 14 before the hop), which keeps its cost bounded.
   */
  private closeOver(): void {
    this.byKey.clear();
    for (const [key, phrases] of this.direct) {
      const found = phrases.map((p) => [...p]);
      const seen = new Set([key, ...found.map((p) => p.join(' '))]);
      for (const phrase of phrases) {
        for (const further of this.direct.get(stemKey(phrase)) ?? []) {
          const text = further.join(' ');
          if (seen.has(text) || stemKey(further) === key) continue;
          seen.add(text);
          found.push([...further]);
        }
      }
      this.byKey.set(key, found);
    }
  }

  static of(rules: readonly SynonymRule[]): SynonymSet {
    return new SynonymSet(rules);
  }

  /**
   * The set of rule texts (curated or stored), each read by synonymRuleSchema; an unreadable text throws.
   * The one-way rules among `translated` are translations: their phrases mean their first target (meaning).
   */
  static parse(texts: readonly string[], translated: readonly string[] = []): SynonymSet {
    const asTranslation = new Set(translated);
    const rules = texts.map((text) => ({ text, rule: synonymRuleSchema.parse(text) }));
    return new SynonymSet(rules.map((r) => r.rule), new Set(rules.flatMap((r) => (asTranslation.has(r.text) ? [r.rule] : []))));
  }

  /** This set with more rules (the curated list with the curators' stored rules). */
  with(rules: readonly SynonymRule[]): SynonymSet {
    const merged = new SynonymSet([]);
    for (const [key, phrases] of this.direct) merged.direct.set(key, phrases.map((p) => [...p]));
    merged.longest = this.longest;
    for (const stem of this.vocabulary) merged.vocabulary.add(stem);
    for (const phrase of this.phrases) merged.phrases.add(phrase);
    for (const [key, target] of this.meanings) merged.meanings.set(key, target);
    merged.add(rules);
    return merged;
  }

  /** True when `word` (folded), by its stem, is a word of some phrase of the rules: a title, skill, tool or domain word. */
  holdsWord(word: string): boolean {
    return this.vocabulary.has(wordForm(word));
  }

  /**
   * True when `words` (folded), by their stems and glue left out, are a phrase of some rule, one that finds
   * no other included ("content strategist, content strategy" share their stems): "design engineer", not
   * "program manager", which is only part of "design program manager".
   */
  knowsPhrase(words: readonly string[]): boolean {
    return this.phrases.has(phraseKey(words));
  }

  /**
   * What a phrase written in another language means, as stems: the first target of its translation
   * ("diseñadora gráfica => graphic designer", "Markendesignerin => brand designer"); null for the field's
   * own words, whose one-way targets widen them ("ui designer => product designer"). Both engines rank a title
   * holding the meaning as one holding the words typed, above the meaning's own equivalents.
   */
  meaning(words: readonly string[]): string[] | null {
    return this.meanings.get(phraseKey(words)) ?? null;
  }

  /** How many phrases have synonyms. */
  get size(): number {
    return this.byKey.size;
  }

  /**
   * The spans of `words` (folded content words, in query order) that are phrases of some rule, each with
   * the phrases (stems) it also finds. Spans may overlap: "ux designer" and "ux" both expand. "experience"
   * before a verb's -ing form says what the designer has done ("experience designing for healthcare",
   * "experience leading teams"): no phrase starts there, or "experience designing" was experience design, a
   * product designer's work, and ranked the product designers above those who design for healthcare.
   */
  spans(words: readonly string[]): { start: number; end: number; phrases: string[][] }[] {
    const stems = wordForms(words);
    const found: { start: number; end: number; phrases: string[][] }[] = [];
    for (let start = 0; start < stems.length; start++) {
      if (words[start] === 'experience' && /.ing$/u.test(words[start + 1] ?? '')) continue;
      for (let end = start + 1; end <= Math.min(stems.length, start + this.longest); end++) {
        const phrases = this.byKey.get(stems.slice(start, end).join(' '));
        if (phrases) found.push({ start, end, phrases });
      }
    }
    return found;
  }
}

/**
 * Articles and prepositions a phrase may hold or leave out, in the languages of the list ("head of design",
 * "directeur de la création", "designer d'interaction"). Only these: other filler words ("experience") are
 * words of a phrase ("user experience").
 */
const PHRASE_GLUE: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'of', 'for', 'in', 'at', 'on', 'to', 'and', 'with',
  'de', 'del', 'la', 'le', 'les', 'el', 'los', 'las', 'du', 'des', 'd', 'l', 'da', 'do', 'das', 'dos', 'di', 'dell', 'della', 'e', 'y', 'en', 'em', 'der', 'die', 'und', 'fur',
]);

/** The glue words that join the items of a list ("and" in the languages of the list). */
const LIST_AND: ReadonlySet<string> = new Set(['and', 'und', 'y', 'e']);

const withoutGlue = (words: readonly string[]): string[] => {
  const kept = words.filter((w) => !PHRASE_GLUE.has(w));
  return kept.length > 0 ? kept : [...words];
};

/** A phrase's lookup key: the stems of its words, articles and prepositions left out. */
function phraseKey(words: readonly string[]): string {
  return wordForms(withoutGlue(words)).join(' ');
}

/** The lookup key of a phrase already held as stems (glue words stem to themselves). */
function stemKey(stems: readonly string[]): string {
  return withoutGlue(stems).join(' ');
}

/** The curated list (shared/text/synonyms.rules.ts), read once. */
export const CURATED_SYNONYM_SET: SynonymSet = SynonymSet.parse(CURATED_SYNONYMS, TRANSLATED_SYNONYMS);

/** One query word and what else finds it. */
export interface WordExpansion {
  /** The word as typed, folded. */
  word: string;
  /** Its stem: records holding another form of it (in a stemmed field) match below the word itself. */
  form: string;
  /** Phrases of stems that also match this word, from synonym rules over a span of the query holding it. */
  synonyms: string[][];
  /**
   * Those of them that are what a span in another language holding the word means (SynonymSet.meaning): they
   * match at the form tier, as the English words would, above the other synonyms.
   */
  meanings: string[][];
}

/**
 * What a free-text query matches besides its literal words, per content word (understandQuery's words, in
 * their order): the word's stem and the synonym phrases of every rule over a span of the query holding it.
 * A phrase of several query words ("art director") expands each of them, so a record holding "creative
 * director" counts both words as found, at the synonym tier. Pure: the highlighter reuses it to mark
 * form and synonym matches (stem a document's words with wordForm and compare).
 */
export function expandQueryWords(q: string | undefined, synonyms: SynonymSet = CURATED_SYNONYM_SET): WordExpansion[] {
  const { words } = understandQuery(q);
  // The words in the order typed, repeats and filler kept ("user experience"), so a span is a phrase of the
  // query; what a span finds goes to its content words.
  const tokens = tokenize(q ?? '');
  // Glue inside a span ("de la" in "directeur de la création") is part of the phrase: it is found with it.
  const at = tokens.flatMap((t, i) => (PHRASE_GLUE.has(t) ? [] : [i]));
  const typed = at.map((i) => tokens[i]!);
  const byWord = new Map<string, string[][]>(words.map((w) => [w, []]));
  const meantBy = new Map<string, string[][]>();
  for (const { start, end, phrases } of synonyms.spans(typed)) {
    const meaning = synonyms.meaning(typed.slice(start, end));
    for (const word of tokens.slice(at[start], at[end - 1]! + 1)) {
      const list = byWord.get(word);
      if (!list) continue;
      for (const p of phrases) if (!list.some((l) => l.join(' ') === p.join(' '))) list.push(p);
      const meant = meantBy.get(word) ?? [];
      if (meaning && !meant.some((m) => m.join(' ') === meaning.join(' '))) meantBy.set(word, [...meant, meaning]);
    }
  }
  return words.map((word) => ({ word, form: wordForm(word), synonyms: byWord.get(word) ?? [], meanings: meantBy.get(word) ?? [] }));
}

/**
 * The place words (QueryWords.requiredPlaceWords) every match holds where it is, in its place fields: those
 * that are no word of the field's vocabulary. "in Ulaanbaatar" then is not met by a bio that mentions a trip
 * there. "in fintech" or "skilled in figma" name the work after "in": words like any other, which a match may
 * miss as it may miss any. Required, "Produktdesignerin in München mit Erfahrung in Fintech" filled its two
 * required words with the place and the domain and left the title out: a Design Lead and a CGI Artist in
 * Munich whose bios name fintech, and no product designer.
 */
export function placeOnlyWords(query: QueryWords, synonyms: SynonymSet = CURATED_SYNONYM_SET): number[] {
  return query.requiredPlaceWords.filter((i) => !synonyms.holdsWord(query.words[i]!));
}

/**
 * The places a request names, each as its words: those it introduces as places (QueryWords.places), and the
 * words no synonym rule knows among those it types side by side (QueryWords.looseRuns), each run of them up
 * to MAX_PLACE_WORDS words: "graphic designer Berlin" names Berlin as "in Berlin" does, so a Graphic Designer
 * there ranks above one elsewhere whose bio mentions a trip to Berlin.
 * A run earns the place bonus only where the record's place fields hold all its words, so one that is a
 * name or an employer ("Kwame Mensah", "new york times") costs nothing; a run of English words is one only
 * where it is a place's name. A word for remote work (REMOTE_LOCATION_WORDS) is a place of its own: "remote",
 * "remotely", "teletrabajo".
 */
export function namedPlaces(query: QueryWords, synonyms: SynonymSet = CURATED_SYNONYM_SET): string[][] {
  const found = [...query.places];
  const add = (place: string[]) => {
    if (!found.some((p) => p.join(' ') === place.join(' '))) found.push(place);
  };
  // A run of English words alone names a place only as a place's name ("new york", "phoenix"): "new" of "our
  // new website" earned the bonus of New York and New South Wales.
  const ordinary = (place: string[]) => place.every(isEnglishWord) && placeNameAt(place, 0) !== place.length;
  for (const place of splitRuns(query.looseRuns, (word) => synonyms.holdsWord(word))) if (place.length <= MAX_PLACE_WORDS && !ordinary(place)) add(place);
  // The words of the synonym rules split the runs above, "remote" among them, yet a remote location is where
  // the designer works: counted, the designers in "Remote (EU)" rank above those elsewhere whose bio says
  // "remote-first teams" for "a remote editorial designer", as a city typed alone ranks its designers.
  for (const word of query.words) if (REMOTE_LOCATION_WORDS.has(word)) add([word]);
  // Each place of an "or" list of places ("brand designer berlin or remote"): counted for "remote" alone, the
  // remote Brand Designers and those at Berlin Design Studio ranked above every Brand Designer in Berlin.
  for (const alternative of query.orGroups.flat()) {
    const words = alternative.map((i) => query.words[i]!);
    if (words.length <= MAX_PLACE_WORDS && namesPlace(words)) add(words);
  }
  return found.slice(0, MAX_PLACES);
}

/** The runs of words split at the words `splits` says, each part of one word or more. */
function splitRuns(runs: readonly string[][], splits: (word: string) => boolean): string[][] {
  const parts: string[][] = [];
  for (const run of runs) {
    let part: string[] = [];
    for (const word of [...run, '']) {
      if (word !== '' && !splits(word)) {
        part.push(word);
        continue;
      }
      if (part.length > 0) parts.push(part);
      part = [];
    }
  }
  return parts;
}

/**
 * The words of the places of the world a request types without a marker (unmarkedPlaceWords) that stand
 * alone: between the words of the concepts it names that the rules know (knownWords), the word every role
 * says, or nothing.
 * "berlin" in "motion designer berlin" and "Berlin motion designers"; not "new york" in "lead designer new
 * york times", which names more than the place. They say where the designer is, not whom they work for, so
 * the role bonuses of both engines leave them out (withoutWords, togetherWords): counted there, the Motion
 * Designers at Berlin Design Studio in Munich and Zürich outranked the Motion Designers in Berlin, whom the
 * place bonus ranks.
 */
export function wholePlaceWords(query: QueryWords, concepts: readonly ConceptSpan[], synonyms: SynonymSet = CURATED_SYNONYM_SET): number[] {
  return [...typedAlonePlaces(query, concepts, synonyms), ...placeLists(query)];
}

function typedAlonePlaces(query: QueryWords, concepts: readonly ConceptSpan[], synonyms: SynonymSet): number[] {
  const places = new Set(unmarkedPlaceWords(query, synonyms));
  if (places.size === 0) return [];
  const breaks = new Set([...knownWords(concepts), ...SAID_BY_EVERY_ROLE]);
  return splitRuns(query.looseRuns, (word) => breaks.has(word))
    .map((part) => part.map((word) => query.words.indexOf(word)))
    .filter((indexes) => indexes.every((i) => places.has(i)))
    .flat();
}

/**
 * The words of an "or" list every alternative of which is a place, or a word for remote work ("brand designer
 * berlin or remote"): where the designer is, as a place typed alone is. Counted as role words, the Brand
 * Designers at Berlin Design Studio elsewhere ranked above every Brand Designer in Berlin.
 */
function placeLists(query: Pick<QueryWords, 'words' | 'orGroups'>): number[] {
  return query.orGroups.filter((group) => group.every((alternative) => namesPlace(alternative.map((i) => query.words[i]!)))).flat(2);
}

/** The one-word names of the tools the curated list knows ("figma", "blender"), not the words a rule maps them to. */
const TOOL_WORDS: ReadonlySet<string> = new Set(
  TOOL_SYNONYMS.flatMap((rule) => synonymRuleSchema.parse(rule).from.flatMap((phrase) => (phrase.length === 1 ? phrase : []))),
);

/** The word names a tool the curated list knows ("figma", "blender"): Figma, Framer and Webflow are companies too. */
export const namesTool = (word: string): boolean => TOOL_WORDS.has(word);

/**
 * The query words that name a tool ("who knows figma", "blender") where the request does not ask for an
 * employer ("at Figma", "ex Figma", "worked at Framer or Webflow"): what a designer uses. Both engines score
 * them nothing in a designer's companies (EsEntitySearch.toolFields, PgEntitySearch.toolWeights), so the
 * people who use Figma rank above those who only work at Figma Labs; a role holding the tool and a title the
 * request names still counts it (the role bonuses). Pure.
 */
export function toolWords(query: Pick<QueryWords, 'words' | 'employerWords' | 'employerLists' | 'pastAlternatives'>): number[] {
  const asEmployer = new Set([...query.employerWords, ...query.employerLists.flat(2)]);
  const past = new Set(query.pastAlternatives.flat());
  return query.words.flatMap((word, i) => (TOOL_WORDS.has(word) && !asEmployer.has(i) && !past.has(word) ? [i] : []));
}

/**
 * The words no role bonus of either engine counts: the places of the world typed alone (wholePlaceWords), and
 * the tools a request says the designer uses (usedToolWords). Counted, "3d artist who uses blender" ranked the 3D Artists at Blender Studio, who
 * name no Blender, above the 3D Artists who use it. A tool typed bare ("interaction designer figma") may be
 * the employer, and a role holding it and the title still counts it. Pure.
 */
export function wordsOfNoRole(query: QueryWords, concepts: readonly ConceptSpan[], synonyms: SynonymSet = CURATED_SYNONYM_SET): number[] {
  return [...new Set([...wholePlaceWords(query, concepts, synonyms), ...usedToolWords(query)])];
}

/**
 * The words of the roles a request names by a phrase (concepts of two words or more typed ending in a role's head
 * noun: "interaction designer", "art director", not "developer tools"): a title holds a role, so the together bonuses do not ask them of a description
 * with the request's other words. Asked there, "interaction designer with accessibility" ranked a Lead Product
 * Designer whose bio says he "worked closely with the Interaction Designer team" and names accessibility above
 * the Interaction Designers who name it. So are a word of the vocabulary typed right before a head noun and the
 * head ("junior designers", "senior illustrators"): asked there, bios that "mentor junior designers" ranked
 * above the Junior Product Designers. Pure.
 */
export function roleWordsOf(query: QueryWords, concepts: readonly ConceptSpan[], synonyms: SynonymSet = CURATED_SYNONYM_SET): number[] {
  const covered = concepts.filter(({ covers, typed }) => covers.length >= 2 && ROLE_HEAD_STEMS.has(typed.at(-1)!)).flatMap((concept) => concept.covers);
  // A head noun that starts a phrase naming no role ("developer tools") heads nothing.
  const inOther = new Set(concepts.filter(({ typed }) => !ROLE_HEAD_STEMS.has(typed.at(-1)!)).flatMap((concept) => concept.covers));
  const qualified = query.roleQualifiers
    .filter(({ word, head }) => head > word && synonyms.holdsWord(query.words[word]!) && !inOther.has(query.words[head]!))
    .flatMap(({ word, head }) => [word, head]);
  return query.words.flatMap((word, i) => (covered.includes(word) || qualified.includes(i) ? [i] : []));
}

/**
 * The words a company's name holding scores nothing for: the tools the request names (toolWords) and the words of
 * a skill or domain it names by a phrase the rules know that is no role ("design systems", "climate tech",
 * "developer tools"; not "brand strategy", which a brand strategist holds), where no rule reads them as an
 * employer, and the English words of a task beside the craft a request asks (heldCraft). They still match there.
 * Scored in the companies, "design" of "design systems" earned whoever had been at Porsche Design or Design Lab
 * more than its form in a title earns everyone else. Pure.
 */
export function wordsOfNoEmployer(query: QueryWords, concepts: readonly ConceptSpan[], synonyms: SynonymSet = CURATED_SYNONYM_SET): number[] {
  const asEmployer = new Set([...query.employerWords, ...query.employerLists.flat(2)]);
  const past = new Set(query.pastAlternatives.flat());
  const phrased = new Set(concepts.filter((concept) => concept.covers.length >= 2 && !namesARole(concept)).flatMap((concept) => concept.covers));
  // The English words of a task beside the craft asked (heldCraft): "new" of "our new insurance website" earned
  // whoever had been at the New York Times more than "insurance" in a bio.
  const craft = heldCraft(query, concepts, synonyms);
  const task = (word: string) => craft !== null && !craft.covers.includes(word) && isEnglishWord(word);
  const skills = query.words.flatMap((word, i) => ((phrased.has(word) || task(word)) && !asEmployer.has(i) && !past.has(word) ? [i] : []));
  return [...new Set([...toolWords(query), ...skills])].sort((a, b) => a - b);
}

/**
 * The tools a request says the designer uses (toolWords typed after "knows", "with", "uses" …,
 * QueryWords.usedWords): no role bonus counts them (wordsOfNoRole), and the together bonuses do not ask them
 * of the fields that hold the designer's companies. Pure.
 */
export function usedToolWords(query: QueryWords): number[] {
  const used = new Set(query.usedWords);
  return toolWords(query).filter((i) => used.has(i));
}

/**
 * The employer words (QueryWords.employerWords) a record must hold in its company or place fields: those
 * that are no word of the field's vocabulary, and the words that follow one of them in the employer's name.
 * "at Deutsche Bahn" is then not met by Deutsche Post, nor by a bio that mentions the train, while "at
 * fintech startups" or "ex agency designers", which name a kind of employer, ask nothing of the company.
 * A word of the vocabulary after a name ("at Google Maps", "at Spotify Research", "at Canva Print") is the
 * rest of the name (QueryWords.employerNames): Google's and Spotify's staff do not work there. After a word
 * asking for past roles it is the title ("former Lego 3D artists").
 */
export function employerOnlyWords(query: QueryWords, synonyms: SynonymSet = CURATED_SYNONYM_SET): number[] {
  const rest = query.employerNames.flatMap((name) => namingWords(query, name, synonyms));
  return query.employerWords.filter((i) => !synonyms.holdsWord(query.words[i]!) || rest.includes(i));
}

/**
 * The employers of two naming words or more the request names (QueryWords.employerNames, by their words as
 * employerOnlyWords reads them): one of the designer's roles holds every word of each, or the place holds one
 * of them ("at Nike Berlin"). Each word held somewhere is not enough: a role at Spotify Studios and another at
 * Microsoft Research are not "at Spotify Research". Pure.
 */
export function employerNamesHeld(query: QueryWords, synonyms: SynonymSet = CURATED_SYNONYM_SET): number[][] {
  return query.employerNames.map((name) => namingWords(query, name, synonyms)).filter((name) => name.length >= 2);
}

/**
 * The employer "or" lists (QueryWords.employerLists) a record must hold one alternative of in its company or
 * place fields, each alternative by its naming words, as employerOnlyWords ("Epic Games" by "epic", "Apple
 * Music" by both). A list with an alternative of no such word names a kind of employer ("at agencies or
 * fintech startups") and asks nothing of the company.
 */
export function employerListsHeld(query: QueryWords, synonyms: SynonymSet = CURATED_SYNONYM_SET): number[][][] {
  return query.employerLists
    .map((alternatives) => alternatives.map((words) => namingWords(query, words, synonyms)))
    .filter((alternatives) => alternatives.every((words) => words.length > 0));
}

/** An employer the request names, as a role's company holds it exactly (exactEmployers). */
export interface ExactEmployer {
  /** The words that name it (namingWords): the company holds each. */
  naming: string[];
  /** Every word the request writes for it: the company holds no content word but these. */
  written: string[];
}

/** The employers of one constraint of the request: one of them held exactly meets it (exactEmployers). */
export interface ExactEmployerGroup {
  alternatives: ExactEmployer[];
  /** Of a request for past roles ("ex Spotify"): held by a previous role. */
  past: boolean;
}

/**
 * The employers the request names, by constraint (each name after "at", each "or" list, and the alternatives
 * of a request for past roles), as a role's company holds them exactly: every naming word, and no content word
 * the request did not write. A sister company ("Spotify Studios", "Google Cloud", "Miro Ventures") holds
 * every word of the employer and one more; both engines rank a role at the employer itself above it
 * (EXACT_EMPLOYER_WORDS). The past alternatives' words of the vocabulary are the title ("former Lego 3D
 * artists"): they may be written, but only the others name. Pure.
 */
export function exactEmployers(query: QueryWords, synonyms: SynonymSet = CURATED_SYNONYM_SET): ExactEmployerGroup[] {
  const wordsOf = (indices: readonly number[]) => indices.map((i) => query.words[i]!);
  const employer = (indices: readonly number[]): ExactEmployer => ({ naming: wordsOf(namingWords(query, indices, synonyms)), written: wordsOf(indices) });
  const named = (alternatives: ExactEmployer[]) => alternatives.every((alternative) => alternative.naming.length > 0);
  const groups: ExactEmployerGroup[] = [
    ...query.employerNames.map((name) => ({ alternatives: [employer(name)], past: false })),
    ...query.employerLists.map((alternatives) => ({ alternatives: alternatives.map(employer), past: false })),
  ];
  const past = query.pastAlternatives.map((words) => ({ naming: words.filter((word) => namesEmployer(word, synonyms)), written: [...words] }));
  if (past.length > 0) groups.push({ alternatives: past, past: true });
  return groups.filter((group) => named(group.alternatives));
}

/**
 * The words of an employer (indices into query.words, in order) that name it: from its first word that is no
 * word of the field's vocabulary, or that names a tool (TOOL_WORDS: Figma, Framer and Webflow are companies
 * too, and after "at" they are the employer), every word side by side after it. The words before it say what
 * kind of employer it is ("fintech", "agency"). Pure.
 */
function namingWords(query: Pick<QueryWords, 'words'>, employer: readonly number[], synonyms: SynonymSet): number[] {
  const out: number[] = [];
  for (const i of employer) {
    const continues = out.length > 0 && out.at(-1) === i - 1;
    if (continues || namesEmployer(query.words[i]!, synonyms)) out.push(i);
  }
  return out;
}

/** A word that may name an employer (namingWords): no word of the field's vocabulary, or a tool's name. */
const namesEmployer = (word: string, synonyms: SynonymSet): boolean => !synonyms.holdsWord(word) || TOOL_WORDS.has(word);

/** The words a record must hold because the request writes them as a proper name, or names a place of the world (nameOnlyWords). */
export interface NameOnlyWords {
  /** Held in any field, as any word matches: one word ("motion designer who knows Rive"). */
  anywhere: number[];
  /**
   * Of `anywhere`, the English words that say what kind of role is asked (roleQualifierWords): typed as meant, so
   * held without a typo ("chef" is no typo of the name Chen).
   */
  asTyped: number[];
  /** Held in the fields that name things, not the prose: the words of a name of two or more ("Blue Bottle Coffee"), and of a place ("ulaanbaatar"). */
  naming: number[];
  /**
   * Of `naming`, the words of a place of the world (placeNameAt): spelled right, so held within a typo only
   * in the name field ("Kyoto" is no typo of the company Koto, but "austin chen" may still find Austen Chen).
   */
  places: number[];
}

/**
 * The words of the names a request writes (QueryWords.nameRuns) that are no word of the field's vocabulary: a
 * record must hold each, however many other words it may miss, so "Blue Bottle Coffee designers" or "brand
 * designer Ulaanbaatar" find nothing where nobody is there instead of designers who share the other words.
 * A name of two words or more ("Deutsche Bahn", "Ingrid Thorvaldsdottir") is held in the fields that name
 * the record, its roles, employers and place, not in the prose: a bio that mentions a train ride or a coffee
 * brand is no one's employer. One word may be a tool or a client a bio names, so it is held anywhere. The
 * first word of a sentence is left out when it stands alone, its capital being the sentence's ("Talented
 * brand designer"). Vocabulary words ("Senior", "Figma") are read by the synonym rules and split a name.
 *
 * A place of the world typed without a marker beside other words (QueryWords.looseRuns, placeNameAt) is held
 * in the fields that name things too, however it is written: "brand designers ulaanbaatar" finds nobody where
 * nobody is there, not a bio that mentions a trip there nor brand designers elsewhere. The name field counts,
 * so "austin chen" still finds Austin Chen.
 */
export function nameOnlyWords(query: QueryWords, synonyms: SynonymSet = CURATED_SYNONYM_SET): NameOnlyWords {
  const found: Pick<NameOnlyWords, 'anywhere' | 'naming'> = { anywhere: [], naming: [] };
  for (const run of query.nameRuns) {
    let name: number[] = [];
    let opening = run.opening;
    const close = () => {
      if (name.length > 1) found.naming.push(...name);
      else if (name.length === 1 && !opening) found.anywhere.push(...name);
      name = [];
      opening = false;
    };
    for (const i of run.words) {
      if (synonyms.holdsWord(query.words[i]!)) close();
      else name.push(i);
    }
    close();
  }
  const places = unmarkedPlaceWords(query, synonyms);
  const lowerCase = lowerCaseNameWords(query, synonyms, places);
  const leading = leadingNameWord(query, synonyms, places);
  // roleQualifierWords leaves the places out already.
  const qualifiers = roleQualifierWords(query, synonyms, places).filter((i) => !found.naming.includes(i) && !lowerCase.includes(i) && !leading.includes(i));
  return {
    anywhere: [...new Set([...found.anywhere.filter((i) => !places.includes(i) && !lowerCase.includes(i) && !leading.includes(i)), ...qualifiers])],
    asTyped: qualifiers.filter((i) => !found.anywhere.includes(i) && isEnglishWord(query.words[i]!)),
    naming: [...new Set([...found.naming, ...places, ...lowerCase, ...leading])],
    places,
  };
}

/**
 * The words of which every match must hold one without a typo (exactly, as a start, by its form or a
 * synonym), in a request that names nothing of the field's vocabulary and that a record may meet with a word
 * missing: its content words that are English words, but the places it names (QueryWords.requiredPlaceWords,
 * and those of the world typed otherwise) and its employers (QueryWords.employerWords), which every match holds
 * already. Such a request asks for another trade; a record short of one of its words and holding the others
 * only by guessing at their spelling is a guess on a guess: "pastry chef in paris" found a Chen in Paris
 * ("pastry" nowhere, "chef" one typo from "chen"). Null for a request that names a title, skill, tool or
 * domain (its words and typos rank as they do), when no word may be missing (QueryWords.required counts every
 * unit), and when no English word is left: words that are none may be misspelled ("motoin desginer"). Pure.
 */
export function anchorWords(query: QueryWords, synonyms: SynonymSet = CURATED_SYNONYM_SET): number[] | null {
  const grouped = new Set(query.orGroups.flat(2));
  const units = query.words.filter((_, i) => !grouped.has(i)).length + query.orGroups.length;
  if (query.required >= units) return null;
  const required = new Set(query.requiredPlaceWords.map((i) => query.words[i]!));
  const places = new Set([...query.places.filter(([first]) => required.has(first!)).flat(), ...unmarkedPlaceWords(query, synonyms).map((i) => query.words[i]!)]);
  const employers = new Set(query.employerWords);
  const asked = query.words.flatMap((word, i) => (places.has(word) || employers.has(i) ? [] : [i]));
  if (asked.some((i) => synonyms.holdsWord(query.words[i]!))) return null;
  const anchors = asked.filter((i) => isEnglishWord(query.words[i]!));
  return anchors.length > 0 ? anchors : null;
}

/**
 * The first word of a request that names a role after it, when that word can only be a name (nameOnlyWords):
 * four letters or more, no English word, no word of the field's vocabulary nor one edit from one of those
 * or from filler (oneEditFrom: "senoir", "experianced"), and no place ("airbnb design lead", "Deliveroo
 * product designer in London"), the rest all words of the vocabulary, places and employers. English puts
 * the employer or the person before the role, and the adjectives there are English words ("experienced") or
 * the vocabulary's ("senior"). Other languages put theirs after the noun ("ilustradora infantil"), so
 * a last word is left to the other rules. Held, as a name of two words is, in the fields that name things,
 * typos too: "duolngo product designer" finds the designers at Duolingo, and a company the directory lacks
 * finds nobody, neither the role's holders elsewhere nor a bio that names food delivery ("deliveroo").
 */
function leadingNameWord(query: QueryWords, synonyms: SynonymSet, places: readonly number[]): number[] {
  const { words } = query;
  const first = words[0];
  if (words.length < 2 || first === undefined || [...first].length < 4 || !/^\p{L}+$/u.test(first)) return [];
  const ruled = new Set([...places, ...query.employerWords, ...query.orGroups.flat(2), ...query.places.flat().map((word) => words.indexOf(word))]);
  if (ruled.has(0) || synonyms.holdsWord(first) || !synonyms.holdsWord(words[1]!)) return [];
  const rest = words.slice(1);
  if (!rest.some(namesRole) || !rest.every((word, k) => synonyms.holdsWord(word) || ruled.has(k + 1))) return [];
  return isEnglishWord(first) || oneEditFrom(first, (word) => synonyms.holdsWord(word) || FILLER_WORDS.has(word)) ? [] : [0];
}

/**
 * The words that say what kind of role a request asks for (QueryWords.roleQualifiers: "civil engineer",
 * "marketing manager", "head chef") that no phrase of the field's vocabulary covers in the request: they name
 * another trade, so a record must hold them (nameOnlyWords, as any word matches), however many other words it
 * may miss. "civil engineer in munich" found the Design Engineers in Munich, "marketing manager at spotify" the
 * Design Managers at Spotify Studios. A word of a phrase the synonym rules know ("senior", "motion", "lead
 * designer", "freelance") qualifies the role as those rules read it; places, employers and numbers are read by
 * their own rules, and praise is filler. Pure.
 */
function roleQualifierWords(query: QueryWords, synonyms: SynonymSet, places: readonly number[], employers: readonly number[] = query.employerWords): number[] {
  if (query.roleQualifiers.length === 0) return [];
  const covered = new Set(synonyms.spans(query.words).flatMap(({ start, end }) => Array.from({ length: end - start }, (_, k) => start + k)));
  const ruled = new Set([...places, ...employers, ...query.requiredPlaceWords, ...query.orGroups.flat(2)]);
  return query.roleQualifiers.map(({ word }) => word).filter((i) => !covered.has(i) && !ruled.has(i) && /^\p{L}+$/u.test(query.words[i]!));
}

/** A kind of role a request names with a word of another trade (qualifiedRoles). */
export interface QualifiedRole {
  /** The qualifying word, folded: held in the role's title (by its stem) or in its employer's name ("apple engineer"). */
  word: string;
  /** The stem of `word` (wordForm). */
  wordStem: string;
  /** The stem of the head noun the word qualifies, held in the role's title. */
  headStem: string;
}

/**
 * The kinds of role a request names by an English word and a head noun every trade's titles share (TRADE_HEADS)
 * that are no phrase of the field's vocabulary ("product manager", "engineering manager", "head chef"), the word
 * one a record must hold (roleQualifierWords): one role of every match holds both, the head in its title and
 * the word in its title or its employer's name, whatever other rule reads the word. Held anywhere, the word
 * found the Product Designers at Stripe for "product manager at stripe"; "apple engineer" still finds the
 * engineers at Apple. A pair that is a phrase of the vocabulary ("design engineer", "content strategist"), or
 * that the request types within a longer one ("design program manager"), is read by the synonym rules; so is a
 * word the vocabulary knows on its own ("brand manager"). A word that is no English one may be a typo ("desgin
 * engineer") and keeps its allowance. Pure.
 */
export function qualifiedRoles(query: QueryWords, synonyms: SynonymSet = CURATED_SYNONYM_SET): QualifiedRole[] {
  // Most requests name no role qualifier: the gazetteer need not be read for them.
  if (query.roleQualifiers.length === 0) return [];
  // An employer's word is held as one already; read here, it may also be the role's ("former product managers").
  const qualifiers = new Set(roleQualifierWords(query, synonyms, unmarkedPlaceWords(query, synonyms), []));
  return query.roleQualifiers.flatMap(({ word, head }) => {
    const [qualifier, noun] = [query.words[word]!, query.words[head]!];
    if (!qualifiers.has(word) || !isEnglishWord(qualifier) || !TRADE_HEADS.has(noun)) return [];
    if (synonyms.knowsPhrase(head < word ? [noun, qualifier] : [qualifier, noun])) return [];
    return [{ word: qualifier, wordStem: wordForm(qualifier), headStem: wordForm(noun) }];
  });
}

/**
 * The words of the names a request types in lower case (nameOnlyWords): two words or more side by side
 * (QueryWords.looseRuns), of letters, that no synonym rule knows, no place of the world holds and no English
 * word is (isEnglishWord): "ingrid thorvaldsdottir product designer", "deutsche bahn motion designer". A run
 * holding an English word may say what the designer does ("detail oriented", "globex aerospace": Globex, in
 * aerospace), so in lower case "blue bottle coffee designers" and "uber eats" name no one.
 */
function lowerCaseNameWords(query: QueryWords, synonyms: SynonymSet, places: readonly number[]): number[] {
  const found: number[] = [];
  for (const run of query.looseRuns) {
    let name: number[] = [];
    const close = () => {
      if (name.length >= 2 && name.every((i) => !isEnglishWord(query.words[i]!))) found.push(...name);
      name = [];
    };
    for (const word of run) {
      const i = query.words.indexOf(word);
      if (i < 0 || places.includes(i) || synonyms.holdsWord(word) || !/^\p{L}+$/u.test(word)) close();
      else name.push(i);
    }
    close();
  }
  return found;
}

/**
 * The words of the places of the world a request names without a word that only introduces a place
 * (nameOnlyWords), as indices into `words`: typed beside other words, or after a word that also introduces a
 * role or an employer ("illustratrice à Lyon", "a brand designer"). Those after "in" are required places
 * already, and those of an "or" list are held by the list: read alone, "berlin" of "art director in berlin or
 * london" was a name every match held, and the art directors in London were none.
 */
function unmarkedPlaceWords(query: QueryWords, synonyms: SynonymSet): number[] {
  const found: number[] = [];
  const grouped = new Set(query.orGroups.flat(2));
  const required = new Set(query.requiredPlaceWords.map((i) => query.words[i]!));
  for (const run of [...query.looseRuns, ...query.places.filter(([first]) => !required.has(first!))]) {
    for (let k = 0; k < run.length; ) {
      const length = placeNameAt(run, k, MAX_PLACE_WORDS);
      const place = run.slice(k, k + length);
      if (length > 0 && !place.some((word) => synonyms.holdsWord(word))) found.push(...place.map((word) => query.words.indexOf(word)));
      k += Math.max(length, 1);
    }
  }
  return found.filter((i) => i >= 0 && !grouped.has(i));
}

/**
 * The words the all-words and phrase bonuses ask of one group of fields: every word of the best-weighted
 * fields (the name: "austin chen" is Austin Chen), and in the others every word but the places of the world
 * typed alone (`places`, wholePlaceWords), which say where the designer is: the Motion Designer whose previous
 * employer was Berlin Design Studio held "motion designer berlin" in the titles and companies and outranked
 * the Motion Designers in Berlin. Neither asks the alternatives of an "or" list, which no one need hold
 * together: asked, they ranked a UI Engineer who had been a UX Designer, holding "ux", "ui" and "designer"
 * over two roles, above the UX Designers for "ux or ui designer". Pure.
 */
export function togetherWords(query: Pick<QueryWords, 'words' | 'orGroups'>, places: readonly number[]): { best: string[]; other: string[] } {
  const grouped = new Set(query.orGroups.flat(2));
  const asked = query.words.flatMap((word, i) => (grouped.has(i) ? [] : [{ word, i }]));
  return { best: asked.map(({ word }) => word), other: asked.flatMap(({ word, i }) => (places.includes(i) ? [] : [word])) };
}

/** The role a request asks for beside other constraints (askedRole). */
export interface AskedRole {
  /** The concept of the role: a current title holding it, typed or by a synonym, holds the role. */
  concept: ConceptSpan;
  /**
   * The employers the request names (after "at", "from", "ex" …, each alternative of an "or" list), each as its
   * words: a role of any time holding the concept and every word of one of them holds the role too ("a spatial
   * designer who worked at google cloud": the former Spatial Designer at Google Cloud).
   */
  employers: string[][];
}

/**
 * The role a request asks for first, when it also constrains where, or where the designer has worked: of the
 * concepts it names (conceptSpans) that are no place, employer, "or" list or past role, the one naming a role
 * (namesRole) of most words, else the first ("an art director in Scandinavia who has worked at IKEA or H&M",
 * "brand designer based in london, previously at google", "ux designers in germany, ex meta or n26"). Null when
 * it names no such role, or nothing beside it ("lead designer canva": a title and a company, which the words
 * rank; "art direction experience in fashion": a domain after "in", no place). Both engines rank the holders of that role first (ROLE_FIRST_WORDS).
 */
export function askedRole(query: QueryWords, concepts: readonly ConceptSpan[], synonyms: SynonymSet = CURATED_SYNONYM_SET): AskedRole | null {
  const { places, employers, other } = constraints(query, synonyms);
  if (places.length + employers.length === 0) return null;
  const candidates = concepts.filter((c) => !c.past && c.covers.every((word) => !other.has(word)));
  const concept = mostWordsOf(candidates.filter(saysRole)) ?? candidates[0];
  return concept ? { concept, employers } : null;
}

/**
 * One word of another language that means a role ("Grafikdesignerin": graphic designer): its own words name
 * none. Not asked for, "senior Grafikdesigner in Lisbon" asked for "senior", the first concept, and ranked the
 * Senior Brand Designers there first.
 */
function meansRole(concept: ConceptSpan): boolean {
  return concept.covers.length === 1 && concept.typed.length >= 2 && ROLE_HEAD_STEMS.has(concept.typed.at(-1)!);
}

/** A concept that names a role: by a word of it ("designer", "illustrator", "lead"), or as one word meaning one (meansRole). */
function saysRole(concept: ConceptSpan): boolean {
  return concept.covers.some(namesRole) || meansRole(concept);
}

/**
 * The employer a request may rank by rather than require: the one employer (no "or" list; one alternative of
 * a request for past roles), one the designer worked at (QueryWords.employersWorkedAt, or any in a request for
 * past roles: "who used to be at Pentagram"), of a request that also asks for a role (askedRole) and names a
 * place every match holds ("a product designer in Berlin who previously worked at Canva"), by its naming words
 * (ExactEmployer.naming); null for any other request. Required, it left out the role's holders in the place
 * who were never there, whom a reader still wants next. Each engine looks up whether a role's company in the
 * directory holds those words: where one does, the request reads withEmployerPreferred; where none does, the
 * employer stays required, so a request for an employer nobody had still finds nobody. Pure.
 */
export function preferableEmployer(query: QueryWords, concepts: readonly ConceptSpan[], synonyms: SynonymSet = CURATED_SYNONYM_SET): string[] | null {
  if (!(query.employersWorkedAt || query.pastRoles) || query.employerLists.length > 0 || query.employerNames.length > 1 || employerOnlyWords(query, synonyms).length === 0) return null;
  if (placeOnlyWords(query, synonyms).length === 0 && query.requiredPlaceLists.length === 0) return null;
  // One employer, however many constraints read it ("previously worked at Canva": its name and a past role's).
  const named = [...new Map(exactEmployers(query, synonyms).flatMap((group) => group.alternatives.map((e) => [e.naming.join(' '), e.naming] as const))).values()];
  const role = named.length === 1 && askedRole(query, concepts, synonyms);
  return role && namesNothingElse(query, role, synonyms) ? named[0]! : null;
}

/**
 * Every word of the request is read as its role, its places or its employers, or is a word of the field's
 * vocabulary. A name no rule reads beside them ("who worked at Spotify and Nike and Lego") is another
 * employer the request asks for as well, which a preferable employer or place leaves required. Words of two
 * letters are the prepositions and articles of other languages ("trabalhou na Farfetch"), no name.
 */
function namesNothingElse(query: QueryWords, role: AskedRole, synonyms: SynonymSet): boolean {
  const wordsOf = (indices: readonly number[]) => indices.map((i) => query.words[i]!);
  const read = new Set([...role.concept.covers, ...query.places.flat(), ...wordsOf(query.requiredPlaceLists.flat(2)), ...wordsOf(query.employerWords)]);
  return query.words.every((word) => read.has(word) || synonyms.holdsWord(word) || word.length <= 2);
}

/**
 * The place a request may rank by rather than require: the one place every match holds (after "in", "based
 * in" ...) of a request that also asks for a role (askedRole) at one employer it is at now, which stays
 * required ("3d artists at Webflow based in Nairobi"), by the place's words every match holds
 * (placeOnlyWords); null for any other request, and where the employer is one the designer worked at
 * (preferableEmployer ranks by that one instead). Required, it left out the role's holders at the employer
 * elsewhere, whom a reader still wants next. Each engine looks up whether a designer's location holds those
 * words: where one does, the request ranks by it (ranksPlace); where none does, the place stays required, so
 * a request for a place nobody is in still finds nobody. Pure.
 */
export function preferablePlace(query: QueryWords, concepts: readonly ConceptSpan[], synonyms: SynonymSet = CURATED_SYNONYM_SET): string[] | null {
  if (query.employersWorkedAt || query.pastRoles || query.employerLists.length > 0 || query.employerNames.length > 1 || employerOnlyWords(query, synonyms).length === 0) return null;
  const place = placeOnlyWords(query, synonyms);
  if (place.length === 0 || query.requiredPlaceLists.length > 0 || query.places.length !== 1) return null;
  const role = askedRole(query, concepts, synonyms);
  return role && namesNothingElse(query, role, synonyms) ? place.map((i) => query.words[i]!) : null;
}

/**
 * The request with its employer (preferableEmployer) a preference: no longer required, it earns what one
 * alternative of an "or" list of employers earns (EMPLOYER_LIST_BONUS_WORDS), or in a request for past
 * roles what its past alternative does (pastRoleBonusWords). Pure.
 */
export function withEmployerPreferred(query: QueryWords): QueryWords {
  return { ...query, employerWords: [], employerNames: [], employerLists: query.pastRoles ? query.employerLists : [...query.employerLists, [query.employerWords]] };
}

/**
 * The role a request names beside words that qualify it, whose current holders match the request however few
 * of those words they hold: of the concepts it names (conceptSpans) that name a role (namesRole) and are no
 * place, employer, "or" list or past role, the one of most words. "an illustrator who does children's books",
 * "a UX researcher comfortable running diary studies", "senior product designer who has shipped mobile apps
 * at scale": counted against the role, qualifiers no profile holds left its holders out and kept a Web
 * Developer whose bio names children's books. The holders rank by the words they hold, as every match does;
 * a place, an employer or a name the request requires is still required. Null for a request for past roles,
 * for a role every title says ("designers"), which every record would hold, when the request says nothing
 * beside the role and its constraints, and when a word beside it is no English word or word of the field
 * ("zzqx illustrator fintech"). Both engines read it.
 */
export function heldRole(query: QueryWords, concepts: readonly ConceptSpan[], synonyms: SynonymSet = CURATED_SYNONYM_SET): ConceptSpan | null {
  if (query.pastRoles) return null;
  const { other } = constraints(query, synonyms);
  const role = mostWordsOf(
    concepts.filter((c) => !c.past && saysRole(c) && !c.covers.every((word) => SAID_BY_EVERY_ROLE.has(word)) && c.covers.every((word) => !other.has(word))),
  );
  if (!role) return null;
  const qualifiers = query.words.filter((word) => !role.covers.includes(word) && !other.has(word));
  // A word no English list or synonym rule holds ("zzqx illustrator", "illustrator ingrid") may be a name,
  // an employer or a place the directory lacks: a constraint, which the role's holders do not meet.
  const ordinary = (word: string) => isEnglishWord(word) || synonyms.holdsWord(word) || /^\d+$/.test(word);
  return qualifiers.length > 0 && qualifiers.every(ordinary) ? role : null;
}

/**
 * The craft, skill, tool or domain a request names first beside ordinary words that describe a task, where it
 * names no role (heldRole): every match holds it, and ranks by the other words it holds, as a role's holders do.
 * "someone who storyboarded commercials", "need a logo for my coffee shop": counted against the craft, the
 * task's words no profile holds ("commercials", "coffee shop") left nobody, though the directory holds who
 * storyboards and draws logos; and ordinary words held anywhere ("take" within a typo of Tane, "new" in the New
 * York Times) matched as well as the craft. Of the concepts (conceptSpans) that name no role and are no place,
 * remote work, employer, "or" list or past role, the first typed: the work asked for, which what follows
 * qualifies ("for our healthcare product"). Null for words typed as a search (fewer than two filler words),
 * where there is none, where the request names a role (one the vocabulary knows, or a word before a role's
 * head noun: "kite designers"), asks for past roles, or says nothing beside its concepts, and where a word
 * beside them is no English word or word of the field (a name or an employer the directory may lack: a
 * constraint, as for heldRole). Both engines read it.
 */
export function heldCraft(query: QueryWords, concepts: readonly ConceptSpan[], synonyms: SynonymSet = CURATED_SYNONYM_SET): ConceptSpan | null {
  // A task is told in a sentence ("someone who …", "for our …"); words typed as a search ("acne studio in san
  // francisco", "studio ja") ask for what they say, which a company's name may hold.
  if (query.filler.length < TASK_FILLER_WORDS) return null;
  if (query.pastRoles || concepts.some((c) => saysRole(c) && !c.covers.every((word) => SAID_BY_EVERY_ROLE.has(word)))) return null;
  // A role the vocabulary does not know is still a role: "kite designers", a word before a role's head noun.
  if (query.roleQualifiers.length > 0 || query.words.some((word) => namesRole(word) && !SAID_BY_EVERY_ROLE.has(word))) return null;
  const { other } = constraints(query, synonyms);
  // Remote work is where the work is done, no craft: "a fully remote vp of design" asks no bio to say "remote".
  const crafts = concepts.filter((c) => !c.past && !saysRole(c) && c.covers.every((word) => !other.has(word) && !REMOTE_LOCATION_WORDS.has(word)));
  if (crafts.length === 0) return null;
  const covered = new Set(crafts.flatMap((c) => c.covers));
  const qualifiers = query.words.filter((word) => !covered.has(word) && !other.has(word) && !SAID_BY_EVERY_ROLE.has(word));
  const ordinary = (word: string) => isEnglishWord(word) || synonyms.holdsWord(word) || /^\d+$/.test(word);
  // A word no rule knows that names someone by what they do ("insurance claims adjuster", "tax accountants")
  // asks for another trade, which the craft only qualifies: its holders are not who is asked for.
  const namesSomeone = (word: string) => AGENT_NOUN.test(word) && !synonyms.holdsWord(word);
  if (qualifiers.length === 0 || !qualifiers.every(ordinary) || qualifiers.some(namesSomeone)) return null;
  const at = (c: ConceptSpan) => Math.min(...c.covers.map((word) => query.words.indexOf(word)));
  return crafts.reduce((first, c) => (at(c) < at(first) ? c : first));
}

/** The filler words a request that tells a task holds at least (heldCraft): "someone who", "for our". */
const TASK_FILLER_WORDS = 2;

/** An English noun of who does something: "adjuster", "accountants", "florist", "librarian", "attendant", "agent". */
const AGENT_NOUN = /(?:er|or|ist|ian|ant|(?<!m)ent)s?$/u;

/** The stems of the head nouns of role titles ("design" for designer, "illustr" for illustrator). */
const ROLE_HEAD_STEMS: ReadonlySet<string> = new Set([...ROLE_HEADS].map(wordForm));

/** A role a request names by a phrase of the field's vocabulary (namedRoles). */
export interface NamedRole {
  /**
   * The phrases, as stems, one of which every match holds side by side in a title or its description: the
   * words typed, the phrases their rules find, and the discipline before the head noun when the rules know it
   * as a phrase of two words or more ("motion graphics" for "motion graphics designer") with its own.
   */
  phrases: string[][];
  /**
   * The request's other words, but its places, employers and "or" lists: a designer whose name holds one ("jane
   * doe brand designer") need not hold the role. A place is where, not who: Minh Berlinger in Berlin is no
   * interior designer.
   */
  others: number[];
  /**
   * A phrase of two words typed right after another word that may start an employer's name: that word and the
   * phrase's first, held by the company of a role whose title holds the head (its stem). "riot games designers"
   * is also a designer at Riot Games, "epic games artists" an artist at Epic Games.
   */
  employer?: { words: string[]; headStem: string };
}

/**
 * The roles a request names by a phrase of two words or more that the synonym rules know (conceptSpans) and
 * that is a role (a phrase of it ends in a head noun: "interior designer", "data visualization designer",
 * "progettista grafico"): every match holds one as a phrase (NamedRole.phrases), not its words apart. Counted
 * word by word, "graphic designer milan" found the 3D and Motion Designers in Milan ("designer", "milan")
 * where no graphic designer is, "service designer in london" a Brand Designer there who led a customer service
 * redesign, and "data visualization designer" a Type Designer at a climate data company. Not a phrase that
 * covers a place, an employer or an "or" list, which their own rules read. A phrase read over another that
 * shares a word with it may be held as the other instead (ConceptSpan.rivals): "game design lead" is a Lead
 * Game Designer too. A word of another language that means such a phrase ("Grafikdesignerin", "graphiste") is
 * one: read word by word, "senior Grafikdesignerin in Berlin" found every Senior Brand Designer there. Pure.
 */
export function namedRoles(query: QueryWords, concepts: readonly ConceptSpan[], synonyms: SynonymSet = CURATED_SYNONYM_SET): NamedRole[] {
  // Most requests name no such phrase: the gazetteer behind constraints need not be read for them.
  // A craft typed beside a role typed with its head noun is what the role does, no role of its own: "an
  // illustrator who can do editorial illustrations" asks for illustrators, and required as a phrase,
  // "editorial illustrations" (a role by its stems, as "editorial illustrator") left out every Illustrator
  // whose bio does not say it.
  const headed = (concept: ConceptSpan) => namesRole(concept.covers.at(-1)!) || meansRole(concept);
  const craft = (concept: ConceptSpan) => !headed(concept) && concepts.some((other) => other !== concept && headed(other));
  const roles = concepts.filter((concept) => (concept.covers.length >= 2 || concept.typed.length >= 2) && namesARole(concept) && !craft(concept));
  if (roles.length === 0) return [];
  const { other } = constraints(query, synonyms);
  return roles.flatMap((concept) => {
    const { covers, typed } = concept;
    if (covers.some((word) => other.has(word))) return [];
    const phrases = [typed, ...concept.synonyms];
    const discipline = ROLE_HEAD_STEMS.has(typed.at(-1)!) && covers.length >= 3 ? disciplineOf(covers.slice(0, -1), synonyms) : [];
    const employer = employerBefore(query, concept, synonyms);
    return [{ phrases: shortestPhrases([...phrases, ...discipline, ...(concept.rivals ?? [])]), others: query.words.flatMap((word, i) => (covers.includes(word) || other.has(word) ? [] : [i])), ...(employer ? { employer } : {}) }];
  });
}

/**
 * NamedRole.employer of a role phrase of two words: the word typed right before it (in one run of content
 * words, QueryWords.looseRuns) that no rule of the field knows, with the phrase's first word.
 */
function employerBefore(query: QueryWords, { covers, typed }: ConceptSpan, synonyms: SynonymSet): NamedRole['employer'] | null {
  if (covers.length !== 2 || typed.length !== 2) return null;
  for (const run of query.looseRuns) {
    const at = run.indexOf(covers[0]!);
    const before = run[at - 1];
    if (at > 0 && run[at + 1] === covers[1] && before !== undefined && !synonyms.holdsWord(before) && !SAID_BY_EVERY_ROLE.has(before)) {
      return { words: [before, covers[0]!], headStem: typed[1]! };
    }
  }
  return null;
}

/** A concept names a role: a phrase of it, as typed or by a synonym, ends in a role's head noun ("interaction designer", "art director"). */
function namesARole({ typed, synonyms: found }: Pick<ConceptSpan, 'typed' | 'synonyms'>): boolean {
  return [typed, ...found].some((phrase) => ROLE_HEAD_STEMS.has(phrase.at(-1)!));
}

/**
 * The phrases none of the others lies within, each once: a text holding "motion graphic design" holds "motion
 * graphic", so the longer asks nothing more and would cost the engines a phrase query of its own.
 */
function shortestPhrases(phrases: readonly string[][]): string[][] {
  const keys = [...new Set(phrases.map((phrase) => ` ${phrase.join(' ')} `))];
  return keys.filter((key) => !keys.some((other) => other !== key && key.includes(other))).map((key) => key.trim().split(' '));
}

/** A discipline the rules know as a phrase of its own ("motion graphics"), as stems, with the phrases it finds; none otherwise. */
function disciplineOf(words: readonly string[], synonyms: SynonymSet): string[][] {
  const whole = synonyms.spans(words).find(({ start, end }) => start === 0 && end === words.length);
  return whole ? [wordForms(words), ...whole.phrases] : [];
}

/**
 * A role, not what qualifies it: "senior product designer in berlin" asks for product designers, of whom the
 * senior ones rank higher by their words; read as "senior", any Senior Motion Designer there came first. Of
 * the concepts given, the one of most words, the first of equals.
 */
function mostWordsOf(concepts: readonly ConceptSpan[]): ConceptSpan | undefined {
  return concepts.length > 0 ? concepts.reduce((best, c) => (c.covers.length > best.covers.length ? c : best)) : undefined;
}

/**
 * What a request requires beside its words: the places after "in" that no synonym rule knows
 * (placeOnlyWords) and those of the world typed otherwise, the employers it names (each alternative of an
 * "or" list, and what a request for past roles names), and `other`, those words with the words of its "or" lists.
 */
function constraints(query: QueryWords, synonyms: SynonymSet): { places: string[]; employers: string[][]; other: Set<string> } {
  const placeFirsts = new Set(placeOnlyWords(query, synonyms).map((i) => query.words[i]!));
  const wordsOf = (indices: readonly number[]) => indices.map((i) => query.words[i]!);
  // An "or" list of places introduced as one ("in Barcelona or Lisbon") constrains where as one place does.
  const places = [
    ...query.places.filter(([first]) => placeFirsts.has(first!)).flat(),
    ...unmarkedPlaceWords(query, synonyms).map((i) => query.words[i]!),
    ...query.requiredPlaceLists.flatMap((list) => wordsOf(list.flat())),
  ];
  const employers = [
    ...(query.employerWords.length > 0 ? [wordsOf(query.employerWords)] : []),
    ...query.employerLists.flatMap((alternatives) => alternatives.map(wordsOf)),
    ...query.pastAlternatives,
  ].filter((words, k, all) => words.length > 0 && all.findIndex((other) => other.join(' ') === words.join(' ')) === k);
  return { places, employers, other: new Set([...places, ...employers.flat(), ...wordsOf(query.orGroups.flat(2))]) };
}

/**
 * The stems of every word the query typed, filler included ("head of design" holds "of"), each once: a
 * current title whose stems are all among them is a title the query names exactly (the exact title bonus
 * of both engines), so "product designer in quebec" ranks the Product Designer above the Senior one.
 */
export function typedForms(query: Pick<QueryWords, 'words' | 'filler'>): string[] {
  return [...new Set(wordForms([...query.words, ...query.filler]))];
}

/**
 * Phrases that stand in for the whole query, when it has several words, with that number of words: its
 * synonyms ("creative director" for "art director"), and the words typed with one of them swapped for a
 * one-word synonym of it alone. Each earns what the phrase typed earns in a field, once. (The words typed in
 * another form than a field holds, "production designers" for a Production Designer, earn the together
 * bonuses themselves, as the forms typed would.)
 */
export function togetherSynonyms(expansions: readonly WordExpansion[]): { phrase: string[]; words: number }[] {
  const counts = new Map<string, { phrase: string[]; words: number }>();
  for (const { synonyms } of expansions) {
    for (const phrase of synonyms) {
      const key = phrase.join(' ');
      const found = counts.get(key) ?? { phrase, words: 0 };
      found.words += 1;
      counts.set(key, found);
    }
  }
  // Only a synonym of the whole query stands in for the bonus of the words typed, which holds for all of them.
  const whole = [...counts.values()].filter((c) => c.words >= 2 && c.words === expansions.length);
  const forms = expansions.map((e) => e.form);
  // One word typed as another of one word that means it alone ("senior" for a title saying "Sr."), the
  // others as typed: the Sr. Type Designer holds "senior type designer" as the Senior Type Designer does.
  const swapped =
    expansions.length >= 2
      ? expansions
          .flatMap(({ synonyms }, i) => synonyms.filter((p) => p.length === 1 && counts.get(p[0]!)?.words === 1).map((p) => forms.with(i, p[0]!)))
          .filter((phrase) => !counts.has(phrase.join(' ')))
          .slice(0, MAX_SWAPPED_PHRASES)
          .map((phrase) => ({ phrase, words: expansions.length }))
      : [];
  return [...whole, ...swapped];
}

/** The most phrases of one swapped word togetherSynonyms gives a query: each is a phrase clause. */
const MAX_SWAPPED_PHRASES = 4;

/** The synonyms a search applies: the curated list with what curators stored (StoredSynonyms). */
export interface SynonymSource {
  current(): Promise<SynonymSet>;
}

/** The curated list alone (an engine given no store to read, a unit test). */
export const CURATED_ONLY: SynonymSource = { current: async () => CURATED_SYNONYM_SET };

/**
 * The word forms highlights mark (designer-highlight.rules.ts) by a set of synonyms: a query word counts in a
 * title or description through its stem, the stems of its one-word synonyms and its synonym phrases side by
 * side, as the engines match it.
 */
export function wordFormsOf(synonyms: SynonymSet): WordForms {
  return {
    stem: wordForm,
    expand: (q) =>
      expandQueryWords(q, synonyms).map(({ form, synonyms: phrases, meanings }) => ({
        forms: [form, ...phrases.filter((phrase) => phrase.length === 1).map((phrase) => phrase[0]!)],
        phrases: phrases.filter((phrase) => phrase.length > 1),
        meanings,
      })),
  };
}

/**
 * The word forms of the synonyms in force (the curated list and the curators' stored rules, as the engines
 * read them), so highlights explain a match a stored rule made: one WordForms per set the source gives.
 */
export function wordFormsFrom(source: SynonymSource): { current(): Promise<WordForms> } {
  const made = new WeakMap<SynonymSet, WordForms>();
  return {
    async current() {
      const set = await source.current();
      let forms = made.get(set);
      if (!forms) made.set(set, (forms = wordFormsOf(set)));
      return forms;
    },
  };
}

/** A phrase of the query that may name a role: its words as typed and what its synonym rules find. */
export interface ConceptSpan {
  /** The content words it covers: a role holding it counts them as role words. */
  words: number;
  /** Those words, folded, as QueryWords.words holds them: a role counts them as one unit (the concept), not one by one. */
  covers: string[];
  /** The words typed, as stems: a title holding them holds the concept itself. */
  typed: string[];
  /** The phrases its synonym rules find, as stems: a title holding one holds the concept at the synonym tier. */
  synonyms: string[][];
  /** Typed after a word asking for past roles ("ex lego art directors"): previous roles hold it, not the current one. */
  past: boolean;
  /**
   * The other readings of its words that were not read, as typed (stems): phrases the rules know that share a
   * word with it ("game design" beside "design lead" in "game design lead" and "riot games design lead"). The
   * reading may be wrong, so a match may hold one of them instead (namedRoles). A rival that names no role (a
   * seniority: "entry level" beside "level designers") comes with its equivalents ("junior"); one that names a
   * role comes as typed.
   */
  rivals?: string[][];
}

/**
 * The concepts a query may name, for the role bonuses of both engines: its phrases that synonym rules know,
 * each once, the longest where they overlap ("ux designer", not also "ux"); else its one content word, the
 * places it names and the word every role says ("designer") aside ("researchers in berlin"). A designer whose
 * current role's title holds one (a previous role's, after "ex" or "former") ranks above one whose earlier
 * role or bio does, which the words' own matches cannot tell apart. Pure.
 */
export function conceptSpans(q: string | undefined, synonyms: SynonymSet = CURATED_SYNONYM_SET): ConceptSpan[] {
  const tokens = tokenize(q ?? '');
  const at = tokens.flatMap((t, i) => (PHRASE_GLUE.has(t) ? [] : [i]));
  const phrasesFound = synonyms.spans(at.map((i) => tokens[i]!));
  // A phrase read across a list's "and" that takes the first word of the next item's phrase is no phrase:
  // "accessibility and design systems" is accessibility and design systems, not "accessible design" and
  // "systems". One that takes the whole of the next item's ("ux and ui designer") holds that item.
  type Found = (typeof phrasesFound)[number];
  const crossesAnd = (span: Found) => tokens.slice(at[span.start]!, at[span.end - 1]! + 1).some((t) => LIST_AND.has(t));
  const partly = (a: Found, b: Found) => a !== b && a.start < b.end && b.start < a.end && !(b.start >= a.start && b.end <= a.end) && !(a.start >= b.start && a.end <= b.end);
  const spans = phrasesFound.filter((span) => !(crossesAnd(span) && phrasesFound.some((other) => partly(span, other) && !crossesAnd(other))));
  const longest = spans.filter((s) => !spans.some((o) => o !== s && o.start <= s.start && o.end >= s.end));
  // Of two phrases that share a word, the one that ends in a role's head noun ("design lead", not "games design"
  // in "riot games design lead", where an employer's last word makes the other a phrase of the list too), then
  // the one typed first ("creative director design lab" asks for no "director design").
  type Span = (typeof longest)[number];
  const overlap = (a: Span, b: Span) => a !== b && a.start < b.end && b.start < a.end;
  const endsInHead = (span: Span) => ROLE_HEADS.has(tokens[at[span.end - 1]!]!);
  const rivals = longest.filter((span) => endsInHead(span) || !longest.some((other) => overlap(span, other) && endsInHead(other)));
  const read: Span[] = [];
  for (const span of [...rivals].sort((a, b) => a.start - b.start || b.end - a.end)) if (!read.some((kept) => kept.end > span.start)) read.push(span);
  const typedOf = ({ start, end }: Span) => tokens.slice(at[start]!, at[end - 1]! + 1);
  // A phrase in another language is held as typed by a title holding what it means (SynonymSet.meaning).
  const ownOf = (span: Span) => synonyms.meaning(typedOf(span)) ?? wordForms(typedOf(span));
  const saidOfPast = (index: number) => saysOfPastAt(tokens, index);
  const known = read.flatMap((span): ConceptSpan[] => {
    const { start, phrases } = span;
    const typed = typedOf(span);
    const covers = [...new Set(typed.filter((t) => !FILLER_WORDS.has(t)))];
    if (covers.length === 0) return [];
    const own = ownOf(span);
    // A rival that names no role ("entry level" beside "level designers") qualifies the role read: it is held by
    // its equivalents too ("junior"). One that names a role is held as typed: "director design" is no design director.
    const unread = longest
      .filter((other) => !read.includes(other) && overlap(span, other))
      .flatMap((other) => (namesARole({ typed: ownOf(other), synonyms: other.phrases }) ? [ownOf(other)] : [ownOf(other), ...other.phrases]));
    // A phrase in another language is also held as typed: "diseñadora gráfica" is the title of a Diseñadora Gráfica.
    const literal = wordForms(typed);
    const found = literal.join(' ') === own.join(' ') || phrases.some((p) => p.join(' ') === literal.join(' ')) ? phrases : [...phrases, literal];
    // A word of another language counts as the words it means: "Grafikdesigner" is two, as "graphic designer" is.
    // Counted as one, a role holding it scored no more than one holding "senior" in "senior Grafikdesigner".
    const meant = synonyms.meaning(typed)?.filter((word) => !FILLER_WORDS.has(word)).length ?? 0;
    return [{ words: Math.max(covers.length, meant), covers, typed: own, synonyms: found.filter((p) => p.join(' ') !== own.join(' ')), past: saidOfPast(at[start]!), ...(unread.length > 0 ? { rivals: unread } : {}) }];
  });
  if (known.length > 0) return known;
  // One word the rules do not know ("researchers", "illustrator in berlin"): no role holds two of the words, so
  // without it the role held now and the one held before would tie. Several words have the role bonuses.
  const { places } = understandQuery(q);
  const placeWords = new Set(places.flat());
  const candidates = [...new Set(tokens.filter((t) => !FILLER_WORDS.has(t) && !placeWords.has(t) && !SAID_BY_EVERY_ROLE.has(t)))];
  if (candidates.length !== 1) return [];
  const at1 = tokens.indexOf(candidates[0]!);
  return [{ words: 1, covers: [candidates[0]!], typed: [wordForm(candidates[0]!)], synonyms: [], past: saidOfPast(at1) }];
}

/**
 * The title a seniority a request leaves out or prefers names (Exclusion and Preference, kind seniority: "juniors"
 * is junior, jr, entry level or associate), as a concept a current title holds, typed or by a synonym; null when
 * it names none.
 */
export function seniorityTitle(value: string, synonyms: SynonymSet = CURATED_SYNONYM_SET): ConceptSpan | null {
  return conceptSpans(value, synonyms)[0] ?? null;
}

/** What the best-role bonus counts in one role: a telling word on its own, or a concept the query names, whose telling words count only together. */
export type RoleUnit = { word: string; index: number } | { concept: ConceptSpan; words: string[]; indexes: number[] };

/**
 * The telling words of a query (every content word but those every role says, SAID_BY_EVERY_ROLE) as the
 * units the best-role bonus of both engines counts, in query order: the words of a concept the query names
 * are one unit, which a role holds when its title holds the concept (typed or by a synonym) or when it holds
 * every one of them; on its own (no other unit in the role), by its words or its title as typed. Counted one
 * by one, a former Graphic Designer at Lego held two words of "motion graphics designer who worked at lego"
 * ("graphics", "lego") and outranked the Motion Designers. Pure.
 */
export function roleUnits(words: readonly string[], concepts: readonly ConceptSpan[]): RoleUnit[] {
  const units: RoleUnit[] = [];
  const counted = new Set<number>();
  words.forEach((word, index) => {
    if (SAID_BY_EVERY_ROLE.has(word) || counted.has(index)) return;
    counted.add(index);
    const concept = concepts.find((c) => c.covers.includes(word));
    if (!concept) return units.push({ word, index });
    // Overlapping concepts ("design ux", "ux director"): a word counts in the first that covers it.
    const indexes = [index, ...words.flatMap((w, i) => (i > index && !counted.has(i) && concept.covers.includes(w) && !SAID_BY_EVERY_ROLE.has(w) ? [i] : []))];
    for (const i of indexes) counted.add(i);
    units.push({ concept, words: indexes.map((i) => words[i]!), indexes });
  });
  return units;
}

/**
 * The units (roleUnits) a request for past roles says of now (QueryWords.nowWords), which its current role is
 * scored on as any request's best role is: "design technologists currently at framer who used to be at
 * shopify" asks for the Design Technologist at Framer now. Pure.
 */
export function unitsOfNow(units: readonly RoleUnit[], nowWords: readonly number[]): RoleUnit[] {
  return units.filter((unit) => ('concept' in unit ? unit.indexes.every((i) => nowWords.includes(i)) : nowWords.includes(unit.index)));
}

/**
 * The units (roleUnits) of a request for past roles that say nothing of now (QueryWords.nowWords): what its
 * previous roles are scored on. "ex-Nike folks who are now design directors" asks no previous role to be a
 * Design Director: scored there, a UX Designer who had been Nike's Design Director outranked the Design
 * Directors now who had been at Nike. Pure.
 */
export function unitsOfPast(units: readonly RoleUnit[], nowWords: readonly number[]): RoleUnit[] {
  return units.filter((unit) => ('concept' in unit ? !unit.indexes.some((i) => nowWords.includes(i)) : !nowWords.includes(unit.index)));
}

/**
 * A concept of two telling words or more is held by a role's title alone: its words, by their stems, or the
 * concept's phrase. Held anywhere in the role, "design researcher" found a former UX Researcher at Design Lab
 * (the title one word, the company the other) as much as a UX Researcher now, and above her. A unit of one
 * word is also an employer's name ("product designer figma"), held in the company as well.
 */
export const heldInTitle = (unit: RoleUnit): unit is Extract<RoleUnit, { concept: ConceptSpan }> => 'concept' in unit && unit.words.length >= 2;

/** How many telling words a unit stands for: what it earns, in words, in the role that holds it. */
export const unitWords = (unit: RoleUnit): number => ('concept' in unit ? unit.words.length : 1);

/**
 * The query words a concept of the synonym rules covers (conceptSpans with synonyms): spelled as the rules
 * spell them, so the role bonuses of both engines match them by their words and the stems of a title, never
 * within a typo allowance ("motion" is no typo of the company Notion).
 */
/**
 * The now words (QueryWords.nowWords, as indices into query.words) the current role earns one by one in a
 * request for past roles: not those of a concept of two words or more, which counts as a whole, in the current
 * title (conceptRoleBonus). Counted alone, the "ux" of "ux ui designers based in germany, ex wolff olins" put a
 * UX Researcher above the Product Designers who had been at Wolff Olins. Pure.
 */
export function currentRoleWords(query: Pick<QueryWords, 'words' | 'nowWords'>, concepts: readonly ConceptSpan[]): number[] {
  const whole = new Set(concepts.filter((c) => c.words >= 2).flatMap((c) => c.covers));
  return query.nowWords.filter((i) => !whole.has(query.words[i]!));
}

export function knownWords(concepts: readonly ConceptSpan[]): ReadonlySet<string> {
  return new Set(concepts.filter((c) => c.synonyms.length > 0).flatMap((c) => c.covers));
}

/**
 * The words both engines match without their typo allowance: the known words (knownWords), and a place every
 * match must hold (QueryWords.requiredPlaceWords, the first word of each alternative of requiredPlaceLists) that
 * is itself the name of a place of the world. Within two edits, "ux designer in portland" found the designers in
 * Kraków, whose location names Poland; "in berln" is no place's name and keeps its allowance. Pure.
 */
export function spelledWords(query: QueryWords, concepts: readonly ConceptSpan[]): ReadonlySet<string> {
  const required = [...query.requiredPlaceWords, ...query.requiredPlaceLists.flatMap((list) => list.map(([first]) => first!))].map((i) => query.words[i]!);
  return new Set([...knownWords(concepts), ...required.filter((word) => namesPlace([word]))]);
}

/**
 * The stems by which a role's title holds each known word (knownWords): its own, and for a concept of one
 * word, the one-word synonyms of it, so the Senior Product Designer's current role holds every word of
 * "sr product designer" as it does of "senior product designer", and ranks above a Product Designer who was
 * senior before. The role bonuses of both engines read it. Pure.
 */
export function knownTitleForms(concepts: readonly ConceptSpan[]): ReadonlyMap<string, readonly string[]> {
  const forms = new Map<string, string[]>();
  for (const { covers, synonyms } of concepts) {
    if (synonyms.length === 0) continue;
    for (const word of covers) {
      const own = wordForm(word);
      const oneWord = covers.length === 1 ? synonyms.filter((p) => p.length === 1 && p[0] !== own).map((p) => p[0]!) : [];
      forms.set(word, [...new Set([own, ...(forms.get(word) ?? []).slice(1), ...oneWord])]);
    }
  }
  return forms;
}
