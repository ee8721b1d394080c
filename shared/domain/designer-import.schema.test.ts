import { describe, expect, it } from 'vitest';
import { DesignerImportSchema, type DesignerImportInput, designerProfile, withImportDefaults } from './designer-import.schema.ts';
import { DesignerSchema } from './designer.schema.ts';

const minimal: DesignerImportInput = {
  slug: 'ana-lopez',
  name: 'Ana López',
  website: 'https://ana.example',
  portfolio_preview: 'https://ana.example/p.jpg',
  category: 'brand',
};

const full: DesignerImportInput = {
  ...minimal,
  id: 'd-1',
  description: 'Shapes brands.',
  location: 'Madrid, ES',
  current_role: { title: 'Brand Designer', company: 'Acme', company_url: null },
  previous_roles: [{ title: 'Designer', company: 'Globex', company_url: 'https://globex.example' }],
  opted_in: false,
  status: 'draft',
  listed_at: '2025-01-01T00:00:00Z',
  profile_url: 'https://elsewhere.example/ana',
};

describe('records built in code', () => {
  it('take the same defaults as an import file', () => {
    for (const record of [minimal, full]) expect(withImportDefaults(record)).toEqual(DesignerImportSchema.parse(record));
  });

  it('become a valid public profile, its fields in the order of the public JSON', () => {
    const profile = designerProfile({ ...minimal, id: 'd-2' }, 'https://directory.example/');
    expect(DesignerSchema.parse(profile)).toEqual(profile);
    expect(Object.keys(profile)).toEqual(Object.keys(DesignerSchema.shape));
    expect(profile.profile_url).toBe('https://directory.example/designer/ana-lopez');
  });
});
