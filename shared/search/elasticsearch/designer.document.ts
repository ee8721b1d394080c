import type { IndexedDesigner, Designer } from '../../domain/designer.schema.ts';
import { normalizeText, tokenize } from '../../text/fold.ts';
import { wordForms } from '../../text/word-forms.ts';
import type { SuggestionKind } from '../../domain/suggest.schema.ts';
import { designerFacetValues } from '../designer-facets.rules.ts';
import { DESIGNER_SEARCH_RULES, designerRoles } from '../designer-search.rules.ts';
import { contentWords } from '../query-words.ts';
import { type FormsOf, type TextOf } from '../search-rules.ts';
import { suggestWords } from '../suggest.rules.ts';
import { foldedText, stemmedText } from './text-fields.ts';

/**
 * The designer's search document: the fields the filters match exactly, the listed time that orders
 * "newest first", the free-text fields (search-rules), each role's words together, and the public
 * profile. Its mapping (mappings.ts) is checked against this type key for key.
 */
export type DesignerDocument = Pick<Designer, 'id' | 'slug' | 'category'> & {
  listed_at: string;
} & TextOf<typeof DESIGNER_SEARCH_RULES.text> & {
    /**
     * One entry per role, current first: its title and company as one text, so words of one role stay
     * together, how many content words it holds (a query naming all of them and no other is that role),
     * the stems of its title (where a concept the query names matches: conceptRoleBonus), and how many
     * distinct stems the title has (a query typing all of them names the title exactly: exactTitle); its
     * company's words and how many distinct content words they are (a role at a sister company, "Google
     * Cloud", holds every word of "Google" and one more: exactEmployerBonus).
     */
    roles: { text: string; current: boolean; words: number; forms: string; title_words: number; company: string; company_words: number }[];
    /** Each kind's distinct words, as keywords: what type-ahead completes and counts (suggest.rules.ts). */
    suggest: Record<SuggestionKind, string[]>;
    /** What the facets count (designer-facets.rules.ts), as exact values to aggregate. */
    facets: { country: string | null; remote: boolean; companies: string[] };
    /** The stems of the titles and the description, where word forms and synonyms match. */
    forms: FormsOf<typeof DESIGNER_SEARCH_RULES.text>;
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
    roles: designerRoles(designer).map(({ role, current }) => {
      const text = normalizeText(`${role.title} ${role.company}`);
      const forms = wordForms(tokenize(role.title));
      const company = normalizeText(role.company);
      return { text, current, words: contentWords(text).length, forms: forms.join(' '), title_words: new Set(forms).size, company, company_words: contentWords(company).length };
    }),
    suggest: suggestWords(designer),
    facets: designerFacetValues(designer),
    forms: stemmedText(DESIGNER_SEARCH_RULES.text, designer),
    designer,
  };
}

export function fromDesignerSource(source: unknown): Designer {
  return (source as Pick<DesignerDocument, 'designer'>).designer;
}
