import { type DefaultedColumn, importDefaultsOf, pickColumns } from './field-set.ts';
import type { OpenRoleImportInput } from './open-role-import.schema.ts';
import { OPEN_ROLE_COLUMNS } from './open-role.fields.ts';
import type { IndexedOpenRole, OpenRole } from './open-role.schema.ts';

/**
 * Open roles built in code: the sample directory, benchmarks and test fixtures give the fields they care
 * about and take the rest from here, so a new field is declared in open-role.fields.ts and nowhere else.
 * A field with an import default takes that default; a field without one takes its example value below.
 */

/** The open role's fields that have no import default. */
type RequiredFields = { [K in keyof OpenRole as (typeof OPEN_ROLE_COLUMNS)[K] extends DefaultedColumn ? never : K]: OpenRole[K] };

/** An example value for every field without an import default: a new required field adds its own here. */
export const OPEN_ROLE_EXAMPLE: RequiredFields = {
  id: 'r-1',
  title: 'Product Designer',
  company: 'Acme',
  employment_type: 'full_time',
  category: 'product',
  apply_url: 'https://jobs.example/r-1',
  posted_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2026-01-31T00:00:00.000Z',
};

/** What a builder may be given: any field of the open role or of the import record. */
export type OpenRoleParts = Partial<OpenRole> & Partial<OpenRoleImportInput>;

/**
 * A public open role: the given fields over the examples and the import defaults, in the order of the
 * public JSON; curator state and other keys are left out.
 */
export function buildOpenRole(parts: OpenRoleParts = {}): OpenRole {
  const given = Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== undefined));
  return pickColumns(OPEN_ROLE_COLUMNS, { ...importDefaultsOf(OPEN_ROLE_COLUMNS), ...OPEN_ROLE_EXAMPLE, ...given } as OpenRole);
}

/** An open role as the worker indexes it. */
export function buildIndexedOpenRole(parts: OpenRoleParts = {}, version = 1): IndexedOpenRole {
  return { role: buildOpenRole(parts), version };
}
