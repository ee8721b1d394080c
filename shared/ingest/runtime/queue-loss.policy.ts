import { randomUUID } from 'node:crypto';
import type { Logger } from '../../logging/logger.ts';

/**
 * A key kept in Redis beside the queues. Redis that loses its data (a restart without persistence,
 * FLUSHALL, a failover to an empty replica) loses this key with the jobs, which is how the worker
 * learns that jobs it handed over are gone. Implemented by IngestQueues.
 */
export interface QueueMarker {
  /** 'intact', 'recovering:<token>', or null when Redis has lost it (or never had it). */
  read(): Promise<string | null>;
  write(value: string): Promise<void>;
  /** Sets `value` only if the marker still holds `expected`; false when it does not (lost again, or taken over). */
  replace(expected: string, value: string): Promise<boolean>;
}

export const QUEUE_INTACT = 'intact';

export interface QueueLossDeps {
  marker: QueueMarker;
  /** Hands every change not confirmed in the index to the relay again (ChangeLogRepository). */
  relayUnconfirmedAgain(): Promise<number>;
  /** Puts back what only Redis held: the job schedulers (the expiry sweep). */
  restoreSchedules(): Promise<void>;
  logger: Pick<Logger, 'warn'>;
}

/**
 * Checks that Redis still holds what it was handed and, when it does not, puts every change the index
 * has not confirmed back in the relay's hands and restores the schedules; returns how many changes it
 * handed over again, or null when Redis was intact. One GET in steady state.
 *
 * The order makes it safe against a second loss, a crash and a second worker doing the same:
 *  1. the marker is set to "recovering" with a token of this run before anything is handed over, so a
 *     loss at any later point removes it again and the next check starts over;
 *  2. the changes are handed over again (jobs are idempotent, so doing it twice costs duplicates only);
 *  3. the marker becomes "intact" only if it still holds this run's token: a loss meanwhile, or a crash
 *     before this step, leaves it missing or "recovering", and the next check of any worker repeats it.
 * A brand-new Redis looks lost too; with nothing unconfirmed that hands nothing over.
 */
export async function recoverLostQueue(deps: QueueLossDeps): Promise<number | null> {
  const seen = await deps.marker.read();
  if (seen === QUEUE_INTACT) return null;
  const token = `recovering:${randomUUID()}`;
  await deps.marker.write(token);
  const again = await deps.relayUnconfirmedAgain();
  await deps.restoreSchedules();
  await deps.marker.replace(token, QUEUE_INTACT);
  if (seen !== null || again > 0) {
    deps.logger.warn(
      { changes: again, marker: seen === null ? 'missing' : 'left recovering' },
      'Redis lost queued jobs: changes not yet confirmed in the index are relayed again and the schedules restored',
    );
  }
  return again;
}
