import type { estypes } from '@elastic/elasticsearch';
import { SUGGESTION_KINDS } from '../../domain/suggest.schema.ts';
import { DESIGNER_SEARCH_RULES } from '../designer-search.rules.ts';
import { OPEN_ROLE_SEARCH_RULES } from '../open-role-search.rules.ts';
import { formFieldNames, type TextFields } from '../search-rules.ts';
import type { DesignerDocument } from './designer.document.ts';
import type { IndexKind } from './index-names.ts';
import type { OpenRoleDocument } from './open-role.document.ts';

/**
 * Core features only: the minimal distribution has no analysis-common module. Search fields hold text
 * already folded and tokenised by the application (shared/text/fold.ts), and queries send its words, so
 * the whitespace analyzer only splits on the spaces we put there. (The standard analyzer split words of
 * Chinese or Japanese script into single characters again, which no word-prefix query then matched.)
 * index_prefixes makes word-prefix matching an exact term lookup instead of an expansion with a cap.
 * The boolean similarity scores a matching word by its field's boost alone, as the Postgres engine's points
 * do: under BM25 a word rare in one field (a title word in a bio, "brand" at the start of a first name) scored
 * above the same word in the field that should count (the role's title), so a bio naming "lead designer at
 * Miro" outranked the Lead Designer at Canva, and Brandt outranked brand designers.
 */
const searchText: estypes.MappingProperty = {
  type: 'text',
  analyzer: 'whitespace',
  similarity: 'boolean',
  index_prefixes: { min_chars: 1, max_chars: 19 },
};

/** Stems (word forms): matched word by word and as phrases, never as prefixes. */
// Scored like the literal fields (boolean similarity): a form or synonym earns its field's boost times its
// tier, so it ranks below the literal word whatever the stems' statistics.
const formsText: estypes.MappingProperty = { type: 'text', analyzer: 'whitespace', similarity: 'boolean' };

/** The stemmed fields of the search rules (TextField.forms), under `forms`. */
function formsMappings(fields: TextFields<never>): estypes.MappingProperty {
  return { properties: Object.fromEntries(formFieldNames(fields).map((name) => [name, formsText])) };
}

/**
 * Bumped with every change to a mapping. ensureIndices adds new fields to an older live index in place;
 * documents indexed before the change gain them on the next reindex. A change to an existing field (3:
 * the whitespace analyzer) cannot be made in place: it also bumps DOCUMENT_VERSION, so the worker
 * rebuilds the index with the new mapping (4: the boolean similarity, and roles.words; 5: roles.forms; 6:
 * roles.title_words; 7: roles.company and roles.company_words).
 */
export const MAPPING_VERSION = 7;

/**
 * Bumped with every change to what a document holds for the same row (2: a location also carries its
 * country's other names; 3: its country's own name, regions and the city's other names, and the
 * whitespace analyzer; 4: New York's NY; 5: Scandinavia, Holland, Silicon Valley, Tel Aviv-Yafo and German
 * cities written with ue for ü; 6: the boolean similarity of mapping 4, each role's number of content
 * words, type-ahead's words by kind, the facet values, and the stems of titles and descriptions under
 * forms; 7: the stems of each role's title, roles.forms; 8: the states, provinces and UK nations of cities
 * among the location's names; 9: the number of distinct stems of each role's title, roles.title_words; 10:
 * the stems of word-form-exceptions.rules.ts, "production" no longer "product"; 11: the names Spanish, German,
 * French, Portuguese and Italian give large cities, "Londres", "Mailand"; 12: "mobility", "industrial",
 * "publication" and "conversion" keep stems of their own; 13: the country groups recruiters write beside the
 * continents among the location's names, "DACH", "Benelux", "East Asia"; 14: who does a craft stems as the
 * craft, "strategist" as "strategy", "typographer" as "typography"; 15: a remote location's other words for
 * remote work, "remotely", "teletrabajo"; 16: each role's company and its number of distinct content words,
 * roles.company and roles.company_words; 17: a passive participle, "mentored by", keeps itself among the
 * stems; 18: British spellings stem as the American ones, "colour" as "color"; 19: a region by one name, APAC
 * and Southeast Asia, not "Asia Pacific" and "South East Asia", whose words hold narrower regions; 20: an
 * irregular past stems as its verb, "led" as "lead", "wrote" as "write", and "led by" is a passive; 21: initials
 * joined by "&" are one word, "H&M" as "hm"). An index whose documents are older is rebuilt by the worker
 * when it starts (ingest-worker.factory.ts), so a release that changes documents needs no manual reindex.
 */
