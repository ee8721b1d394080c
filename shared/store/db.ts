import { access, mkdir, readdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { lock } from 'proper-lockfile';
import { type PgliteThread, PgliteThreadConnection, startPgliteThread } from './pglite-thread-client.ts';

/**
 * The smallest database surface the store, the ingest worker and the Postgres search engine need.
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
  // Nor a client at any other moment of its life. pg-pool listens on a client while it is idle and while
  // pool.query runs, and lend() while it is lent; this listener holds from connect to end, so an error the
  // server sends in any window between those (57P01 when a session is ended) never goes unheard, which ends
  // the process. The statements and the other listeners still see every error; this one only keeps it from throwing.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return {
    engine: 'postgres',
    query: async (sql, params) => pool.query(sql, params as unknown[]),
    async transaction(fn) {
      return lend(pool, async (client) => {
        try {
          await client.query('BEGIN');
          const result = await fn(clientDb(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      });
    },
    withPgClient: (fn) => lend(pool, fn),
    close: () => pool.end(),
  };
}

/**
 * Runs fn on a client of its own. The pool listens for a lost connection only on idle clients: one lent
 * out that loses its server between two statements (a restart, a failover) emits 'error' with nobody
 * listening, which ends the process. Here that error is held and is what fn's failure reports, and the
 * broken client is destroyed on release rather than handed to the next caller.
 */
async function lend<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost = error;
  };
  client.on('error', onError);
  try {
    return await fn(client);
  } catch (error) {
    // Once the connection is gone every statement fails with "not queryable": the loss says why.
    throw lost ?? error;
  } finally {
    client.off('error', onError);
    client.release(lost);
  }
}

function threadTxDb(thread: PgliteThread, tx: number): Db {
  return {
    engine: 'pglite',
    query: async <R extends object>(sql: string, params: unknown[] = []) => ({ rows: await thread.call<R[]>({ op: 'query', sql, params, tx }) }),
    transaction: (fn) => fn(threadTxDb(thread, tx)),
    withPgClient: () => Promise.reject(new Error('withPgClient is not available inside a PGlite transaction')),
    close: async () => undefined,
  };
}

/**
 * The embedded store: PGlite keeps its files under dataDir ('memory://' for a throw-away one) and runs
 * on a thread of its own (pglite-host-worker.ts), so that its statements never hold the event loop. It
 * carries the extensions the migrations create (fuzzystrmatch for typo tolerance).
 */
export async function createPgliteDb(dataDir: string): Promise<Db> {
  let release: () => Promise<void> = async () => {};
  if (!dataDir.includes('://')) {
    await prepareDataDir(dataDir);
    release = await lockDataDir(dataDir);
  }
  let thread: PgliteThread;
  try {
    thread = await startPgliteThread(dataDir);
  } catch (error) {
    await release();
    throw error;
  }
  return {
    engine: 'pglite',
    query: async <R extends object>(sql: string, params: unknown[] = []) => ({ rows: await thread.call<R[]>({ op: 'query', sql, params }) }),
    async transaction(fn) {
      const tx = await thread.call<number>({ op: 'begin' });
      let result;
      try {
        result = await fn(threadTxDb(thread, tx));
      } catch (error) {
        await thread.call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await thread.call({ op: 'end', tx, commit: true });
      return result;
    },
    // node-postgres over the wire protocol, for libraries that speak to pg directly (node-pg-migrate);
    // the engine serves nothing else for the whole loan.
    async withPgClient(fn) {
      const loan = await thread.call<number>({ op: 'lend' });
      try {
        const client = new pg.Client({ user: 'postgres', database: 'postgres', connection: new PgliteThreadConnection(thread, loan) } as pg.ClientConfig);
        await client.connect();
        try {
          return await fn(client);
        } finally {
          await client.end();
        }
      } finally {
        await thread.call({ op: 'return', loan });
      }
    },
    async close() {
      try {
        await thread.close();
      } finally {
        await release();
      }
    },
  };
}

/** The lock of an embedded store, inside its directory (a volume's parent may not be writable). */
export const DATA_DIR_LOCK = 'designer-directory.lock';
const LOCK_STALE_MS = 10_000;
/** How long an opener waits for the lock: past its staleness, with a margin for the holder's last renewal. */
const LOCK_WAIT_S = Math.ceil(LOCK_STALE_MS / 1000) + 2;

/**
 * Takes the embedded store for this process alone. PGlite is a database in one process's memory: a second
 * process on the same files (a CLI import while the API runs) would write beside it unseen, and the two
 * would overwrite each other's pages. The lock is a directory whose time this process renews; one left by a
 * process that died is taken over once it is 10 s old, which an opener waits for before it gives up. Should
 * this process fail to renew it in time (its event loop held past that), proper-lockfile ends it rather than
 * let two processes write.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    // Waits out a stale lock (a process killed a moment ago, its restart by a supervisor) before refusing.
    return await lock(dataDir, {
      lockfilePath: join(dataDir, DATA_DIR_LOCK),
      stale: LOCK_STALE_MS,
      retries: { retries: LOCK_WAIT_S, factor: 1, minTimeout: 1000, maxTimeout: 1000 },
    });
  } catch (error) {
    if ((error as { code?: string }).code !== 'ELOCKED') throw error;
    throw new Error(
      `another process has the embedded store open (the API, or another command), and kept it for the last ${LOCK_WAIT_S} s; the embedded store serves one ` +
        'process at a time: stop that process first, or give both a Postgres server with DATABASE_URL',
    );
  }
}

/**
 * `mkdir -p`, one level at a time. Node's recursive mkdir never returns where the kernel refuses a directory
 * whose parent exists (under /proc, mkdir answers ENOENT, and Node makes the parent and tries again
 * forever): DATA_DIR=/proc/x hung the API at start-up with a core busy in the kernel.
 */
async function makeDirectories(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let at = resolve(dir); ; at = dirname(at)) {
    const exists = await stat(at).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT' || dirname(at) === at) throw error;
        return false;
      },
    );
    if (exists) break;
    missing.unshift(at);
  }
  for (const at of missing) {
    // Another process may make it meanwhile; whatever then stands there is judged by the caller.
    await mkdir(at).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
}

/**
 * Creates the embedded store's directory, or checks that an existing one is a database or empty. PGlite
 * would otherwise create a database among whatever files it finds (DATA_DIR=. in a checkout, or a
 * directory of other data), as Postgres's own initdb refuses to.
 */
/** True when DATA_DIR already holds an embedded database (an in-memory `memory://` store counts as one). */
export async function embeddedDatabaseExists(dataDir: string): Promise<boolean> {
  if (dataDir.includes('://')) return true;
  return access(join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
}

async function prepareDataDir(dataDir: string): Promise<void> {
  await makeDirectories(dataDir);
  if (await embeddedDatabaseExists(dataDir)) return;
  // A fresh filesystem's root (a mounted volume) holds lost+found and nothing of anyone's.
  // Our own lock may be left from a first start that died before the database was made.
  const entries = (await readdir(dataDir)).filter((name) => name !== 'lost+found' && name !== DATA_DIR_LOCK);
  if (entries.length > 0) {
    throw new Error(`the directory holds ${entries.length} other file${entries.length === 1 ? '' : 's'} and no database; point DATA_DIR at a new or empty directory`);
  }
}
