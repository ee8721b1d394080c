import pTimeout from 'p-timeout';
import type { Logger } from '../../logging/logger.ts';
import type { Change } from './change.ts';
import type { ChangeLogRepository } from './change-log.repository.ts';

export interface ChangeRelayOptions {
  /** Outbox rows claimed per transaction. */
  batchSize: number;
  /** The polling fallback: how long the relay sleeps when no notification wakes it. */
  pollIntervalMs: number;
  /** An enqueue that takes longer fails the claim (rolled back, retried later). */
  enqueueTimeoutMs: number;
  /** Longest pause between retries while Redis or Postgres is down. */
  maxRetryDelayMs: number;
  /** During a burst (full claims), how often the burst hook may weigh the backlog. */
  burstCheckMs: number;
}

export const DEFAULT_RELAY_OPTIONS: ChangeRelayOptions = {
  // A claim of a burst becomes a few batch jobs (SYNC_BATCH_SIZE rows each): larger claims mean fewer
  // round trips per row on a first load, and a single edit is still claimed alone.
  batchSize: 2000,
  pollIntervalMs: 1000,
  enqueueTimeoutMs: 5000,
  maxRetryDelayMs: 5000,
  burstCheckMs: 5000,
};

export interface RelayStats {
  relayed: number;
  lastSuccessAt: Date | null;
  lastError: string | null;
}

/**
 * Moves outbox rows into the queue. Each claim is one transaction: select unprocessed rows (SKIP LOCKED),
 * enqueue their jobs, mark them processed, commit. A failure anywhere rolls back, so a change leaves the
 * outbox only once its job is in Redis; a crash between enqueue and commit enqueues it twice, which the
 * jobs tolerate. Woken by NOTIFY, and by a timer when notifications are lost.
 */
export class ChangeRelay {
  private readonly options: ChangeRelayOptions;
  private running = false;
  private loop: Promise<void> | null = null;
  private pending = false;
  private wakeUp: (() => void) | null = null;
  private lastBurstCheck = -Infinity;
  readonly stats: RelayStats = { relayed: 0, lastSuccessAt: null, lastError: null };

  constructor(
    private readonly changeLog: Pick<ChangeLogRepository, 'claim'>,
    private readonly enqueue: (changes: Change[]) => Promise<unknown>,
    private readonly logger: Logger,
    options: Partial<ChangeRelayOptions> = {},
    private readonly onRelayed: (count: number) => void = () => undefined,
    /** Called on a full claim, at most every burstCheckMs: may take the rest of the backlog elsewhere. */
    private readonly onBurst: () => Promise<unknown> = async () => undefined,
  ) {
    this.options = { ...DEFAULT_RELAY_OPTIONS, ...options };
  }

  /** Called on NOTIFY: look at the outbox now (or right after the current claim). */
  wake(): void {
    this.pending = true;
    this.wakeUp?.();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Stops after the claim in flight, if any, commits or rolls back. */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
  }

  /** Claims and enqueues one batch; returns how many outbox rows it took. */
  async relayOnce(): Promise<number> {
    const count = await this.changeLog.claim(this.options.batchSize, async (changes) => {
      await withTimeout(this.enqueue(changes), this.options.enqueueTimeoutMs, 'enqueueing changes');
    });
    this.stats.relayed += count;
    this.stats.lastSuccessAt = new Date();
    this.stats.lastError = null;
    if (count > 0) this.onRelayed(count);
    return count;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      this.pending = false;
      try {
        while (this.running && (await this.relayOnce()) === this.options.batchSize) {
          // A full batch: there may be more behind it, perhaps more than the index holds.
          await this.burst();
        }
        failures = 0;
      } catch (error) {
        failures += 1;
        this.stats.lastError = (error as Error).message;
        const delay = Math.min(this.options.maxRetryDelayMs, 250 * 2 ** (failures - 1));
        this.logger.warn({ err: error, retryInMs: delay }, 'change relay failed; the changes stay in the outbox');
        await this.sleep(delay, false);
        continue;
      }
      if (!this.pending) await this.sleep(this.options.pollIntervalMs, true);
    }
  }

  /** The burst hook is an optimisation: when it fails, the claims go on as before. */
  private async burst(): Promise<void> {
    if (Date.now() - this.lastBurstCheck < this.options.burstCheckMs) return;
    this.lastBurstCheck = Date.now();
    try {
      await this.onBurst();
    } catch (error) {
      this.logger.warn({ err: error }, 'could not weigh the outbox backlog; draining it in batches');
    }
  }

  /** Sleeps; a notification cuts it short when `wakeable` (stop always does). */
  private sleep(ms: number, wakeable: boolean): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        if (wakeable || !this.running) done();
      };
    }).finally(() => {
      this.wakeUp = null;
    });
  }
}

/**
 * The producer connection bounds each Redis command (commandTimeout), but BullMQ first waits, unbounded,
 * for a queue's connection to become ready; the claim's transaction must not wait on that.
 */
function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return pTimeout(promise, { milliseconds: ms, message: `${what} took longer than ${ms} ms` });
}