export const DOCUMENT_VERSION = 21;

/** Every free-text field of the search rules, mapped as searchText. */
function textMappings<F extends object>(fields: F): Record<keyof F, estypes.MappingProperty> {
  return Object.fromEntries(Object.keys(fields).map((name) => [name, searchText])) as Record<keyof F, estypes.MappingProperty>;
}

/** A mapping for exactly the fields of a document type: a field added to one and not the other fails to compile. */
type PropertiesOf<D> = Record<keyof D, estypes.MappingProperty>;

const designerMappings: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  _meta: { mapping_version: MAPPING_VERSION, document_version: DOCUMENT_VERSION },
  properties: {
    id: { type: 'keyword' },
    slug: { type: 'keyword' },
    category: { type: 'keyword' },
    listed_at: { type: 'date' },
    ...textMappings(DESIGNER_SEARCH_RULES.text),
    // Each role's title and company together, so the words of one role can be told from words spread
    // over several roles (scored by a nested query), its number of content words, and the stems of its
    // title, where the concepts a query names match (conceptRoleBonus), with their number (exactTitle), and
    // its company with its number of content words, where an employer the request names is held exactly.
    roles: {
      type: 'nested',
      properties: { text: searchText, current: { type: 'boolean' }, words: { type: 'short' }, forms: formsText, title_words: { type: 'short' }, company: searchText, company_words: { type: 'short' } },
    },
    // Type-ahead's words by kind, as keywords: a prefix query finds them, a terms aggregation counts them.
    suggest: { properties: Object.fromEntries(SUGGESTION_KINDS.map((kind) => [kind, { type: 'keyword' }])) },
    // What the facets count, as exact values (terms aggregations read their doc values).
    facets: { properties: { country: { type: 'keyword' }, remote: { type: 'boolean' }, companies: { type: 'keyword' } } },
    forms: formsMappings(DESIGNER_SEARCH_RULES.text),
    // The public profile, stored verbatim and never indexed: what the API returns.
    designer: { type: 'object', enabled: false },
  } satisfies PropertiesOf<DesignerDocument>,
};

const openRoleMappings: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  _meta: { mapping_version: MAPPING_VERSION, document_version: DOCUMENT_VERSION },
  properties: {
    id: { type: 'keyword' },
    category: { type: 'keyword' },
    employment_type: { type: 'keyword' },
    remote: { type: 'boolean' },
    placement_rank: { type: 'byte' },
    posted_at: { type: 'date' },
    expires_at: { type: 'date' },
    ...textMappings(OPEN_ROLE_SEARCH_RULES.text),
    forms: formsMappings(OPEN_ROLE_SEARCH_RULES.text),
    role: { type: 'object', enabled: false },
  } satisfies PropertiesOf<OpenRoleDocument>,
};

const MAPPINGS: Readonly<Record<IndexKind, estypes.MappingTypeMapping>> = { designers: designerMappings, openRoles: openRoleMappings };

/**
 * Copies of each shard besides its primary: a number, or an auto-expand range ("0-1", "0-all") that
 * Elasticsearch keeps fitted to the data nodes there are (no replica on one node, which stays green).
 */
export type ReplicaSetting = number | `${number}-${number | 'all'}`;

export interface IndexSettingsOptions {
  shards: number;
  replicas: ReplicaSetting;
  refreshInterval: string;
}

/** The index settings a replica setting writes; each form turns the other off, so either can follow. */
export function replicaSettings(replicas: ReplicaSetting): estypes.IndicesIndexSettings {
  return typeof replicas === 'number' ? { number_of_replicas: replicas, auto_expand_replicas: 'false' } : { auto_expand_replicas: replicas };
}

export function indexBody(
  kind: IndexKind,
  options: IndexSettingsOptions,
): { settings: estypes.IndicesIndexSettings; mappings: estypes.MappingTypeMapping } {
  return {
    settings: {
      number_of_shards: options.shards,
      ...replicaSettings(options.replicas),
      refresh_interval: options.refreshInterval,
    },
    mappings: MAPPINGS[kind],
  };
}
