const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);

/**
 * True when a store failure means "the database cannot answer now" rather than "the statement was wrong":
 * a network error, a lost or timed-out connection, a closed PGlite, or a SQLSTATE of the classes connection
 * exception (08), insufficient resources (53) and operator intervention (57: shutdown, statement timeout).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  if (typeof e?.code === 'string') {
    if (NETWORK_CODES.has(e.code)) return true;
    if (/^(08|53|57)/.test(e.code)) return true;
  }
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i.test(message);
}
