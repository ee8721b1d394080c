import { errors } from '@elastic/elasticsearch';
import { ServiceUnavailableError } from '../../domain/errors.ts';

/** Connection problems, time-outs and overload become "try again later"; anything else stays a bug. */
export function isUnavailable(error: unknown): boolean {
  if (isUnreachable(error)) return true;
  // An alias that does not exist yet means the indices were never created: not ready.
  return error instanceof errors.ResponseError && error.meta.statusCode === 404 && error.message.includes('index_not_found_exception');
}

/** Elasticsearch did not answer, or answered that it cannot now: a network error, a time-out, overload or a gateway. */
export function isUnreachable(error: unknown): boolean {
  if (
    error instanceof errors.ConnectionError ||
    error instanceof errors.TimeoutError ||
    error instanceof errors.NoLivingConnectionsError
  ) {
    return true;
  }
  if (!(error instanceof errors.ResponseError)) return false;
  const status = error.meta.statusCode ?? 0;
  return status === 429 || status === 502 || status === 503 || status === 504;
}

export function isMissingSnapshot(error: unknown): boolean {
  return (
    error instanceof errors.ResponseError &&
    error.meta.statusCode === 404 &&
    /search_context_missing_exception|No search context found/.test(JSON.stringify(error.meta.body ?? ''))
  );
}

/** The engine refused the request itself (400): for a request built from validated input, a bad snapshot id. */
export function isRejectedRequest(error: unknown): boolean {
  return error instanceof errors.ResponseError && error.meta.statusCode === 400;
}

export function mapSearchError(error: unknown): never {
  if (isUnavailable(error)) {
    throw new ServiceUnavailableError('The search backend is unavailable; try again shortly.', { cause: error });
  }
  throw error;
}
