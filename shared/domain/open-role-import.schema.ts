import { z } from 'zod';
import { importShapeOf, optionalShapeOf } from './field-set.ts';
import { pastInstant } from './instant.schema.ts';
import { OPEN_ROLE_COLUMNS, OPEN_ROLE_STATE } from './open-role.fields.ts';

const { id, posted_at: _posted, expires_at, ...columns } = importShapeOf(OPEN_ROLE_COLUMNS);

/**
 * One open-role record in a curator's import file: the open role's fields, an optional id (without one the
 * record matches an existing open role by apply_url), and the curator state. posted_at defaults to the
 * time of the first import; expires_at to posted_at plus the listed lifetime. A status the record leaves
 * out stays as stored (a new open role is published), as the dates do.
 */
export const OpenRoleImportSchema = z
  .strictObject({
    ...columns,
    posted_at: pastInstant().optional(),
    expires_at: expires_at.optional(),
    id: id.optional(),
    ...optionalShapeOf(OPEN_ROLE_STATE),
  })
  .refine((r) => !r.posted_at || !r.expires_at || Date.parse(r.expires_at) > Date.parse(r.posted_at), {
    path: ['expires_at'],
    error: 'must be later than posted_at',
  });

export type OpenRoleImport = z.output<typeof OpenRoleImportSchema>;
export type OpenRoleImportInput = z.input<typeof OpenRoleImportSchema>;
