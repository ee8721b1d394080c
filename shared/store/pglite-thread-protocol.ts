/**
 * Messages between the process and the thread that hosts the embedded engine (PGlite). Each request
 * carries an id; the thread answers each id once, with a value or with an error.
 */
export type PgliteRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; tx?: number }
  /** Opens a transaction and holds it until 'end'; the answer is the transaction's number. */
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  /** Takes the engine for one client alone (raw protocol, for node-pg-migrate); the answer is the loan's number. */
  | { id: number; op: 'lend' }
  | { id: number; op: 'protocol'; loan: number; message: Uint8Array }
  | { id: number; op: 'return'; loan: number }
  | { id: number; op: 'close' };

/** An error as plain data: structured cloning keeps an Error's message but drops Postgres' fields (code, column, …). */
export interface SerializedError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export type PgliteResponse = { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: SerializedError };

export interface PgliteThreadData {
  dataDir: string;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // Only data survives the clone; the failing statement's parameters stay in the thread.
    if (key !== 'params' && (value === null || ['string', 'number', 'boolean'].includes(typeof value))) fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

export function deserializeError(error: SerializedError): Error {
  const revived = Object.assign(new Error(error.message), error.fields);
  revived.name = error.name;
  return revived;
}
