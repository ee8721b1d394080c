import { ServiceUnavailableError } from '../../domain/errors.ts';
import { isDatabaseUnavailable } from '../../store/db-unavailable.ts';

/** Rethrows a database failure as the domain's ServiceUnavailableError; anything else unchanged. */
export function mapDatabaseError(error: unknown): never {
  if (isDatabaseUnavailable(error)) throw new ServiceUnavailableError('The search backend is unavailable; try again shortly.', { cause: error });
  throw error;
}

/** The statement was cancelled by statement_timeout (SQLSTATE 57014, query_canceled). */
export function isStatementTimeout(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '57014';
}
