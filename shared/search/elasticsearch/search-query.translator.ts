import type { PageWindow } from '../page-window.ts';
import type { estypes } from '@elastic/elasticsearch';
import type { ListedRule } from '../../domain/listed.rule.ts';
import { namedFilters, type Exclusion } from '../query-exclusions.ts';
import { type Preference, preferenceBonusWords, skillWords } from '../query-preferences.ts';
import { readRequest } from '../query-reading.ts';
import type { ReadingFacts } from '../reading-facts.ts';
import type { QueryWords } from '../query-words.ts';
import { type ConceptSpan, namesTool, seniorityTitle, type NamedRole, type QualifiedRole, type SynonymSet } from '../query-synonyms.ts';
import { type EntitySearchRules, hasFreeText, type SearchFilters, type TextFields } from '../search-rules.ts';
import { boostOf, freeText, liveFilter, wordFilter } from './query-clauses.ts';
import { type EsSortKey, toEsSort, toEsSortKeys } from './sort-keys.ts';

type Query = estypes.QueryDslQueryContainer;

/** One entity's search as Elasticsearch runs it: the engine-neutral rules and what only this engine adds. */
export interface EsEntitySearch<F extends SearchFilters> {
  rules: EntitySearchRules<never, F, TextFields<never>>;
  listed: ListedRule<object, string>;
  /** The free-text fields with their boosts (boostedFields of rules.text). */
  textFields: string[];
  /** The stemmed fields with their boosts (boostedFormFields of rules.text): word forms and synonyms match there. */
  formFields: string[];
  /** The fields that say where the record is (placeFieldNames of rules.text). */
  placeFields: string[];
  /** The fields that name the record, its roles, employers and place (namingFieldNames of rules.text). */
  namingFields: string[];
  /** The document field holding the public object: all a search reads back. */
  source: string;
  /**
   * The fields naming employers where a tool the request names ("figma", toolWords) scores nothing: a designer
   * who uses Figma is asked for more often than one who works there. Open roles have none: "figma" there asks
   * for Figma's openings as much as for openings that name the tool.
   */
  toolFields?: string[];
  /** Engine-specific score bonuses, added to the free-text should clauses. */
  bonus?: (query: QueryWords, concepts: readonly ConceptSpan[], synonyms: SynonymSet) => Query[];
  /** The records that match the free text however few of its words they hold (a role's holders, heldRole); null for none. */
  holders?: (query: QueryWords, concepts: readonly ConceptSpan[], synonyms: SynonymSet) => Query | null;
  /** The records every match is, however few of the words they hold (a craft's holders, heldCraft); null for none. */
  onlyHolders?: (query: QueryWords, concepts: readonly ConceptSpan[], synonyms: SynonymSet) => Query | null;
  /** The nested roles, their title-and-company field, where an employer the request names is held whole, and their titles' stems. */
  roles?: { path: string; field: string; forms: string; current: string };
  /** The records one role of which holds `role`, a kind of role named with a word of another trade (qualifiedRoles). */
  roleHolds?: (role: QualifiedRole) => Query;
  /** The records one role of which is the head at the employer a role's phrase may end (NamedRole.employer). */
  roleAtEmployer?: (employer: NonNullable<NamedRole['employer']>) => Query;
  /** The field naming the person a record is (a designer's name), with its boost: a name holding another word of the request answers a role it names (namedRoles). */
  personField?: string;
  /** The records whose title (a designer's current one) holds `role`, typed or by a synonym: those a seniority the request leaves out or prefers names. */
  titleHolds?: (role: ConceptSpan) => Query | null;
}

export function entitySortKeys<F extends SearchFilters>(entity: EsEntitySearch<F>, filters: F): EsSortKey[] {
  return toEsSortKeys(entity.rules.order(filters));
}

/**
 * Pure: validated filters to a bool query whose filters all combine with AND. `now`: the reading instant;
 * `facts`: what the search looked up in the index before reading the request.
 */
