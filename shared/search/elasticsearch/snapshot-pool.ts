import type { Client } from '@elastic/elasticsearch';
import { ServiceUnavailableError } from '../../domain/errors.ts';

export const SNAPSHOT_KEEP_ALIVE_MS = 120_000;
export const SNAPSHOT_KEEP_ALIVE = '2m';

export interface SnapshotPoolOptions {
  /** Snapshots this process may hold open at once (ES_MAX_OPEN_PITS). */
  maxOpen: number;
  /** Of those, the ones one client's walks may hold (ES_MAX_OPEN_PITS_PER_CLIENT); unlimited when absent. */
  maxPerClient?: number;
  now?: () => number;
}

export interface SnapshotOpenOptions {
  /** The walk's first cursor: followed again while its snapshot is open, it reads that same one. */
  walk?: string | undefined;
  /** Who follows the walk (the client's address): its walks share out `maxPerClient`. */
  client?: string | undefined;
}

const RESERVED = 'reserved:';

/**
 * Every open snapshot (an Elasticsearch point in time) holds segment files and a search context on the cluster until it is closed or
 * its keep-alive runs out, so this process counts the ones it opened and refuses to open more than
 * `maxOpen`. An abandoned walk still holds its slot until the keep-alive expires (ES drops it then too);
 * a walk that reaches its last page gives its slot back at once.
 *
 * At the bound, the client gets a 503 with Retry-After and its cursor stays valid: the cursor has no
 * snapshot yet, so retrying it later continues the same walk. We refuse rather than walk on without a
 * snapshot because a relevance order read live can skip or repeat records when scores move.
 *
 * One client cannot take the whole pool: past `maxPerClient` of its own, a new walk of that client closes
 * the client's least recently read snapshot that no request is reading. That walk, when followed again,
 * goes on in a new snapshot by position, as a walk whose snapshot expired does, so a client with too many
 * walks at once costs only itself consistency, never other clients their snapshots. Only when every one of
 * its snapshots is being read at that moment is it refused, as at the bound.
 *
 * A walk's first cursor opens its snapshot once: followed again (a retry, a second tab, a client replaying
 * it) while that snapshot is open, it reads the same one, so replaying one cursor cannot fill the pool.
 *
 * A request holds the snapshot it reads (`open` and `hold` take a hold, `release` gives it back), so no
 * other client's request closes it under a search in flight; a walk that ends (`finish`) closes its snapshot
 * when the last request reading it lets go: two requests following one cursor to the last page both read it.
 *
 * A walk served by several replicas (a load balancer without sticky sessions) reads one snapshot: a replica
 * receiving a cursor that names a snapshot another replica opened takes it in (`adopt`) and from then on
 * counts it as one it opened, against the bound and its client's share, keeps it alive and closes it on the
 * walk's last page. The id comes from a signed cursor only (`CursorCodec`): one made up to name another
 * application's context on the cluster is refused before it reaches the pool. A replica that read a page of
 * the walk before still counts the snapshot until its own keep-alive runs out: across replicas a snapshot is
 * counted at least once while it is open, sometimes twice, never by none.
 */
export class SnapshotPool {
  private readonly expiries = new Map<string, number>();
  /** The snapshot each first cursor opened, while it is open, and the way back from a snapshot to its cursor. */
  private readonly byWalk = new Map<string, Promise<string>>();
  private readonly walkOf = new Map<string, string>();
  private readonly clientOf = new Map<string, string>();
  /** Requests reading each snapshot now. */
  private readonly holds = new Map<string, number>();
  /** Snapshots whose walk ended, to close when the last request reading them lets go. */
  private readonly finished = new Set<string>();
  private readonly now: () => number;

