import type { OpenRole } from '../../domain/open-role.schema.ts';
import { OPEN_ROLE_SEARCH_RULES, PLACEMENT_RANK } from '../open-role-search.rules.ts';
import type { FormsOf, TextOf } from '../search-rules.ts';
import { foldedText, stemmedText } from './text-fields.ts';

/**
 * The open role's search document: the fields the filters match exactly, the keys of its order, the
 * free-text fields (search-rules) and the public open role. Its mapping (mappings.ts) is checked against
 * this type key for key.
 */
export type OpenRoleDocument = Pick<OpenRole, 'id' | 'category' | 'employment_type' | 'remote'> & {
  placement_rank: number;
} & Pick<OpenRole, 'posted_at' | 'expires_at'> &
  TextOf<typeof OPEN_ROLE_SEARCH_RULES.text> & {
    /** The stems of the title and the description, where word forms and synonyms match. */
    forms: FormsOf<typeof OPEN_ROLE_SEARCH_RULES.text>;
    role: OpenRole;
  };

export function toOpenRoleDocument(role: OpenRole): OpenRoleDocument {
  return {
    id: role.id,
    category: role.category,
    employment_type: role.employment_type,
    remote: role.remote,
    placement_rank: PLACEMENT_RANK[role.placement],
    posted_at: role.posted_at,
    expires_at: role.expires_at,
    ...foldedText(OPEN_ROLE_SEARCH_RULES.text, role),
    forms: stemmedText(OPEN_ROLE_SEARCH_RULES.text, role),
    role,
  };
}

export function fromOpenRoleSource(source: unknown): OpenRole {
  return (source as Pick<OpenRoleDocument, 'role'>).role;
}
