import type { OpenRole } from '../../domain/open-role.schema.ts';
import type { SearchDocument } from './designer-search.document.ts';
import { TsvectorBuilder } from './text-search.ts';

export type OpenRoleSearchSource = Pick<OpenRole, 'title' | 'company' | 'description' | 'location'>;

/** As the Elasticsearch boosts: title^3, company^2, description. */
export const OPEN_ROLE_FIELD_WEIGHTS = { A: 3, B: 2, C: 2, D: 1 } as const;

/** Mirrors toOpenRoleDocument. */
export function toOpenRoleSearchDocument(role: OpenRoleSearchSource): SearchDocument {
  const text = new TsvectorBuilder().add([role.title], 'A').add([role.company], 'B').add([role.description], 'D');
  return {
    text: text.toString(),
    location: new TsvectorBuilder().add([role.location]).toString(),
    company: new TsvectorBuilder().add([role.company]).toString(),
    terms: text.words(),
  };
}
