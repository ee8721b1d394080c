import type { IndexedDesigner, Designer } from '../../domain/designer.schema.ts';
import { normalizeText } from '../../text/fold.ts';
import { DESIGNER_SEARCH_RULES, designerRoles } from '../designer-search.rules.ts';
import { type TextOf } from '../search-rules.ts';
import { foldedText } from './text-fields.ts';

/**
 * The designer's search document: the fields the filters match exactly, the listing time that orders
 * "newest first", the free-text fields (search-rules), each role's words together, and the public
 * profile. Its mapping (mappings.ts) is checked against this type key for key.
 */
export type DesignerDocument = Pick<Designer, 'id' | 'slug' | 'category'> & {
  listed_at: string;
} & TextOf<typeof DESIGNER_SEARCH_RULES.text> & {
    /** One entry per role, current first: its title and company as one text, so words of one role stay together. */
    roles: { text: string; current: boolean }[];
    designer: Designer;
  };

/** The one way a designer becomes a search document: used by seed, the ingest worker and reindex. */
export function toDesignerDocument({ designer, listed_at }: IndexedDesigner): DesignerDocument {
  return {
    id: designer.id,
    slug: designer.slug,
    category: designer.category,
    listed_at,
    ...foldedText(DESIGNER_SEARCH_RULES.text, designer),
    roles: designerRoles(designer).map(({ role, current }) => ({ text: normalizeText(`${role.title} ${role.company}`), current })),
    designer,
  };
}

export function fromDesignerSource(source: unknown): Designer {
  return (source as Pick<DesignerDocument, 'designer'>).designer;
}
