import { DESIGNER_COLUMNS, DESIGNER_LISTED_RULE, DESIGNER_LISTED_AT, DESIGNER_STATE } from '../domain/designer.fields.ts';
import { type Designer, type IndexedDesigner, profileUrl } from '../domain/designer.schema.ts';
import { namesOf, omitColumns, type RowOf } from '../domain/field-set.ts';
import { isListed } from '../domain/listed.rule.ts';
import type { Role } from '../domain/role.schema.ts';
import { fromRow, listedSql, selectList } from './column.sql.ts';

/**
 * The select list that reads one designer with its roles (alias d for designers). Every reader of the
 * store goes through it and toDesigner, so a profile looks the same wherever it comes from.
 */
export const DESIGNER_SELECT = `
  ${selectList({ ...DESIGNER_COLUMNS, ...DESIGNER_STATE, ...DESIGNER_LISTED_AT }, 'd')}, d.updated_at, d.version,
  (SELECT coalesce(json_agg(json_build_object(
            'title', r.title, 'company', r.company, 'company_url', r.company_url, 'is_current', r.is_current)
          ORDER BY r.position), '[]'::json)
     FROM designer_roles r WHERE r.designer_id = d.id) AS roles`;

/** Listed means visible on every surface (DESIGNER_LISTED_RULE), as SQL over alias d. */
export const DESIGNER_LISTED = listedSql(DESIGNER_LISTED_RULE, 'd');

/**
 * The columns an import writes as given, besides the key: the profile's and the curator state. The write
 * statements (single and batch) and their change detection take exactly these; listed_at is written
 * only when the record gives it (designer.writer.ts).
 */
export const DESIGNER_WRITTEN = { ...omitColumns(DESIGNER_COLUMNS, ['id']), ...DESIGNER_STATE };
export const DESIGNER_WRITTEN_NAMES = namesOf(DESIGNER_WRITTEN);

export type StoredRole = Role & { is_current: boolean };

export type DesignerRow = RowOf<typeof DESIGNER_COLUMNS> &
  RowOf<typeof DESIGNER_STATE> &
  RowOf<typeof DESIGNER_LISTED_AT> & {
    updated_at: Date;
    /** bigint, as a string. */
    version: string;
    roles: StoredRole[];
  };

/** A designer as stored, with what decides whether and how it is listed. */
export interface StoredDesigner extends IndexedDesigner {
  status: DesignerRow['status'];
  opted_in: boolean;
  /** Published and opted in: the only designers any surface shows. */
  listed: boolean;
  updated_at: string;
}

export function toDesignerFields(row: DesignerRow): Omit<Designer, 'profile_url'> {
  const current = row.roles.find((r) => r.is_current);
  const role = ({ title, company, company_url }: StoredRole): Role => ({ title, company, company_url });
  return {
    ...fromRow(DESIGNER_COLUMNS, row),
    current_role: current ? role(current) : null,
    previous_roles: row.roles.filter((r) => !r.is_current).map(role),
  };
}

export function toDesigner(row: DesignerRow, publicBaseUrl: string): Designer {
  return { ...toDesignerFields(row), profile_url: profileUrl(publicBaseUrl, row.slug) };
}

export function toStoredDesigner(row: DesignerRow, publicBaseUrl: string): StoredDesigner {
  return {
    designer: toDesigner(row, publicBaseUrl),
    listed_at: row.listed_at.toISOString(),
    version: Number(row.version),
    status: row.status,
    opted_in: row.opted_in,
    listed: isListed(DESIGNER_LISTED_RULE, row),
    updated_at: row.updated_at.toISOString(),
  };
}
