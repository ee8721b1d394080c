/**
 * True when a queue command failed because Redis did not answer: the connection's retries ran out while it
 * was down (MaxRetriesPerRequestError), the connection was closed, or the command outlived the producer's
 * commandTimeout (redis-connection.factory.ts). A reply error (a wrong type, a script error) is not one.
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'MaxRetriesPerRequestError') return true;
  return /^(Connection is closed\.|Command timed out|Stream isn't writeable)/.test(error.message);
}
