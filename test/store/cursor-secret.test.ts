import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCursorSecret } from '../../shared/store/cursor-secret.repository.ts';
import { requireServices } from '../support/services.ts';
import { type Engine, openTestStore, type TestStore } from './test-store.ts';

const services = requireServices('postgres');
const engines: Engine[] = ['pglite', 'postgres'];

describe.each(engines)('the stored cursor secret on %s', (engine) => {
  const skip = engine === 'postgres' && !services;
  let store: TestStore;

  beforeAll(async () => {
    if (!skip) store = await openTestStore(engine, 'cursor_secret', services?.postgres ?? null);
  });
  afterAll(async () => {
    await store?.close();
  });

  it.skipIf(skip)('starts that race on a new store all read one secret of 32 bytes, and later starts read it again', async () => {
    // On Postgres the pool's 4 connections run these at once; PGlite runs them one after another.
    const first = await Promise.all(Array.from({ length: 8 }, () => loadCursorSecret(store.db)));
    expect(first[0]).toHaveLength(32);
    for (const secret of first) expect(secret.equals(first[0]!)).toBe(true);
    expect((await loadCursorSecret(store.db)).equals(first[0]!)).toBe(true);
    const { rows } = await store.db.query<{ n: string }>('SELECT count(*) AS n FROM cursor_secret');
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it.skipIf(skip)('holds one row of 32 bytes at most', async () => {
    await expect(store.db.query(`INSERT INTO cursor_secret (singleton, secret) VALUES (false, '\\x00'::bytea)`)).rejects.toThrow();
    await expect(store.db.query(`INSERT INTO cursor_secret (secret) VALUES (decode(repeat('00', 32), 'hex'))`)).rejects.toThrow();
    await expect(store.db.query(`UPDATE cursor_secret SET secret = decode('00', 'hex')`)).rejects.toThrow();
  });
});
