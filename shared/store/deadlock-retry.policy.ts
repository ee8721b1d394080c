/**
 * SQLSTATEs for which Postgres ends a transaction only to break a tie with another one: a deadlock
 * (40P01), or a serialization failure (40001). The transaction changed nothing and may simply run again.
 */
const RETRIED = new Set(['40P01', '40001']);

export function isTransactionTie(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRIED.has(code);
}

/** Postgres ended the transaction to break a tie on every run it was allowed; the last run changed nothing. */
export class RepeatedDeadlockError extends Error {
  constructor(
    readonly attempts: number,
    options: { cause: unknown },
  ) {
    super(`ended by Postgres to break a deadlock on each of ${attempts} runs: ${(options.cause as Error).message}`, options);
    this.name = 'RepeatedDeadlockError';
  }
}

export interface DeadlockRetryOptions {
  /** Runs in all, the first included. */
  attempts?: number;
  /** The wait before the next run, given the run that failed (1 for the first). */
  delayMs?: (attempt: number) => number;
}

/**
 * Runs a whole transaction again when Postgres ended it to break a deadlock. Curator writes lock the rows
 * they name in id order, but an import's batches follow its file, so an import and a set (or two imports)
 * over the same rows can each hold what the other waits for; Postgres then ends one of them, which has
 * changed nothing. Run again, it waits for the other to commit and completes, so the curator sees both
 * commands succeed. `run` must be the whole transaction, safe to start over. After the last run allowed,
 * RepeatedDeadlockError (whose cause is Postgres's error).
 */
export async function retryingDeadlocks<T>(run: () => Promise<T>, { attempts = 5, delayMs = jitteredDelay }: DeadlockRetryOptions = {}): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isTransactionTie(error)) throw error;
      if (attempt >= attempts) throw new RepeatedDeadlockError(attempt, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, delayMs(attempt)));
    }
  }
}

/** 25–50 ms, doubling each time: two victims of one tie do not start over in step. */
const jitteredDelay = (attempt: number) => 25 * 2 ** (attempt - 1) * (1 + Math.random());
