import type { ChangedEntity, ChangeEntity } from '../../outbox/change.ts';
import type { ChangeSource } from '../change-source.port.ts';

/**
 * The outbox as a rebuild reads it, in memory: a snapshot is the position of the last recorded change,
 * and changedSince returns what was recorded after it.
 */
export class InMemoryChangeLog implements ChangeSource {
  private readonly changes: { position: number; entity: ChangeEntity; entityId: string; version: number }[] = [];

  record(entity: ChangeEntity, entityId: string, version: number): void {
    this.changes.push({ position: this.changes.length + 1, entity, entityId, version });
  }

  async snapshot(): Promise<string> {
    return String(this.changes.length);
  }

  async changedSince(entity: ChangeEntity, snapshot: string, afterId: string | null, limit: number): Promise<ChangedEntity[]> {
    const newest = new Map<string, number>();
    for (const c of this.changes) {
      if (c.entity !== entity || c.position <= Number(snapshot)) continue;
      newest.set(c.entityId, Math.max(c.version, newest.get(c.entityId) ?? 0));
    }
    return [...newest]
      .filter(([id]) => afterId === null || id > afterId)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .slice(0, limit)
      .map(([entityId, version]) => ({ entityId, version }));
  }
}
