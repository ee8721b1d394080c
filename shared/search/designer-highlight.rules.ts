import type { DesignerMatch, MatchField, MatchFragment } from '../domain/designer-facets.schema.ts';
import type { Designer } from '../domain/designer.schema.ts';
import type { DesignerFilters } from '../domain/designer-search.schema.ts';
import { cutShort, maxEdits, withinTypoEdits } from '../text/edit-distance.ts';
import { AMPERSAND_INITIALS, tokenize } from '../text/fold.ts';
import { textForms } from '../text/word-forms.ts';
import { designerRoles } from './designer-search.rules.ts';
import { filterPhrases } from './filter-phrases.ts';
import { locationSearchNames } from './location-names.ts';
import { readRequest } from './query-reading.ts';
import { type PrefixScope, understandQuery } from './query-words.ts';

/**
 * Why a designer matched, computed from the record and the request's words alone, so both engines give
 * the same answer: the words of q (with their word forms, see WordForms), and of the company and location
 * filters in their fields, matched as the engines match them: exactly, as a prefix for the last word,
 * within the typo allowance (AUTO:4,8).
 */

/**
 * Word forms and synonyms, as the engines match them: the one place those rules plug in (pass them to
 * highlightWords; directory-service.ts takes them as `wordForms`) so highlights follow what the engines
 * match. `stem` gives a folded word's form (shared/text/word-forms.ts's wordForm), compared in the fields
 * that hold forms (titles and descriptions; never names, companies or places); `expand` gives, per content
 * word of a request (understandQuery's words, in order), the forms that also count as it (its own, and
 * one-word synonyms' forms) and the phrases of forms that count as it found ("creative director" for
 * "art director" or "directrice artistique"), each marked whole where its words stand side by side.
 */
export interface WordForms {
  stem: (word: string) => string;
  expand: (q: string | undefined) => readonly WordFormsOf[];
}
export interface WordFormsOf {
  /** The word's own form first, then its one-word synonyms' forms. */
  forms: readonly string[];
  phrases: readonly (readonly string[])[];
  /** What the word's phrase in another language means, of one word (among the forms) or more (among the phrases): found, it is the word itself. */
  meanings: readonly (readonly string[])[];
}
export const NO_WORD_FORMS: WordForms = { stem: (word) => word, expand: () => [] };

/** The fields whose words count by their forms too, as the engines store forms only for them. */
const FIELDS_WITH_FORMS: ReadonlySet<MatchField> = new Set(['title', 'description']);

/** A fragment's length at most (characters), beyond which a description is cut around its first match. */
export const FRAGMENT_LENGTH = 160;
/** Characters of context kept before a description's first match. */
const LEAD = 50;
/** Roles shown at most in one match: the best first. */
const MAX_ROLES = 2;

interface Term {
  word: string;
  /** The word's own form: a match by it is the word, as a match by a synonym is not. */
  form: string | undefined;
  forms: ReadonlySet<string>;
  /** Phrases of forms that count as the word found, side by side in a field holding forms. */
  phrases: readonly (readonly string[])[];
  /** Those that are the word itself (WordFormsOf.meanings). */
  meanings: ReadonlySet<string>;
  prefix: PrefixScope;
  edits: number;
  /** The word cut short, within the allowance but no typo of it (cutShort). */
  cutShort: string | null;
  /** Per record word, whether it is within the typo allowance: a page's records repeat their words. */
  typos: Map<string, boolean>;
  stem: (word: string) => string;
}

function term(word: string, prefix: PrefixScope, wordForms: WordForms, of: WordFormsOf = { forms: [], phrases: [], meanings: [] }): Term {
  return { word, form: of.forms[0], forms: new Set(of.forms), phrases: of.phrases, meanings: new Set(of.meanings.map((phrase) => phrase.join(' '))), prefix, edits: maxEdits(word), cutShort: cutShort(word), typos: new Map(), stem: wordForms.stem };
}

function withinTypos(token: string, t: Term): boolean {
  if (t.edits === 0 || Math.abs(token.length - t.word.length) > t.edits) return false;
  let known = t.typos.get(token);
  if (known === undefined) t.typos.set(token, (known = token !== t.cutShort && withinTypoEdits(token, t.word, t.edits)));
  return known;
}

/**
 * How a folded record word is one of the query's, in a field whose prefix matching is `field`: as the word
 * (exactly, by its form, as a prefix), only near it (by a synonym, within its typos), or not at all; `form`
 * is the word's form where the field holds forms and some term has forms (else null).
 */
function matches(token: string, form: string | null, t: Term, field: MatchField): 'word' | 'near' | null {
  if (token === t.word) return 'word';
  if (form !== null && t.forms.has(form)) return form === t.form || t.meanings.has(form) ? 'word' : 'near';
  if ((t.prefix === 'any' || (t.prefix === 'name' && field === 'name')) && token.startsWith(t.word)) return 'word';
  return withinTypos(token, t) ? 'near' : null;
}

