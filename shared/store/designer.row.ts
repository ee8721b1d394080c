import { type Designer, type IndexedDesigner, profileUrl } from '../domain/designer.schema.ts';
import type { PublicationStatus } from '../domain/publication-status.schema.ts';
import type { Role } from '../domain/role.schema.ts';

/**
 * The select list that reads one designer with its roles (alias d for designers). Every reader of the
 * store goes through it and toDesigner, so a profile looks the same wherever it comes from.
 */
export const DESIGNER_SELECT = `
  d.id, d.slug, d.name, d.description, d.website, d.portfolio_preview, d.category, d.location,
  d.opted_in, d.status, d.created_at, d.updated_at, d.version,
  (SELECT coalesce(json_agg(json_build_object(
            'title', r.title, 'company', r.company, 'company_url', r.company_url, 'is_current', r.is_current)
          ORDER BY r.position), '[]'::json)
     FROM designer_roles r WHERE r.designer_id = d.id) AS roles`;

/** Listed means visible on every surface: published and opted in. */
export const DESIGNER_LISTED = `(d.status = 'published' AND d.opted_in)`;

export interface DesignerRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  website: string;
  portfolio_preview: string;
  category: Designer['category'];
  location: string;
  opted_in: boolean;
  status: PublicationStatus;
  created_at: Date;
  updated_at: Date;
  /** bigint, as a string. */
  version: string;
  roles: (Role & { is_current: boolean })[];
}

/** A designer as stored, with what decides whether and how it is listed. */
export interface StoredDesigner extends IndexedDesigner {
  status: PublicationStatus;
  opted_in: boolean;
  /** Published and opted in: the only designers any surface shows. */
  listed: boolean;
  updated_at: string;
}

export function toDesignerFields(row: DesignerRow): Omit<Designer, 'profile_url'> {
  const current = row.roles.find((r) => r.is_current);
  const role = ({ title, company, company_url }: DesignerRow['roles'][number]): Role => ({ title, company, company_url });
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    website: row.website,
    portfolio_preview: row.portfolio_preview,
    category: row.category,
    location: row.location,
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
    listed_at: row.created_at.toISOString(),
    version: Number(row.version),
    status: row.status,
    opted_in: row.opted_in,
    listed: row.status === 'published' && row.opted_in,
    updated_at: row.updated_at.toISOString(),
  };
}
