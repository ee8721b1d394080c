import type { OpenRole } from '../../domain/open-role.schema.ts';
import type { SearchDocument } from './designer-search.document.ts';
import { TsvectorBuilder } from './text-search.ts';

export type OpenRoleSearchSource = Pick<OpenRole, 'title' | 'company' | 'description' | 'location'>;

/** In the order of the Elasticsearch boosts: title^3 (A), company^2 (B), description (D), location^0.5 (C). */
export const OPEN_ROLE_FIELD_WEIGHTS = { A: 6, B: 4, C: 1, D: 2 } as const;

/** Mirrors toOpenRoleDocument. */
export function toOpenRoleSearchDocument(role: OpenRoleSearchSource): SearchDocument {
  const text = new TsvectorBuilder().add([role.title], 'A').add([role.company], 'B').add([role.description], 'D').add([role.location], 'C');
  return {
    text: text.toString(),
    location: new TsvectorBuilder().add([role.location]).toString(),
    company: new TsvectorBuilder().add([role.company]).toString(),
    terms: text.words(),
  };
}
