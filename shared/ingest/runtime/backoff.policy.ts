/** The backoff type our jobs name; BullMQ hands it to the worker's custom strategy. */
export const BACKOFF_TYPE = 'capped-exponential-jitter';

export interface BackoffPolicy {
  /** Delay ceiling of the first retry, doubled for each further attempt. */
  baseMs: number;
  /** No retry waits longer than this, however many attempts failed. */
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, capMs: 60_000 };

/**
 * Exponential with "equal jitter": half of the ceiling is fixed, half random. The random half spreads
 * the retries of many jobs that failed together (Elasticsearch went away) so they do not return as
 * one wave; the fixed half keeps a retry from coming back at once. The cap keeps an outage of any
 * length from pushing the next try minutes past the recovery.
 */
export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** BullMQ's settings.backoffStrategy: our type gets our delay; any other type is a programming error. */
export function backoffStrategy(policy: BackoffPolicy): (attemptsMade: number, type?: string) => number {
  return (attemptsMade, type) => {
    if (type !== BACKOFF_TYPE) throw new Error(`Unknown backoff type ${type ?? '(none)'}`);
    return backoffDelay(attemptsMade, policy);
  };
}
