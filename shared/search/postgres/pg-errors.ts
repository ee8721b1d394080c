import { BackendUnavailableError } from '../../domain/errors.ts';
import { isDatabaseUnavailable } from '../../store/db-unavailable.ts';

/** Rethrows a database failure as the domain's BackendUnavailableError; anything else unchanged. */
export function mapDatabaseError(error: unknown): never {
  if (isDatabaseUnavailable(error)) throw new BackendUnavailableError('The search backend is unavailable; try again shortly.', { cause: error });
  throw error;
}
