import type { OpenRole } from '../../domain/open-role.schema.ts';
import { normalizeText } from '../../text/fold.ts';

export interface OpenRoleDocument {
  id: string;
  category: string;
  employment_type: string;
  remote: boolean;
  placement_rank: number;
  posted_at: string;
  expires_at: string;
  title: string;
  company: string;
  location: string;
  description: string;
  role: OpenRole;
}

/** Featured listings sort before standard ones. */
export const PLACEMENT_RANK = { featured: 0, standard: 1 } as const;

export function toOpenRoleDocument(role: OpenRole): OpenRoleDocument {
  return {
    id: role.id,
    category: role.category,
    employment_type: role.employment_type,
    remote: role.remote,
    placement_rank: PLACEMENT_RANK[role.placement],
    posted_at: role.posted_at,
    expires_at: role.expires_at,
    title: normalizeText(role.title),
    company: normalizeText(role.company),
    location: normalizeText(role.location),
    description: normalizeText(role.description),
    role,
  };
}

export function fromOpenRoleSource(source: unknown): OpenRole {
  return (source as Pick<OpenRoleDocument, 'role'>).role;
}
