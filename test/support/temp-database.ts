import pg from 'pg';
import { uniqueName } from './services.ts';

export interface TempDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function admin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database on the shared Postgres server, for one test file; drop() removes it. */
export async function createTempDatabase(adminUrl: string, suite: string): Promise<TempDatabase> {
  const name = uniqueName(suite).replace(/_+$/, '');
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
