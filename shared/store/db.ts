import { mkdir } from 'node:fs/promises';
import { PGlite, types as pgliteTypes, type Transaction } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';

/**
 * The smallest database surface the store, the ingest worker and the Postgres search backend need.
 * Implemented over a pg Pool (a Postgres server) and, for the embedded default, over PGlite.
 */
export interface Db {
  /** 'postgres' for a server reached over the network, 'pglite' for the embedded engine. */
  readonly engine: 'postgres' | 'pglite';
  query<R extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  /** Runs fn in one transaction on one connection; rolls back when fn throws. Nested calls join it. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Lends a node-postgres client on its own connection, for libraries that speak to pg directly
   * (node-pg-migrate). On PGlite nothing else runs on the engine meanwhile.
   */
  withPgClient<T>(fn: (client: pg.ClientBase) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function clientDb(client: pg.PoolClient): Db {
  return {
    engine: 'postgres',
    query: async (sql, params) => client.query(sql, params as unknown[]),
    transaction: (fn) => fn(clientDb(client)),
    withPgClient: (fn) => fn(client),
    close: async () => undefined,
  };
}

export function createPgDb(connectionString: string, options: { max?: number; connectionTimeoutMillis?: number } = {}): Db {
  // A server that does not answer fails the request within the bound instead of hanging it.
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000 });
  // An idle client that loses its server must not crash the process; the next query reports the failure.
  pool.on('error', () => undefined);
  return {
    engine: 'postgres',
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
    async withPgClient(fn) {
      const client = await pool.connect();
      try {
        return await fn(client);
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite's own parsers differ from node-pg's in one place the store relies on: bigint. node-pg returns
 * it as a string (it may exceed 2^53); PGlite as a number. Both engines now answer alike.
 */
const PG_COMPATIBLE_PARSERS = { [pgliteTypes.INT8]: (value: string) => value };

function pgliteTxDb(tx: Transaction): Db {
  return {
    engine: 'pglite',
    query: async <R extends object>(sql: string, params?: unknown[]) => {
      const result = await tx.query<R>(sql, params);
      return { rows: result.rows };
    },
    transaction: (fn) => fn(pgliteTxDb(tx)),
    withPgClient: () => Promise.reject(new Error('withPgClient is not available inside a PGlite transaction')),
    close: async () => undefined,
  };
}

/**
 * The embedded store: PGlite keeps its files under dataDir ('memory://' for a throw-away one). It
 * carries the extensions the migrations create (fuzzystrmatch for typo tolerance).
 */
export async function createPgliteDb(dataDir: string): Promise<Db> {
  if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir, extensions: { fuzzystrmatch }, parsers: PG_COMPATIBLE_PARSERS });
  return {
    engine: 'pglite',
    query: async <R extends object>(sql: string, params?: unknown[]) => {
      const result = await pglite.query<R>(sql, params);
      return { rows: result.rows };
    },
    transaction: (fn) => pglite.transaction((tx) => fn(pgliteTxDb(tx))),
    // node-postgres over PGlite's own protocol adapter. Its messages bypass PGlite's query lock, so the
    // lock is held here for the whole loan.
    withPgClient: (fn) =>
      pglite.runExclusive(async () => {
        const client = new pg.Client(createPgConfig(pglite) as pg.ClientConfig);
        await client.connect();
        try {
          return await fn(client);
        } finally {
          await client.end();
        }
      }),
    close: () => pglite.close(),
  };
}
