import { z } from 'zod';
import { DesignerIdSchema } from '../../domain/designer.schema.ts';
import { OpenRoleSchema } from '../../domain/open-role.schema.ts';

/** Source versions come from one Postgres bigint sequence; they stay far below 2^53. */
const VersionSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/**
 * "Bring this row's search document up to date." The job re-reads the row, so the payload only names
 * it; version and change_id say which change asked (the version is a floor for a delete's version).
 */
function syncJobSchema<I extends z.ZodString>(id: I) {
  return z.strictObject({
    id,
    version: VersionSchema,
    change_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  });
}

export const SyncDesignerJobSchema = syncJobSchema(DesignerIdSchema);
export type SyncDesignerJob = z.infer<typeof SyncDesignerJobSchema>;

export const SyncOpenRoleJobSchema = syncJobSchema(OpenRoleSchema.shape.id);
export type SyncOpenRoleJob = z.infer<typeof SyncOpenRoleJobSchema>;
