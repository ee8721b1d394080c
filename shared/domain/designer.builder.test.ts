import { describe, expect, it } from 'vitest';
import { buildDesigner, buildDesignerRecord, buildIndexedDesigner, DESIGNER_EXAMPLE } from './designer.builder.ts';
import { DesignerImportSchema } from './designer-import.schema.ts';
import { DesignerSchema, IndexedDesignerSchema } from './designer.schema.ts';

describe('designer builder', () => {
  it('builds a valid public profile from nothing, in the order of the public JSON', () => {
    const designer = buildDesigner();
    expect(DesignerSchema.parse(designer)).toEqual(designer);
    expect(Object.keys(designer)).toEqual(Object.keys(DesignerSchema.shape));
    expect(designer).toMatchObject({ ...DESIGNER_EXAMPLE, description: '', location: '', current_role: null, previous_roles: [] });
  });

  it('takes the given fields over the examples and derives profile_url from the slug', () => {
    const designer = buildDesigner({ slug: 'bo-kim', name: 'Bo Kim', location: 'Seoul, KR' }, 'https://directory.example/');
    expect(designer).toMatchObject({ slug: 'bo-kim', name: 'Bo Kim', location: 'Seoul, KR', profile_url: 'https://directory.example/designer/bo-kim' });
  });

  it('keeps a given profile_url, and an undefined field never hides its default', () => {
    const designer = buildDesigner({ profile_url: 'https://elsewhere.example/designer/x', name: undefined });
    expect(designer.profile_url).toBe('https://elsewhere.example/designer/x');
    expect(designer.name).toBe(DESIGNER_EXAMPLE.name);
  });

  it('leaves out what is not part of the public profile', () => {
    expect(buildDesigner({ status: 'draft', opted_in: false, listed_at: '2025-01-01T00:00:00.000Z' })).not.toHaveProperty('status');
  });

  it('builds an import record the import schema accepts', () => {
    const record = buildDesignerRecord({ slug: 'bo-kim', status: 'hidden' });
    expect(DesignerImportSchema.parse(record)).toEqual(record);
    expect(record).toMatchObject({ slug: 'bo-kim', status: 'hidden', name: DESIGNER_EXAMPLE.name });
  });

  it('builds an indexed designer', () => {
    const indexed = buildIndexedDesigner({ id: 'd-9' }, { version: 4, listed_at: '2025-01-01T00:00:00.000Z' });
    expect(IndexedDesignerSchema.parse(indexed)).toEqual(indexed);
    expect(indexed).toMatchObject({ designer: { id: 'd-9' }, version: 4, listed_at: '2025-01-01T00:00:00.000Z' });
  });
});
