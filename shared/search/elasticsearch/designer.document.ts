import type { IndexedDesigner, Designer } from '../../domain/designer.schema.ts';
import { normalizeText } from '../../text/fold.ts';

export interface DesignerDocument {
  id: string;
  slug: string;
  category: string;
  listed_at: string;
  name: string;
  titles: string[];
  companies: string[];
  description: string;
  location: string;
  /** One entry per role, current first: its title and company as one text, so words of one role stay together. */
  roles: { text: string; current: boolean }[];
  designer: Designer;
}

function roles(designer: Designer) {
  return designer.current_role ? [designer.current_role, ...designer.previous_roles] : designer.previous_roles;
}

/** The one way a designer becomes a search document: used by seed, the ingest worker and reindex. */
export function toDesignerDocument({ designer, listed_at }: IndexedDesigner): DesignerDocument {
  const all = roles(designer);
  return {
    id: designer.id,
    slug: designer.slug,
    category: designer.category,
    listed_at,
    name: normalizeText(designer.name),
    titles: all.map((r) => normalizeText(r.title)),
    companies: all.map((r) => normalizeText(r.company)),
    description: normalizeText(designer.description),
    location: normalizeText(designer.location),
    roles: all.map((r, i) => ({ text: normalizeText(`${r.title} ${r.company}`), current: i === 0 && designer.current_role !== null })),
    designer,
  };
}

export function fromDesignerSource(source: unknown): Designer {
  return (source as Pick<DesignerDocument, 'designer'>).designer;
}
