import pg from 'pg';

/**
 * The smallest database surface the store, the ingest worker and the Postgres search backend need.
 * Implemented over a pg Pool (a Postgres server) and, for the embedded default, over PGlite.
 */
export interface Db {
  query<R extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  /** Runs fn in one transaction on one connection; rolls back when fn throws. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function clientDb(client: pg.PoolClient): Db {
  return {
    query: async (sql, params) => client.query(sql, params as unknown[]),
    transaction: (fn) => fn(clientDb(client)),
    close: async () => undefined,
  };
}

export function createPgDb(connectionString: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  return {
    query: async (sql, params) => pool.query(sql, params as unknown[]),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(clientDb(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
