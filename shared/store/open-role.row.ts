import { namesOf, omitColumns, type RowOf } from '../domain/field-set.ts';
import { isListed } from '../domain/listed.rule.ts';
import { OPEN_ROLE_COLUMNS, OPEN_ROLE_LISTED_RULE, OPEN_ROLE_STATE } from '../domain/open-role.fields.ts';
import type { IndexedOpenRole, OpenRole } from '../domain/open-role.schema.ts';
import { fromRow, listedSql, selectList } from './column.sql.ts';

/** The select list for one open role (alias o for open_roles). */
export const OPEN_ROLE_SELECT = `
  ${selectList({ ...OPEN_ROLE_COLUMNS, ...OPEN_ROLE_STATE }, 'o')}, o.updated_at, o.version`;

/** Listed at `instant` (the SQL of the reading instant, a bind parameter): see OPEN_ROLE_LISTED_RULE. */
export function openRoleListed(instant: string): string {
  return listedSql(OPEN_ROLE_LISTED_RULE, 'o', instant);
}

/** The dates an import may leave out: the store computes them (see open-role.writer.ts). */
export const OPEN_ROLE_DATES = ['posted_at', 'expires_at'] as const;

/** The columns an import writes as given, besides the key and the dates. */
export const OPEN_ROLE_WRITTEN_NAMES = namesOf({ ...omitColumns(OPEN_ROLE_COLUMNS, ['id', ...OPEN_ROLE_DATES]), ...OPEN_ROLE_STATE });

export type OpenRoleRow = RowOf<typeof OPEN_ROLE_COLUMNS> &
  RowOf<typeof OPEN_ROLE_STATE> & {
    updated_at: Date;
    /** bigint, as a string. */
    version: string;
  };

export interface StoredOpenRole extends IndexedOpenRole {
  status: OpenRoleRow['status'];
  /** Published and not expired at the time of reading. */
  listed: boolean;
  updated_at: string;
}

export function toOpenRole(row: OpenRoleRow): OpenRole {
  return fromRow(OPEN_ROLE_COLUMNS, row);
}

export function toStoredOpenRole(row: OpenRoleRow, now: Date): StoredOpenRole {
  return {
    role: toOpenRole(row),
    version: Number(row.version),
    status: row.status,
    listed: isListed(OPEN_ROLE_LISTED_RULE, row, now),
    updated_at: row.updated_at.toISOString(),
  };
}
