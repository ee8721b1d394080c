import type { IndexedOpenRole, OpenRole } from '../domain/open-role.schema.ts';
import type { PublicationStatus } from '../domain/publication-status.schema.ts';

/** The select list for one open role (alias o for open_roles). */
export const OPEN_ROLE_SELECT = `
  o.id, o.title, o.company, o.company_url, o.location, o.remote, o.employment_type, o.category,
  o.description, o.apply_url, o.placement, o.posted_at, o.expires_at, o.status, o.updated_at, o.version`;

/** Published listings; whether they are live also depends on the clock (expires_at). */
export const OPEN_ROLE_PUBLISHED = `(o.status = 'published')`;

export interface OpenRoleRow {
  id: string;
  title: string;
  company: string;
  company_url: string | null;
  location: string;
  remote: boolean;
  employment_type: OpenRole['employment_type'];
  category: OpenRole['category'];
  description: string;
  apply_url: string;
  placement: OpenRole['placement'];
  posted_at: Date;
  expires_at: Date;
  status: PublicationStatus;
  updated_at: Date;
  version: string;
}

export interface StoredOpenRole extends IndexedOpenRole {
  status: PublicationStatus;
  /** Published and not expired at the time of reading. */
  listed: boolean;
  updated_at: string;
}

export function toOpenRole(row: OpenRoleRow): OpenRole {
  return {
    id: row.id,
    title: row.title,
    company: row.company,
    company_url: row.company_url,
    location: row.location,
    remote: row.remote,
    employment_type: row.employment_type,
    category: row.category,
    description: row.description,
    apply_url: row.apply_url,
    placement: row.placement,
    posted_at: row.posted_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}

export function toStoredOpenRole(row: OpenRoleRow, now: Date): StoredOpenRole {
  return {
    role: toOpenRole(row),
    version: Number(row.version),
    status: row.status,
    listed: row.status === 'published' && row.expires_at.getTime() > now.getTime(),
    updated_at: row.updated_at.toISOString(),
  };
}
