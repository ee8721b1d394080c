import { BackendUnavailableError } from '../../domain/errors.ts';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);

/**
 * SQLSTATE classes that mean "the database cannot answer now": connection exceptions (08), insufficient
 * resources (53), operator intervention (57: shutdown, statement timeout).
 */
function isUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  if (typeof e?.code === 'string') {
    if (NETWORK_CODES.has(e.code)) return true;
    if (/^(08|53|57)/.test(e.code)) return true;
  }
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i.test(message);
}

/** Rethrows a database failure as the domain's BackendUnavailableError; anything else unchanged. */
export function mapDatabaseError(error: unknown): never {
  if (isUnavailable(error)) throw new BackendUnavailableError('The search backend is unavailable; try again shortly.', { cause: error });
  throw error;
}
