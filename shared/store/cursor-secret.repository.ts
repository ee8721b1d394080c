import { randomBytes } from 'node:crypto';
import type { Db } from './db.ts';

/** The stored secret's length: 256 random bits, the strength of HMAC-SHA256. */
export const STORED_CURSOR_SECRET_BYTES = 32;

/**
 * The secret that signs cursors when CURSOR_SECRET is unset, made once per database: read if present,
 * else inserted (a row of its own, ON CONFLICT DO NOTHING) and read again, so that starts racing on an
 * empty table all read the one row that won. The read after the insert is a statement of its own: its
 * snapshot sees a row another start committed while this insert waited on it.
 */
export async function loadCursorSecret(db: Db): Promise<Buffer> {
  const stored = await readSecret(db);
  if (stored) return stored;
  await db.query('INSERT INTO cursor_secret (secret) VALUES ($1) ON CONFLICT DO NOTHING', [randomBytes(STORED_CURSOR_SECRET_BYTES)]);
  const made = await readSecret(db);
  if (!made) throw new Error('cursor_secret holds no row after inserting one');
  return made;
}

async function readSecret(db: Db): Promise<Buffer | null> {
  // node-postgres returns bytea as a Buffer, PGlite as a Uint8Array.
  const { rows } = await db.query<{ secret: Uint8Array }>('SELECT secret FROM cursor_secret');
  return rows[0] ? Buffer.from(rows[0].secret) : null;
}