interface Found {
  offsets: [number, number][];
  /** The query words found, folded. */
  words: Set<string>;
  /** Those found as themselves (not by a synonym or a typo alone): a title holding the word itself is the better reason. */
  literal: Set<string>;
}

/**
 * Words of a text with where they stand: letters, marks and digits (folding may make one run several words), and
 * initials joined by "&", one word as tokenize reads them (AMPERSAND_INITIALS).
 */
const WORD_RUN = new RegExp(`${AMPERSAND_INITIALS.source}|[\\p{L}\\p{M}\\p{N}]+`, 'giu');
const ASCII_WORD = /^[A-Za-z0-9]+$/;

function find(text: string, terms: readonly Term[], field: MatchField): Found {
  const found: Found = { offsets: [], words: new Set(), literal: new Set() };
  // A filter's words alone (no q): the name, titles and description hold nothing to look for.
  if (terms.length === 0) return found;
  const stem = FIELDS_WITH_FORMS.has(field) ? terms.find((t) => t.forms.size > 0 || t.phrases.length > 0)?.stem : undefined;
  const byPhrase = stem ? terms.filter((t) => t.phrases.length > 0) : [];
  const runs: { at: [number, number]; hit: boolean }[] = [];
  // Every word with the run it is in, in order: a word's form reads the word after it (isPassiveAt).
  const words: { token: string; run: number }[] = [];
  for (const run of text.matchAll(WORD_RUN)) {
    // Most runs are ASCII letters and digits: one word, lower-cased, with nothing to fold.
    const tokens = ASCII_WORD.test(run[0]) ? [run[0].toLowerCase()] : tokenize(run[0]);
    for (const token of tokens) words.push({ token, run: runs.length });
    runs.push({ at: [run.index, run.index + run[0].length], hit: false });
  }
  // The form once per word, however many terms compare it (the words of q share one stem function), as the
  // documents store it (textForms).
  const forms = stem ? textForms(words.map((w) => w.token), stem) : null;
  // Each word's form with the run it is in, in order, where some term has phrases to look for.
  const sequence: { form: string; run: number }[] = [];
  for (const [k, { token, run }] of words.entries()) {
    const form = forms ? forms[k]! : null;
    if (form !== null && byPhrase.length > 0) sequence.push({ form, run });
    for (const t of terms) {
      const how = matches(token, form, t, field);
      if (!how) continue;
      found.words.add(t.word);
      if (how === 'word') found.literal.add(t.word);
      runs[run]!.hit = true;
    }
  }
  for (const t of byPhrase) {
    for (const phrase of t.phrases) {
      for (let i = 0; i + phrase.length <= sequence.length; i++) {
        if (!phrase.every((form, k) => sequence[i + k]!.form === form)) continue;
        found.words.add(t.word);
        if (t.meanings.has(phrase.join(' '))) found.literal.add(t.word);
        for (let k = 0; k < phrase.length; k++) runs[sequence[i + k]!.run]!.hit = true;
      }
    }
  }
  for (const run of runs) if (run.hit) found.offsets.push(run.at);
  return found;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** text HTML-escaped, with <mark> around each offset range (sorted, not overlapping). */
export function markedHtml(text: string, offsets: readonly (readonly [number, number])[]): string {
  let html = '';
  let at = 0;
  for (const [start, end] of offsets) {
    html += `${escapeHtml(text.slice(at, start))}<mark>${escapeHtml(text.slice(start, end))}</mark>`;
    at = end;
  }
  return html + escapeHtml(text.slice(at));
}

/**
 * A short fragment of `text` around its first match: the whole text when short, else FRAGMENT_LENGTH
 * characters cut at word boundaries, with an ellipsis where text was left out; offsets move with it.
 */
export function fragmentOf(text: string, offsets: readonly [number, number][]): { text: string; offsets: [number, number][] } {
  if (text.length <= FRAGMENT_LENGTH) return { text, offsets: [...offsets] };
  const first = offsets[0]?.[0] ?? 0;
  let start = Math.max(0, first - LEAD);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < first ? space + 1 : first;
  }
  let end = Math.min(text.length, start + FRAGMENT_LENGTH - 2);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  const lead = start > 0 ? '…' : '';
  const body = text.slice(start, end).trim();
  const shift = lead.length - start;
  const kept = offsets.filter(([s, e]) => s >= start && e <= start + body.length).map(([s, e]): [number, number] => [s + shift, e + shift]);
  return { text: `${lead}${body}${end < text.length ? '…' : ''}`, offsets: kept };
}

function fragment(field: MatchField, text: string, found: Found, role?: MatchFragment['role']): MatchFragment {
  const cut = fragmentOf(text, found.offsets);
  return { field, ...(role ? { role } : {}), text: cut.text, offsets: cut.offsets, html: markedHtml(cut.text, cut.offsets) };
}

