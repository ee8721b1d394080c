import { type DesignerImport, type DesignerImportInput, designerProfile, withImportDefaults } from './designer-import.schema.ts';
import type { Designer, IndexedDesigner } from './designer.schema.ts';

/**
 * Designers built in code: the sample directory, benchmarks and test fixtures give the fields they care
 * about and take the rest from here, so a new field is declared in designer.fields.ts and nowhere else.
 * A field with an import default takes that default; a field without one takes its example value below.
 */

/** The fields an import record must give, that is those without an import default. */
type RequiredFields = { [K in keyof DesignerImportInput as object extends Pick<DesignerImportInput, K> ? never : K]: DesignerImportInput[K] };

/** An example value for every field without an import default: a new required field adds its own here. */
export const DESIGNER_EXAMPLE: RequiredFields = {
  slug: 'ana-lopez',
  name: 'Ana López',
  website: 'https://ana-lopez.example',
  portfolio_preview: 'https://ana-lopez.example/preview.jpg',
  category: 'product',
};

export const EXAMPLE_DESIGNER_ID = 'd-1';
export const EXAMPLE_PUBLIC_BASE_URL = 'http://localhost:3000';

/** What a builder may be given: any field of the public profile or of the import record. */
export type DesignerParts = Partial<Designer> & Partial<DesignerImportInput>;

/** The given values without the ones left undefined, so that an undefined never hides a default. */
function given<T extends object>(parts: T): Partial<T> {
  return Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** A whole import record: the given fields over the examples and the import defaults. */
export function buildDesignerRecord(parts: Partial<DesignerImportInput> = {}): DesignerImport {
  return withImportDefaults({ ...DESIGNER_EXAMPLE, ...given(parts) });
}

/**
 * A public profile: the given fields over the examples and the import defaults; `profile_url` is derived
 * from the slug and `publicBaseUrl` unless given.
 */
export function buildDesigner(parts: DesignerParts = {}, publicBaseUrl = EXAMPLE_PUBLIC_BASE_URL): Designer {
  const { profile_url, ...record } = given(parts);
  const designer = designerProfile({ ...DESIGNER_EXAMPLE, id: EXAMPLE_DESIGNER_ID, ...record }, publicBaseUrl);
  return profile_url === undefined ? designer : { ...designer, profile_url };
}

/** A profile as the worker indexes it. */
export function buildIndexedDesigner(
  parts: DesignerParts = {},
  { listed_at = '2025-03-01T00:00:00.000Z', version = 1, publicBaseUrl = EXAMPLE_PUBLIC_BASE_URL }: { listed_at?: string; version?: number; publicBaseUrl?: string } = {},
): IndexedDesigner {
  return { designer: buildDesigner(parts, publicBaseUrl), listed_at, version };
}
