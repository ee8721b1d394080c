import { z } from 'zod';
import { DesignerIdSchema, DesignerSchema } from './designer.schema.ts';
import { pastInstant } from './instant.schema.ts';
import { PublicationStatusSchema } from './publication-status.schema.ts';

const { description, location, current_role, previous_roles } = DesignerSchema.shape;

/**
 * One designer record in a curator's import file: the public profile's fields, an optional id (without
 * one the record matches by slug), and the curator state. profile_url is derived from PUBLIC_BASE_URL
 * and the slug, so a value in the file is accepted and ignored. listed_at (optional) sets when the
 * designer was listed, which orders "newest first"; by default it is the time of the first import.
 */
export const DesignerImportSchema = DesignerSchema.omit({ id: true, profile_url: true })
  .extend({
    id: DesignerIdSchema.optional(),
    description: description.default(''),
    location: location.default(''),
    current_role: current_role.default(null),
    previous_roles: previous_roles.default([]),
    profile_url: z.unknown().optional(),
    opted_in: z.boolean().default(true),
    status: PublicationStatusSchema.default('published'),
    listed_at: pastInstant().optional(),
  })
  .transform(({ profile_url: _ignored, ...record }) => record);

export type DesignerImport = z.output<typeof DesignerImportSchema>;
export type DesignerImportInput = z.input<typeof DesignerImportSchema>;
