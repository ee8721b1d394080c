import type { Logger } from '../../logging/logger.ts';
import type { Db } from '../../store/db.ts';
import { listSynonymRules } from '../../store/synonym.reader.ts';
import { synonymRuleSchema } from '../../text/synonym-rule.schema.ts';
import { CURATED_SYNONYM_SET, type SynonymSet, type SynonymSource } from '../query-synonyms.ts';

/**
 * How long a replica applies the rules it read before reading them again: a rule a curator adds or
 * removes is in force on every replica within this, with no reindex and no message between processes.
 */
export const SYNONYM_REFRESH_MS = 5_000;

/**
 * The curated list with the rules in search_synonyms, read again at most every `refreshMs`. Searches
 * between reads share one set; a read that fails keeps the last set (the curated list before the first),
 * so a store that does not answer never fails a search on Elasticsearch.
 */
export class StoredSynonyms implements SynonymSource {
  private set: SynonymSet = CURATED_SYNONYM_SET;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<SynonymSet> | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: { refreshMs?: number; logger?: Logger; now?: () => number } = {},
  ) {}

  async current(): Promise<SynonymSet> {
    const now = (this.options.now ?? Date.now)();
    if (now - this.readAt < (this.options.refreshMs ?? SYNONYM_REFRESH_MS)) return this.set;
    this.reading ??= this.read(now).finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async read(now: number): Promise<SynonymSet> {
    try {
      const stored = await listSynonymRules(this.db);
      // Stored rules were read by the schema when added; one that no longer reads is left out, not fatal.
      const rules = stored.flatMap(({ rule }) => {
        const parsed = synonymRuleSchema.safeParse(rule);
        return parsed.success ? [parsed.data] : [];
      });
      this.set = CURATED_SYNONYM_SET.with(rules);
      this.readAt = now;
    } catch (error) {
      this.options.logger?.warn({ err: error }, 'stored synonyms could not be read; searching with the last rules read');
      // Try again on the next search rather than on every one while the store is away.
      this.readAt = now;
    }
    return this.set;
  }
}