export function buildEntityQuery<F extends SearchFilters>(entity: EsEntitySearch<F>, filters: F, now?: Date, synonyms?: SynonymSet, facts: ReadingFacts = {}): Query {
  const { q, exclusions, preferences } = readRequest(filters.q);
  const filter: Query[] = liveFilter(entity.listed, now);
  for (const name of entity.rules.filters.exact) {
    const value = filters[name];
    if (value !== undefined) filter.push({ term: { [name]: value as estypes.FieldValue } });
  }
  for (const [name, field] of Object.entries(entity.rules.filters.words)) {
    const value = filters[name as keyof SearchFilters];
    const clause = value ? wordFilter(name, field, value) : null;
    if (clause) filter.push(clause);
  }
  const companyFields = [entity.rules.filters.words.company];
  // What the request leaves out ("not in London") and what it prefers ("ideally in London"), as the word filters
  // name them, whole words only.
  const named = (clause: Exclusion) => namedFilters(clause).flatMap((name) => wordFilter(name, entity.rules.filters.words[name], clause.value, { wholeWords: true }) ?? []);
  // A seniority ("no juniors", "ideally senior") is a title the records hold, typed or by a synonym.
  const titled = (clause: Exclusion): Query[] => {
    const role = seniorityTitle(clause.value, synonyms);
    const holds = role && entity.titleHolds?.(role);
    return holds ? [holds] : [];
  };
  const held = (clause: Exclusion): Query[] => (clause.kind === 'seniority' ? titled(clause) : named(clause));
  // A skill ("ideally knows Houdini") is held where every word of it is, as typed or by its stem; a tool's name
  // not in a company's (toolFields): "ideally knows Figma" prefers its users, not the staff of Figma Labs.
  const skilled = ({ value }: Preference): Query[] => {
    const words = skillWords(value).map(({ word, form }): Query => {
      const forms = entity.formFields.length > 0 ? [{ multi_match: { query: form, fields: entity.formFields } }] : [];
      return { bool: { should: [{ multi_match: { query: word, fields: namesTool(word) ? entity.textFields.filter((f) => !entity.toolFields?.includes(boostOf(f).field)) : entity.textFields } }, ...forms], minimum_should_match: 1 } };
    });
    return words.length === 0 ? [] : [{ bool: { filter: words } }];
  };
  const preferred = preferences.flatMap((preference) => {
    const clauses = preference.kind === 'skill' ? skilled(preference) : held(preference);
    if (clauses.length === 0) return [];
    return [{ filter: clauses.length === 1 ? clauses[0]! : { bool: { should: clauses, minimum_should_match: 1 } }, words: preferenceBonusWords(preference) }];
  });
  const expansion = { formFields: entity.formFields, synonyms, placeFields: entity.placeFields, companyFields, toolFields: entity.toolFields, namingFields: entity.namingFields, holders: entity.holders, onlyHolders: entity.onlyHolders, roles: entity.roles, roleHolds: entity.roleHolds, roleAtEmployer: entity.roleAtEmployer, personField: entity.personField, preferred, facts };
  const text = hasFreeText(q) ? freeText(q, entity.textFields, entity.bonus, expansion) : null;
  const left = exclusions.flatMap(held);
  return {
    bool: {
      filter: [...filter, ...(text?.filter ?? [])],
      ...(left.length > 0 ? { must_not: left } : {}),
      ...(text ? { must: text.must, should: text.should } : {}),
    },
  };
}

export function buildEntitySearchRequest<F extends SearchFilters>(
  entity: EsEntitySearch<F>,
  filters: F,
  window: PageWindow,
  now?: Date,
  synonyms?: SynonymSet,
  facts: ReadingFacts = {},
): Omit<estypes.SearchRequest, 'index' | 'pit'> {
  return {
    query: buildEntityQuery(entity, filters, now, synonyms, facts),
    sort: toEsSort(entitySortKeys(entity, filters)),
    size: window.limit,
    ...(window.after ? { search_after: window.after as estypes.FieldValue[] } : { from: window.offset ?? 0 }),
    track_total_hits: true,
    _source: [entity.source],
  };
}
