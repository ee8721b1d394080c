import type { estypes } from '@elastic/elasticsearch';
import type { ListedRule } from '../../domain/listed.rule.ts';
import { tokenize } from '../../text/fold.ts';
import { MAX_FUZZY_EXPANSIONS, MAX_PREFIX_EXPANSIONS } from '../../text/query-cost.rules.ts';
import { type QueryWords, understandQuery } from '../query-words.ts';
import { type FilterPhrase, filterPhrases } from '../filter-phrases.ts';

type Query = estypes.QueryDslQueryContainer;

/** Typo tolerance by word length: none under 4 characters, 1 edit from 4, 2 from 8. */
export const FUZZINESS = 'AUTO:4,8';

/**
 * A word filter (location, company) on its field: whole words or word prefixes, adjacent and in order, never
 * inside a word ("us" matches "San Francisco, US" but not "Austin"), as filterPhrases reads the value.
 * Returns null when the value has no word to match.
 */
export function wordFilter(filter: string, field: string, value: string): Query | null {
  const phrases = filterPhrases(filter, value, tokenize).map((phrase) => phraseQuery(field, phrase));
  if (phrases.length === 0) return null;
  return phrases.length === 1 ? phrases[0]! : { bool: { should: phrases, minimum_should_match: 1 } };
}

function phraseQuery(field: string, { words, prefix }: FilterPhrase): Query {
  const one = (w: string) => (prefix ? { prefix: { [field]: { value: w } } } : { term: { [field]: w } });
  if (words.length === 1) return one(words[0]!);
  return {
    span_near: {
      clauses: words.map((w) => (prefix ? { span_multi: { match: one(w) } } : { span_term: { [field]: w } })),
      slop: 0,
      in_order: true,
    },
  };
}

export interface FreeTextClauses {
  must: Query[];
  should: Query[];
}

/**
 * How a word's matches rank: an exact word above a prefix of a word (search as you type), and both well
 * above a word within the typo allowance, whatever the field; "webg" finds WebGL before Webb.
 */
export const MATCH_TIER_BOOSTS = { exact: 1, prefix: 0.6, fuzzy: 0.05 } as const;

/**
 * Free text after query understanding (shared/search/query-words.ts): filler words are dropped, and a
 * record must match `required` of the remaining words, each in some field: exactly, as a prefix (the last
 * word; an initial in the first field, the name) or within its typo allowance. Per word only its best tier counts (dis_max), and records
 * matching more words score higher. Filler words found in the first (highest-boosted) field, and exact
 * all-words matches (in one field, or across fields) and phrase matches add to the score, and `extra`
 * adds engine-specific bonuses (the same role, the current role).
 */
export function freeText(
  q: string,
  fields: string[],
  extra: (query: QueryWords) => Query[] = () => [],
): FreeTextClauses | null {
  const query = understandQuery(q);
  const { words, prefix, filler, required } = query;
  if (words.length === 0) return null;
  const perWord: Query[] = words.map((word, i) => ({
    dis_max: {
      queries: [
        { multi_match: { query: word, fields, type: 'best_fields', boost: MATCH_TIER_BOOSTS.exact } },
        ...(prefix[i]
          ? [{ multi_match: { query: word, fields: prefix[i] === 'name' ? fields.slice(0, 1) : fields, type: 'phrase_prefix' as const, max_expansions: MAX_PREFIX_EXPANSIONS, boost: MATCH_TIER_BOOSTS.prefix } }]
          : []),
        { multi_match: { query: word, fields, type: 'best_fields', fuzziness: FUZZINESS, max_expansions: MAX_FUZZY_EXPANSIONS, boost: MATCH_TIER_BOOSTS.fuzzy } },
      ],
    },
  }));
  const text = words.join(' ');
  const should: Query[] =
    words.length > 1
      ? [
          { multi_match: { query: text, fields, type: 'best_fields', operator: 'and', boost: 2 } },
          // Every word exactly, each in some field: what an agent's "brand designer in germany" asks for, the
          // role in the titles and the place in the location. Without it a title saying "brand" twice outranked
          // the place. Boost chosen on the judged queries (npm run bench:relevance, BENCHMARKS.md): 1 or 0.5
          // lowered title+company while raising agent requests, 0.25 raises agent requests alone.
          { multi_match: { query: text, fields, type: 'cross_fields', operator: 'and', boost: 0.25 } },
          { multi_match: { query: text, fields, type: 'phrase', boost: 2 } },
        ]
      : [];
  // Filler need not match, but a filler word that is part of a name (the Turkish name "Can") counts there.
  const optional: Query[] = filler.map((word) => ({ multi_match: { query: word, fields: fields.slice(0, 1), boost: MATCH_TIER_BOOSTS.exact } }));
  return { must: [{ bool: { should: perWord, minimum_should_match: required } }], should: [...should, ...optional, ...extra(query)] };
}

/**
 * The clock part of a listed rule, at the reading instant. The index holds only records in the listed
 * state (the ingest worker indexes nothing else), so the state part needs no clause.
 */
export function liveFilter(rule: ListedRule<object, string>, now?: Date): Query[] {
  if (rule.liveUntil === undefined) return [];
  if (!now) throw new Error(`listing depends on the clock (${rule.liveUntil}): pass the instant`);
  return [{ range: { [rule.liveUntil]: { gt: now.toISOString() } } }];
}

/** The complement of liveFilter: records whose listing has ended at `now`. */
export function endedFilter(rule: ListedRule<object, string>, now: Date): Query {
  if (rule.liveUntil === undefined) throw new Error('this listing never ends');
  return { range: { [rule.liveUntil]: { lte: now.toISOString() } } };
}
