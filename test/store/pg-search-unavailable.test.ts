import { describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../../shared/domain/errors.ts';
import { PostgresSearchRepository } from '../../shared/search/postgres/pg-search.repository.ts';
import { createPgDb } from '../../shared/store/db.ts';

describe('Postgres search engine without a database', () => {
  it('answers ServiceUnavailableError (a 503), not a crash, and reports not ready', async () => {
    // Port 1: nothing listens there.
    const db = createPgDb('postgres://postgres@127.0.0.1:1/none', { max: 1, connectionTimeoutMillis: 2000 });
    const search = new PostgresSearchRepository(db, { publicBaseUrl: 'http://x.example', timeoutMs: 1000 });
    try {
      await expect(search.searchDesigners({ q: 'ana' }, { limit: 5, offset: 0 })).rejects.toBeInstanceOf(ServiceUnavailableError);
      await expect(search.findDesigner({ slug: 'ana' })).rejects.toBeInstanceOf(ServiceUnavailableError);
      await expect(search.searchOpenRoles({}, { limit: 5, offset: 0 }, new Date())).rejects.toBeInstanceOf(ServiceUnavailableError);
      expect(await search.isReady()).toBe(false);
    } finally {
      await db.close();
    }
  });
});
