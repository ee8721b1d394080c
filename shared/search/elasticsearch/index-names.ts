/** Public names are aliases; each points at one versioned concrete index so a rebuild can swap atomically. */
export interface IndexNames {
  designers: string;
  openRoles: string;
}

export type IndexKind = keyof IndexNames;

export function indexNames(prefix: string): IndexNames {
  return { designers: `${prefix}designers`, openRoles: `${prefix}open_roles` };
}

export function versionedIndexName(alias: string, version: number): string {
  return `${alias}_v${version}`;
}

export function parseIndexVersion(alias: string, index: string): number | null {
  const match = new RegExp(`^${alias.replace(/[-_]/g, '\\$&')}_v(\\d+)$`).exec(index);
  return match ? Number(match[1]) : null;
}
