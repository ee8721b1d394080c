import type { ChangedEntity, ChangeEntity } from '../../outbox/change.ts';
import type { ChangeConfirmation, SettledChange } from '../change-confirmation.port.ts';
import type { ChangeSource } from '../change-source.port.ts';

/**
 * The outbox as a rebuild reads it, in memory: a snapshot is the position of the last recorded change,
 * and changedSince returns what was recorded after it. Confirmations mark recorded changes as in the index.
 */
export class InMemoryChangeLog implements ChangeSource, ChangeConfirmation {
  private readonly changes: { position: number; entity: ChangeEntity; entityId: string; version: number; confirmed: boolean }[] = [];

  record(entity: ChangeEntity, entityId: string, version: number): void {
    this.changes.push({ position: this.changes.length + 1, entity, entityId, version, confirmed: false });
  }

  /** The recorded changes not confirmed yet, as `entity:id@version`. */
  unconfirmed(): string[] {
    return this.changes.filter((c) => !c.confirmed).map((c) => `${c.entity}:${c.entityId}@${c.version}`);
  }

  async confirm(entity: ChangeEntity, settled: readonly SettledChange[]): Promise<void> {
    const upTo = new Map(settled.map((s) => [s.id, s.version]));
    for (const c of this.changes) {
      if (c.entity === entity && c.version <= (upTo.get(c.entityId) ?? -Infinity)) c.confirmed = true;
    }
  }

  async confirmSeen(entity: ChangeEntity, snapshot: string): Promise<void> {
    for (const c of this.changes) if (c.entity === entity && c.position <= Number(snapshot)) c.confirmed = true;
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
