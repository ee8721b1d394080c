import type { Client } from '@elastic/elasticsearch';
import { BackendUnavailableError } from '../../domain/errors.ts';

export const PIT_KEEP_ALIVE_MS = 120_000;
export const PIT_KEEP_ALIVE = '2m';

export interface PitPoolOptions {
  /** Points in time this process may hold open at once (ES_MAX_OPEN_PITS). */
  maxOpen: number;
  now?: () => number;
}

/**
 * Every open point in time holds segment files and a search context on the cluster until it is closed or
 * its keep-alive runs out, so this process counts the ones it opened and refuses to open more than
 * `maxOpen`. An abandoned walk still holds its slot until the keep-alive expires (ES drops it then too);
 * a walk that reaches its last page gives its slot back at once.
 *
 * At the bound, the client gets a 503 with Retry-After and its cursor stays valid: the cursor has no
 * snapshot yet, so retrying it later continues the same walk. We refuse rather than walk on without a
 * snapshot because a relevance order read live can skip or repeat records when scores move.
 */
export class PitPool {
  private readonly expiries = new Map<string, number>();
  private readonly now: () => number;

  constructor(
    private readonly client: Client,
    private readonly options: PitPoolOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Open points in time this process still counts (expired ones are forgotten). */
  size(): number {
    this.prune();
    return this.expiries.size;
  }

  async open(index: string): Promise<string> {
    this.prune();
    if (this.expiries.size >= this.options.maxOpen) {
      throw new BackendUnavailableError('Too many result walks are open at once; retry this cursor shortly.', {
        retryAfterSeconds: 5,
      });
    }
    // Reserve the slot before the request, so concurrent opens cannot overshoot the bound.
    const reservation = `reserved:${Math.random()}`;
    this.expiries.set(reservation, this.now() + PIT_KEEP_ALIVE_MS);
    try {
      const { id } = await this.client.openPointInTime({ index, keep_alive: PIT_KEEP_ALIVE });
      this.expiries.set(id, this.now() + PIT_KEEP_ALIVE_MS);
      return id;
    } finally {
      this.expiries.delete(reservation);
    }
  }

  /** A page was read through this point in time: ES extended its keep-alive, and so do we. */
  touch(previousId: string, currentId: string): void {
    if (previousId !== currentId) this.expiries.delete(previousId);
    this.expiries.set(currentId, this.now() + PIT_KEEP_ALIVE_MS);
  }

  /** The walk ended: free the context now instead of after the keep-alive. Best effort. */
  async close(id: string): Promise<void> {
    try {
      await this.client.closePointInTime({ id });
    } catch {
      // Already expired or closed by ES: nothing to free.
    } finally {
      // Only now: until ES has freed the context it still counts against the bound.
      this.expiries.delete(id);
    }
  }

  private prune(): void {
    const now = this.now();
    for (const [id, expiresAt] of this.expiries) if (expiresAt <= now) this.expiries.delete(id);
  }
}
