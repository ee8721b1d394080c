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
 *
 * A walk's first cursor opens its snapshot once: followed again (a retry, a second tab, a client replaying
 * it) while that snapshot is open, it reads the same one, so replaying one cursor cannot fill the pool.
 */
export class PitPool {
  private readonly expiries = new Map<string, number>();
  /** The snapshot each first cursor opened, while it is open, and the way back from a snapshot to its cursor. */
  private readonly byWalk = new Map<string, Promise<string>>();
  private readonly walkOf = new Map<string, string>();
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

  /**
   * The snapshot of the walk whose first cursor is `walk`: the one it opened, while that is open, else a new
   * one. Without `walk`, always a new one.
   */
  async open(index: string, walk?: string): Promise<string> {
    this.prune();
    if (walk === undefined) return this.openNew(index);
    const shared = this.byWalk.get(walk);
    if (shared) {
      const id = await shared.catch(() => undefined);
      if (id !== undefined && this.expiries.has(id)) return id;
    }
    const opening = this.openNew(index);
    this.byWalk.set(walk, opening);
    try {
      const id = await opening;
      this.walkOf.set(id, walk);
      return id;
    } catch (error) {
      if (this.byWalk.get(walk) === opening) this.byWalk.delete(walk);
      throw error;
    }
  }

  private async openNew(index: string): Promise<string> {
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
    if (previousId !== currentId) {
      this.expiries.delete(previousId);
      const walk = this.walkOf.get(previousId);
      this.walkOf.delete(previousId);
      if (walk !== undefined) {
        this.walkOf.set(currentId, walk);
        this.byWalk.set(walk, Promise.resolve(currentId));
      }
    }
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
      this.forget(id);
    }
  }

  private forget(id: string): void {
    this.expiries.delete(id);
    const walk = this.walkOf.get(id);
    this.walkOf.delete(id);
    if (walk !== undefined) this.byWalk.delete(walk);
  }

  private prune(): void {
    const now = this.now();
    for (const [id, expiresAt] of this.expiries) if (expiresAt <= now) this.forget(id);
  }
}
