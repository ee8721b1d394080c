import type { CursorCodec } from '../search/cursor.codec.ts';
import type { SearchPort } from '../search/search.port.ts';
import type { SynonymSource } from '../search/query-synonyms.ts';

/** What an engine factory returns: the search port and the engine's own life cycle. */
export interface SearchEngine {
  search: SearchPort;
  /** The synonyms its searches apply, for what explains their matches (highlights); the curated list's when absent. */
  synonyms?: SynonymSource;
  /** Creates indices or tables the engine needs; idempotent. */
  prepare(): Promise<void>;
  close(): Promise<void>;
}

/** `cursors`: the codec every replica shares (cursorCodecFor); tests that build one engine alone may leave it out. */
export interface SearchEngineDeps {
  cursors?: CursorCodec;
  /**
   * The synonyms searches apply: the curated list with the rules curators stored (StoredSynonyms over the
   * store). Absent: the Postgres engine reads its own store's; Elasticsearch applies the curated list alone.
   */
  synonyms?: SynonymSource;
}

