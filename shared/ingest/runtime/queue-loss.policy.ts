import { randomUUID } from 'node:crypto';
import type { Logger } from '../../logging/logger.ts';

/**
 * A key kept in Redis beside the queues, naming the Redis server process that holds them. Redis that
 * loses its data (a restart without persistence, FLUSHALL) loses the key with the jobs; one that comes
 * back from an older snapshot (a crash with RDB persistence, a failover to a lagging replica) is a
 * different server process than the key names. Either way the worker learns that jobs it handed over
 * may be gone. Implemented by IngestQueues.
 */
export interface QueueMarker {
  /** 'intact:<server>', 'recovering:<token>', or null when Redis has lost it (or never had it). */
  read(): Promise<string | null>;
  /** The Redis server process now answering (its run_id: new at every start of redis-server). */
  server(): Promise<string>;
  write(value: string): Promise<void>;
  /** Sets `value` only if the marker still holds `expected`; false when it does not (lost again, or taken over). */
  replace(expected: string, value: string): Promise<boolean>;
}

/** The marker's value while Redis `server` holds every job handed to it. */
export const intactOn = (server: string) => `intact:${server}`;

export interface QueueLossDeps {
  marker: QueueMarker;
  /** Hands every change not confirmed in the index to the relay again (ChangeLogRepository). */
  relayUnconfirmedAgain(): Promise<number>;
  /** Puts back what only Redis held: the job schedulers (the expiry sweep). */
  restoreSchedules(): Promise<void>;
  logger: Pick<Logger, 'warn'>;
}

/**
 * Checks that Redis still holds what it was handed and, when it may not, puts every change the index
 * has not confirmed back in the relay's hands and restores the schedules; returns how many changes it
 * handed over again, or null when Redis was intact. A GET and an INFO in steady state. After a restart
 * that kept everything (persistence), the changes still waiting are relayed twice: harmless, and rare.
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
  const [seen, server] = await Promise.all([deps.marker.read(), deps.marker.server()]);
  if (seen === intactOn(server)) return null;
  const token = `recovering:${randomUUID()}`;
  await deps.marker.write(token);
  const again = await deps.relayUnconfirmedAgain();
  await deps.restoreSchedules();
  await deps.marker.replace(token, intactOn(server));
  if (seen !== null || again > 0) {
    deps.logger.warn(
      { changes: again, marker: seen === null ? 'missing' : seen.startsWith('intact:') ? 'another Redis server process' : 'left recovering' },
      'Redis lost queued jobs: changes not yet confirmed in the index are relayed again and the schedules restored',
    );
  }
  return again;
}
