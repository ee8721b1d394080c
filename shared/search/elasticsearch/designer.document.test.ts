import { describe, expect, it } from 'vitest';
import { buildIndexedDesigner } from '../../domain/designer.builder.ts';
import { fromDesignerSource, toDesignerDocument } from './designer.document.ts';

const indexed = buildIndexedDesigner(
  {
    id: 'd-1',
    slug: 'ana-muller',
    name: 'Ana Müller',
    description: 'Builds identity systems — for museums.',
    website: 'https://ana.example',
    portfolio_preview: 'https://ana.example/p.jpg',
    category: 'brand',
    location: 'Zürich, CH',
    current_role: { title: 'Brand Designer', company: 'Acme Studio', company_url: null },
    previous_roles: [{ title: 'Graphic Designer', company: 'Globex', company_url: 'https://globex.example' }],
    profile_url: 'https://directory.test/designer/ana-muller',
  },
  { listed_at: '2025-03-01T00:00:00.000Z', version: 3 },
);

describe('toDesignerDocument', () => {
  it('holds folded search text, current role first then previous roles, and the public profile verbatim', () => {
    expect(toDesignerDocument(indexed)).toEqual({
      id: 'd-1',
      slug: 'ana-muller',
      category: 'brand',
      listed_at: '2025-03-01T00:00:00.000Z',
      name: 'ana muller',
      titles: ['brand designer', 'graphic designer'],
      companies: ['acme studio', 'globex'],
      description: 'builds identity systems for museums',
      location: ['zurich ch', 'zurich switzerland', 'zurich schweiz', 'zurich europe', 'zurich emea', 'zurich dach', 'zurich western europe', 'zurich central europe', 'zuerich ch', 'zurigo ch', 'zurique ch'],
      roles: [
        { text: 'brand designer acme studio', current: true, words: 4, forms: 'brand design', title_words: 2, company: 'acme studio', company_words: 2 },
        { text: 'graphic designer globex', current: false, words: 3, forms: 'graphic design', title_words: 2, company: 'globex', company_words: 1 },
      ],
      suggest: {
        name: ['ana', 'muller'],
        title: ['brand', 'designer', 'graphic'],
        company: ['acme', 'globex', 'studio'],
        place: ['central', 'ch', 'dach', 'emea', 'europe', 'schweiz', 'switzerland', 'western', 'zuerich', 'zurich', 'zurigo', 'zurique'],
      },
      facets: { country: 'CH', remote: false, companies: ['Acme Studio', 'Globex'] },
      // Stems of the titles and the description only: names, companies and places are never stemmed.
      forms: { titles: ['brand design', 'graphic design'], description: 'build ident system for museum' },
      designer: indexed.designer,
    });
  });

  it('a designer without a current role searches by previous roles only', () => {
    const doc = toDesignerDocument({ ...indexed, designer: { ...indexed.designer, current_role: null } });
    expect(doc.companies).toEqual(['globex']);
    expect(doc.titles).toEqual(['graphic designer']);
    expect(doc.roles).toEqual([{ text: 'graphic designer globex', current: false, words: 3, forms: 'graphic design', title_words: 2, company: 'globex', company_words: 1 }]);
  });

  it('reading back returns exactly the public profile', () => {
    expect(fromDesignerSource({ designer: indexed.designer })).toBe(indexed.designer);
  });
});

describe('toDesignerDocument: stems', () => {
  it('keeps a passive participle before "by" as it is among the description\'s stems (textForms)', () => {
    const doc = toDesignerDocument({ ...indexed, designer: { ...indexed.designer, description: 'Mentored by a mentor, mentoring juniors.' } });
    expect(doc.forms).toMatchObject({ description: 'mentored by a mentor mentor junior' });
  });
});
