import { z } from 'zod';
import { DESIGNER_COLUMNS, DESIGNER_LISTED_AT, DESIGNER_STATE } from './designer.fields.ts';
import { type Designer, DesignerSchema, profileUrl } from './designer.schema.ts';
import { importDefaultsOf, importShapeOf, optionalShapeOf, pickColumns } from './field-set.ts';

const { id, ...columns } = importShapeOf(DESIGNER_COLUMNS);
const { current_role, previous_roles } = DesignerSchema.shape;

/**
 * One designer record in a curator's import file: the public profile's fields, an optional id (without
 * one the record matches by slug), and the curator state. profile_url is derived from PUBLIC_BASE_URL
 * and the slug, so a value in the file is accepted and ignored. listed_at (optional) sets when the
 * designer was listed, which orders "newest first"; by default it is the time of the first import.
 * The state (status, opted_in) a record leaves out stays as stored: re-importing a profile must not list
 * again a designer who opted out or was hidden. A new designer is published and opted in (the writer fills it).
 */
export const DesignerImportSchema = z
  .strictObject({
    ...columns,
    current_role: current_role.default(null),
    previous_roles: previous_roles.default([]),
    id: id.optional(),
    profile_url: z.unknown().optional(),
    ...optionalShapeOf(DESIGNER_STATE),
    listed_at: DESIGNER_LISTED_AT.listed_at.schema.optional(),
  })
  .transform(({ profile_url: _ignored, ...record }) => record);

export type DesignerImport = z.output<typeof DesignerImportSchema>;
export type DesignerImportInput = z.input<typeof DesignerImportSchema>;

/**
 * A record built in code (the sample directory, benchmarks) with what it leaves out filled in as
 * DesignerImportSchema fills it, but not validated: the code that builds it vouches for its values.
 */
export function withImportDefaults({ profile_url: _ignored, ...record }: DesignerImportInput): DesignerImport {
  const given = Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
  const defaults = { ...importDefaultsOf(DESIGNER_COLUMNS), current_role: null, previous_roles: [] };
  return { ...defaults, ...given } as DesignerImport;
}

/** The public profile of a record built in code, in the order of the public JSON. */
export function designerProfile(record: DesignerImportInput & { id: string }, publicBaseUrl: string): Designer {
  const full = { ...withImportDefaults(record), id: record.id };
  return {
    ...pickColumns(DESIGNER_COLUMNS, full),
    current_role: full.current_role,
    previous_roles: full.previous_roles,
    profile_url: profileUrl(publicBaseUrl, full.slug),
  };
}
