import { ENTITIES, type IndexKind } from '../../domain/entity.registry.ts';

export type { IndexKind };

/** Public names are aliases; each points at one versioned concrete index so a rebuild can swap atomically. */
export type IndexNames = Record<IndexKind, string>;

/** An index is named as data spells its entity: `<prefix>designers`, `<prefix>open_roles`. */
export function indexNames(prefix: string): IndexNames {
  return { designers: `${prefix}${ENTITIES.designer.collection}`, openRoles: `${prefix}${ENTITIES.openRole.collection}` };
}

export function versionedIndexName(alias: string, version: number): string {
  return `${alias}_v${version}`;
}

export function parseIndexVersion(alias: string, index: string): number | null {
  const match = new RegExp(`^${alias.replace(/[-_]/g, '\\$&')}_v(\\d+)$`).exec(index);
  return match ? Number(match[1]) : null;
}
