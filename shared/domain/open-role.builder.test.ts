import { describe, expect, it } from 'vitest';
import { buildIndexedOpenRole, buildOpenRole, OPEN_ROLE_EXAMPLE } from './open-role.builder.ts';
import { IndexedOpenRoleSchema, OpenRoleSchema } from './open-role.schema.ts';

describe('open role builder', () => {
  it('builds a valid open role from nothing, in the order of the public JSON', () => {
    const role = buildOpenRole();
    expect(OpenRoleSchema.parse(role)).toEqual(role);
    expect(Object.keys(role)).toEqual(Object.keys(OpenRoleSchema.shape));
    expect(role).toMatchObject({ ...OPEN_ROLE_EXAMPLE, remote: false, placement: 'standard', company_url: null, location: '', description: '' });
  });

  it('takes the given fields over the examples; undefined never hides a default; curator state is left out', () => {
    const role = buildOpenRole({ id: 'r-9', remote: true, title: undefined, status: 'draft' });
    expect(role).toMatchObject({ id: 'r-9', remote: true, title: OPEN_ROLE_EXAMPLE.title });
    expect(role).not.toHaveProperty('status');
  });

  it('builds an indexed open role', () => {
    const indexed = buildIndexedOpenRole({ id: 'r-2' }, 3);
    expect(IndexedOpenRoleSchema.parse(indexed)).toEqual(indexed);
    expect(indexed).toMatchObject({ role: { id: 'r-2' }, version: 3 });
  });
});
