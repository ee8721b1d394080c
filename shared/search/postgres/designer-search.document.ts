import type { Designer } from '../../domain/designer.schema.ts';
import { TsvectorBuilder } from './text-search.ts';

export type DesignerSearchSource = Pick<Designer, 'name' | 'description' | 'location' | 'current_role' | 'previous_roles'>;

/** What the Postgres backend stores for one designer: tsvector literals and the words for the vocabulary. */
export interface SearchDocument {
  text: string;
  location: string;
  company: string;
  /** The free-text words, where misspelt query words look for their candidates. */
  terms: string[];
}

/** Relevance weights of the free-text fields, as the Elasticsearch boosts: name^3, titles^2, companies^2, description. */
export const DESIGNER_FIELD_WEIGHTS = { A: 3, B: 2, C: 2, D: 1 } as const;

/** Mirrors toDesignerDocument: the same fields, the same folding, roles current first. */
export function toDesignerSearchDocument(designer: DesignerSearchSource): SearchDocument {
  const roles = designer.current_role ? [designer.current_role, ...designer.previous_roles] : designer.previous_roles;
  const text = new TsvectorBuilder()
    .add([designer.name], 'A')
    .add(roles.map((r) => r.title), 'B')
    .add(roles.map((r) => r.company), 'C')
    .add([designer.description], 'D');
  return {
    text: text.toString(),
    location: new TsvectorBuilder().add([designer.location]).toString(),
    company: new TsvectorBuilder().add(roles.map((r) => r.company)).toString(),
    terms: text.words(),
  };
}