/** The request's words, per field: q's everywhere (without what it leaves out), the company filter's in companies, the location filter's in the location. */
export interface HighlightWords {
  all: Term[];
  company: Term[];
  location: Term[];
  /** Per location, the words found in its other names: a page's designers share places. */
  places: Map<string, Set<string>>;
}

export function highlightWords(filters: Pick<DesignerFilters, 'q' | 'company' | 'location'>, wordForms: WordForms = NO_WORD_FORMS): HighlightWords {
  // The words the engines search: what the request leaves out ("not in san francisco") is no reason to match.
  const { q } = readRequest(filters.q);
  const { words, prefix } = understandQuery(q);
  const expanded = wordForms.expand(q);
  const all = words.map((word, i) => term(word, prefix[i] ?? null, wordForms, expanded[i]));
  const ofFilter = (name: 'company' | 'location') =>
    filterPhrases(name, filters[name] ?? '', tokenize).flatMap((phrase) => phrase.words.map((word) => term(word, phrase.prefix ? 'any' : null, NO_WORD_FORMS)));
  return { all, company: [...all, ...ofFilter('company')], location: [...all, ...ofFilter('location')], places: new Map() };
}

interface Candidate {
  reason: string;
  fields: MatchFragment[];
  words: number;
  /** Of those, the words found as themselves: among as many words, the most found so ranks first. */
  literal: number;
  /** Ties go to the lower: the name, then the current role, the previous roles, the description, the location. */
  rank: number;
}

function describeWords(text: string, offsets: readonly [number, number][]): string {
  return [...new Set(offsets.map(([s, e]) => text.slice(s, e).toLowerCase()))].slice(0, 3).join(', ');
}

/**
 * Why a designer matched: each field holding a word of the request, with its fragment, and one line naming
 * the best of them (the field or role holding most of the words). Null when no word is found in the record
 * (a search without q or word filters).
 */
export function designerMatch(designer: Designer, words: HighlightWords): DesignerMatch | null {
  if (words.company.length === 0 && words.location.length === 0) return null;
  const candidates: Candidate[] = [];

  const name = find(designer.name, words.all, 'name');
  if (name.offsets.length > 0) candidates.push({ reason: `name: ${designer.name}`, fields: [fragment('name', designer.name, name)], words: name.words.size, literal: name.literal.size, rank: 0 });

  designerRoles(designer).forEach(({ role, current }, i) => {
    const title = find(role.title, words.all, 'title');
    const company = find(role.company, words.company, 'company');
    const held = new Set([...title.words, ...company.words]);
    if (held.size === 0) return;
    const about = { title: role.title, company: role.company, current };
    candidates.push({
      reason: `${current ? 'current' : 'previous'} role: ${role.title} at ${role.company}`,
      fields: [
        ...(title.offsets.length > 0 ? [fragment('title', role.title, title, about)] : []),
        ...(company.offsets.length > 0 ? [fragment('company', role.company, company, about)] : []),
      ],
      words: held.size,
      literal: new Set([...title.literal, ...company.literal]).size,
      rank: 1 + i,
    });
  });

  const description = find(designer.description, words.all, 'description');
  if (description.offsets.length > 0) {
    candidates.push({
      reason: `description mentions ${describeWords(designer.description, description.offsets)}`,
      fields: [fragment('description', designer.description, description)],
      words: description.words.size,
      literal: description.literal.size,
      rank: 100,
    });
  }

  const location = locationMatch(designer.location, words);
  if (location) candidates.push({ reason: `based in ${designer.location}`, fields: [fragment('location', designer.location, location)], words: location.words.size, literal: location.literal.size, rank: 101 });

  if (candidates.length === 0) return null;
  const best = [...candidates].sort((a, b) => b.words - a.words || b.literal - a.literal || a.rank - b.rank)[0]!;
  const roles = candidates.filter((c) => c.rank >= 1 && c.rank < 100);
  const keptRoles = new Set([best, ...roles.filter((c) => c !== best)].filter((c) => c.rank >= 1 && c.rank < 100).slice(0, MAX_ROLES));
  const fields = candidates.filter((c) => !(c.rank >= 1 && c.rank < 100) || keptRoles.has(c)).flatMap((c) => c.fields);
  return { reason: best.reason, fields };
}

/**
 * The location's words, or, when the words are found only in another name of the place (Germany for
 * "Munich, DE", Bay Area for "San Francisco, US", remotely for "Remote (EU)"), the whole location marked: it
 * matched as that place.
 */
function locationMatch(location: string, { location: terms, places }: HighlightWords): Found | null {
  if (!location) return null;
  const own = find(location, terms, 'location');
  if (own.offsets.length > 0) return own;
  let words = places.get(location);
  if (!words) {
    words = new Set<string>();
    for (const other of locationSearchNames(location).slice(1)) for (const word of find(other, terms, 'location').words) words.add(word);
    places.set(location, words);
  }
  return words.size > 0 ? { offsets: [[0, location.length]], words, literal: words } : null;
}