  constructor(
    private readonly es: Client,
    private readonly options: SnapshotPoolOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Open snapshots this process still counts (expired ones are forgotten). */
  size(): number {
    this.prune();
    return this.expiries.size;
  }

  /** Open snapshots the walks of `client` hold. */
  sizeOf(client: string): number {
    this.prune();
    return this.idsOf(client).length;
  }

  /**
   * The snapshot of the walk whose first cursor is `walk`: the one it opened, while that is open, else a new
   * one. Without `walk`, always a new one. The caller holds it until `release`.
   */
  async open(index: string, options: SnapshotOpenOptions = {}): Promise<string> {
    this.prune();
    const { walk, client } = options;
    if (walk !== undefined) {
      const shared = this.byWalk.get(walk);
      if (shared) {
        const id = await shared.catch(() => undefined);
        if (id !== undefined && this.expiries.has(id)) {
          this.hold(id);
          return id;
        }
      }
    }
    const opening = this.openNew(index, client);
    if (walk !== undefined) this.byWalk.set(walk, opening);
    try {
      const id = await opening;
      if (walk !== undefined) this.walkOf.set(id, walk);
      return id;
    } catch (error) {
      if (walk !== undefined && this.byWalk.get(walk) === opening) this.byWalk.delete(walk);
      throw error;
    }
  }

  /**
   * The snapshot a signed cursor names, held for the request reading it: one this pool counts already, or
   * one another replica opened, counted from now on as if this pool had opened it (past the client's share
   * its least recently read idle snapshot is closed; at the bound, the same retryable refusal as `open`).
   */
  async adopt(id: string, options: Pick<SnapshotOpenOptions, 'client'> = {}): Promise<string> {
    this.prune();
    if (id.startsWith(RESERVED)) throw new Error('a reservation is no snapshot id');
    if (this.expiries.has(id)) {
      this.hold(id);
      return id;
    }
    const { client } = options;
    const evicted = client === undefined ? undefined : this.evictionFor(client);
    this.refuseAtBound(evicted);
    // Counted at once, before the eviction's close returns, so concurrent requests cannot overshoot either bound.
    this.expiries.set(id, this.now() + SNAPSHOT_KEEP_ALIVE_MS);
    if (client !== undefined) this.clientOf.set(id, client);
    this.hold(id);
    if (evicted !== undefined) await this.close(evicted);
    return id;
  }

  /** True when this pool counts the snapshot as open. */
  tracks(id: string): boolean {
    this.prune();
    return !id.startsWith(RESERVED) && this.expiries.has(id);
  }

  /**
   * The cluster says the snapshot no longer exists (expired, or closed by the replica that served its walk's
   * last page): there is nothing to free, so it stops counting at once, holds or not.
   */
  gone(id: string): void {
    this.forget(id);
  }

  /** A request reads a snapshot it did not open (a cursor's): no other client's walk may close it meanwhile. */
  hold(id: string): void {
    if (this.expiries.has(id)) this.holds.set(id, (this.holds.get(id) ?? 0) + 1);
  }

  /** The request is done with the snapshot; the last one to let go of a finished snapshot closes it. */
  async release(id: string): Promise<void> {
    const held = this.holds.get(id);
    if (held !== undefined && held > 1) {
      this.holds.set(id, held - 1);
      return;
    }
    this.holds.delete(id);
    if (this.finished.has(id)) await this.close(id);
  }

  /**
   * The walk reading this snapshot ended (its last page, or the snapshot is of no further use): no new
   * request is given it, and it is closed now, or, while requests still read it, when the last lets go.
   */
  async finish(id: string): Promise<void> {
    this.unlinkWalk(id);
    if (this.holds.has(id)) this.finished.add(id);
    else await this.close(id);
  }

  private async openNew(index: string, client: string | undefined): Promise<string> {
    // Everything up to the reservation is synchronous, so concurrent opens cannot overshoot either bound.
    const evicted = client === undefined ? undefined : this.evictionFor(client);
    this.refuseAtBound(evicted);
    const reservation = `${RESERVED}${Math.random()}`;
    this.expiries.set(reservation, this.now() + SNAPSHOT_KEEP_ALIVE_MS);
    if (client !== undefined) this.clientOf.set(reservation, client);
    try {
      // The evicted context is freed before a new one is asked for: the cluster never holds more than the bound.
      if (evicted !== undefined) await this.close(evicted);
      const { id } = await this.es.openPointInTime({ index, keep_alive: SNAPSHOT_KEEP_ALIVE });
      this.expiries.set(id, this.now() + SNAPSHOT_KEEP_ALIVE_MS);
      if (client !== undefined) this.clientOf.set(id, client);
      this.hold(id);
      return id;
    } finally {
      this.expiries.delete(reservation);
      this.clientOf.delete(reservation);
    }
  }

  /** At the bound (less a snapshot about to be evicted), a new one is refused: retryable, the cursor stays valid. */
  private refuseAtBound(evicted: string | undefined): void {
    if (this.expiries.size - (evicted === undefined ? 0 : 1) >= this.options.maxOpen) {
      throw new ServiceUnavailableError('Too many result walks are open at once; retry this cursor shortly.', {
        retryAfterSeconds: 5,
      });
    }
  }

  /**
   * When `client` holds its share already: its least recently read snapshot that no request reads, taken
   * from the client and from its walk at once (it still counts against the pool until closed).
   */
  private evictionFor(client: string): string | undefined {
    const own = this.idsOf(client);
    if (own.length < (this.options.maxPerClient ?? Number.POSITIVE_INFINITY)) return undefined;
    const idle = own
      .filter((id) => !id.startsWith(RESERVED) && !this.holds.has(id))
      .sort((a, b) => (this.expiries.get(a) ?? 0) - (this.expiries.get(b) ?? 0));
    const victim = idle[0];
    if (victim === undefined) {
      throw new ServiceUnavailableError('This client is reading too many result walks at once; retry this cursor shortly.', {
        retryAfterSeconds: 5,
      });
    }
    this.clientOf.delete(victim);
    this.unlinkWalk(victim);
    return victim;
  }

  private idsOf(client: string): string[] {
    const ids: string[] = [];
    for (const [id, owner] of this.clientOf) if (owner === client) ids.push(id);
    return ids;
  }

  /** A page was read through this snapshot: ES extended its keep-alive, and so do we. */
  touch(previousId: string, currentId: string): void {
    if (previousId !== currentId) {
      this.expiries.delete(previousId);
      const walk = this.walkOf.get(previousId);
      this.walkOf.delete(previousId);
      if (walk !== undefined) {
        this.walkOf.set(currentId, walk);
        this.byWalk.set(walk, Promise.resolve(currentId));
      }
      const client = this.clientOf.get(previousId);
      this.clientOf.delete(previousId);
      if (client !== undefined) this.clientOf.set(currentId, client);
      const held = this.holds.get(previousId);
      this.holds.delete(previousId);
      if (held !== undefined) this.holds.set(currentId, held);
      if (this.finished.delete(previousId)) this.finished.add(currentId);
    }
    this.expiries.set(currentId, this.now() + SNAPSHOT_KEEP_ALIVE_MS);
  }

  /** The walk ended: free the context now instead of after the keep-alive. Best effort. */
  async close(id: string): Promise<void> {
    try {
      await this.es.closePointInTime({ id });
    } catch {
      // Already expired or closed by ES: nothing to free.
    } finally {
      // Only now: until ES has freed the context it still counts against the bound.
      this.forget(id);
    }
  }

  private unlinkWalk(id: string): void {
    const walk = this.walkOf.get(id);
    this.walkOf.delete(id);
    if (walk !== undefined) this.byWalk.delete(walk);
  }

  private forget(id: string): void {
    this.expiries.delete(id);
    this.clientOf.delete(id);
    this.holds.delete(id);
    this.finished.delete(id);
    this.unlinkWalk(id);
  }

  private prune(): void {
    const now = this.now();
    for (const [id, expiresAt] of this.expiries) if (expiresAt <= now) this.forget(id);
  }
}
