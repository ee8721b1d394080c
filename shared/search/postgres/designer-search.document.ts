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
  /** Designers only: one tsvector per role (title and company), current role first. */
  roles?: string[];
  /** Designers only: the current role's tsvector, empty without one. */
  currentRole?: string;
}

/**
 * Relevance points of the free-text fields, in the order of the Elasticsearch boosts (name^3,
 * titles^2 and companies^2, description, location^0.5): name A, titles and companies B, description C,
 * location D.
 */
export const DESIGNER_FIELD_WEIGHTS = { A: 6, B: 4, C: 2, D: 1 } as const;

/** Mirrors toDesignerDocument: the same fields, the same folding, roles current first. */
export function toDesignerSearchDocument(designer: DesignerSearchSource): SearchDocument {
  const roles = designer.current_role ? [designer.current_role, ...designer.previous_roles] : designer.previous_roles;
  const text = new TsvectorBuilder()
    .add([designer.name], 'A')
    .add(roles.map((r) => r.title), 'B')
    .add(roles.map((r) => r.company), 'B')
    .add([designer.description], 'C')
    .add([designer.location], 'D');
  const roleText = (r: { title: string; company: string }) => new TsvectorBuilder().add([`${r.title} ${r.company}`]).toString();
  return {
    text: text.toString(),
    location: new TsvectorBuilder().add([designer.location]).toString(),
    company: new TsvectorBuilder().add(roles.map((r) => r.company)).toString(),
    terms: text.words(),
    roles: roles.map(roleText),
    currentRole: designer.current_role ? roleText(designer.current_role) : '',
  };
}
