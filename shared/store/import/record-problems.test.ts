import { describe, expect, it } from 'vitest';
import { DesignerImportSchema } from '../../domain/designer-import.schema.ts';
import { OpenRoleImportSchema } from '../../domain/open-role-import.schema.ts';
import { recordProblems } from './record-problems.ts';

const complete = {
  slug: 'ana-muller',
  name: 'Ana Müller',
  category: 'brand',
  website: 'https://ana.example',
  portfolio_preview: 'https://ana.example/p.png',
};

function problems(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, record: unknown) {
  const parsed = schema.safeParse(record);
  expect(parsed.success).toBe(false);
  return recordProblems(parsed.error as never, record);
}

describe('recordProblems', () => {
  it('a field left out is "is required", whatever the field\'s own message', () => {
    expect(problems(DesignerImportSchema, { slug: 'a' })).toEqual([
      { field: 'name', message: 'is required' },
      { field: 'website', message: 'is required' },
      { field: 'portfolio_preview', message: 'is required' },
      { field: 'category', message: 'is required' },
    ]);
  });

  it('a choice lists what is allowed and the near one meant; a value of the wrong kind says which kind', () => {
    expect(problems(DesignerImportSchema, { ...complete, category: 'brands', status: 'live', opted_in: 'yes', name: 7 })).toEqual(
      expect.arrayContaining([
        { field: 'category', message: 'must be one of product, brand, graphic, motion, 3d, director, engineer; did you mean "brand"?' },
        { field: 'status', message: 'must be one of draft, published, hidden' },
        { field: 'opted_in', message: 'must be true or false' },
        { field: 'name', message: 'must be text' },
      ]),
    );
    expect(problems(DesignerImportSchema, { ...complete, previous_roles: {} })).toEqual([{ field: 'previous_roles', message: 'must be a list' }]);
  });

  it('a choice written in capitals or with blanks around it says which value was meant', () => {
    expect(problems(DesignerImportSchema, { ...complete, category: ' Brand', status: 'HIDDEN' })).toEqual([
      { field: 'category', message: 'must be one of product, brand, graphic, motion, 3d, director, engineer; did you mean "brand"? Values are lowercase, without spaces' },
      { field: 'status', message: 'must be one of draft, published, hidden; did you mean "hidden"? Values are lowercase, without spaces' },
    ]);
  });

  it('a role (or null) names what the role lacks, not only "Invalid input"', () => {
    expect(problems(DesignerImportSchema, { ...complete, current_role: { title: 'Designer', employer: 'Acme' } })).toEqual([
      { field: 'current_role.company', message: 'is required' },
      { field: 'current_role.company_url', message: 'is required' },
      { field: 'current_role.employer', message: 'is not a known field' },
    ]);
    expect(problems(DesignerImportSchema, { ...complete, current_role: 'Designer at Acme' })).toEqual([
      { field: 'current_role', message: 'must be an object or null' },
    ]);
    expect(problems(DesignerImportSchema, { ...complete, previous_roles: [{ title: '', company: 'Acme', company_url: null }, 'x'] })).toEqual([
      { field: 'previous_roles.0.title', message: 'must not be empty' },
      { field: 'previous_roles.1', message: 'must be an object' },
    ]);
  });

  it('keeps the schema\'s own wording where it has one, and a record that is not an object says so', () => {
    expect(problems(DesignerImportSchema, { ...complete, website: 'ftp://ana.example' })).toEqual([
      { field: 'website', message: 'must be an absolute http or https URL' },
    ]);
    expect(problems(DesignerImportSchema, [1, 2])).toEqual([{ field: '(record)', message: 'must be an object' }]);
    expect(problems(DesignerImportSchema, { ...complete, nickname: 'A' })).toEqual([{ field: 'nickname', message: 'is not a known field' }]);
  });

  it('reads open roles the same way', () => {
    const found = problems(OpenRoleImportSchema, { title: 'Head of Design' });
    expect(found.length).toBeGreaterThan(0);
    for (const problem of found) expect(problem.message).not.toMatch(/Invalid input|received undefined/);
    expect(found).toContainEqual({ field: 'company', message: 'is required' });
  });
});
