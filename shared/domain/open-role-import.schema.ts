import { z } from 'zod';
import { OpenRoleSchema } from './open-role.schema.ts';
import { pastInstant } from './instant.schema.ts';
import { PublicationStatusSchema } from './publication-status.schema.ts';

const { id, company_url, location, remote, description, placement, expires_at } = OpenRoleSchema.shape;

/**
 * One open-role record in a curator's import file: the listing's fields, an optional id (without one the
 * record matches an existing listing by apply_url), and the curator state. posted_at defaults to the
 * time of the first import; expires_at to posted_at plus the listing lifetime.
 */
export const OpenRoleImportSchema = OpenRoleSchema.omit({ id: true })
  .extend({
    id: id.optional(),
    company_url: company_url.default(null),
    location: location.default(''),
    remote: remote.default(false),
    description: description.default(''),
    placement: placement.default('standard'),
    posted_at: pastInstant().optional(),
    expires_at: expires_at.optional(),
    status: PublicationStatusSchema.default('published'),
  })
  .refine((r) => !r.posted_at || !r.expires_at || Date.parse(r.expires_at) > Date.parse(r.posted_at), {
    path: ['expires_at'],
    error: 'must be later than posted_at',
  });

export type OpenRoleImport = z.output<typeof OpenRoleImportSchema>;
export type OpenRoleImportInput = z.input<typeof OpenRoleImportSchema>;
