import { z } from 'zod';
import { shapeOf } from './field-set.ts';
import { OPEN_ROLE_COLUMNS } from './open-role.fields.ts';

export {
  EMPLOYMENT_TYPES,
  type EmploymentType,
  EmploymentTypeSchema,
  type Placement,
  PLACEMENTS,
  PlacementSchema,
} from './open-role.fields.ts';

/** An open role stays listed this long unless its expires_at says otherwise. */
export const OPEN_ROLE_LIFETIME_DAYS = 30;

export const OpenRoleSchema = z
  .strictObject(shapeOf(OPEN_ROLE_COLUMNS))
  .meta({ id: 'OpenRole', description: 'An open design job listing. A listing runs 30 days from posted_at.' });
export type OpenRole = z.infer<typeof OpenRoleSchema>;

export const IndexedOpenRoleSchema = z.object({
  role: OpenRoleSchema,
  version: z.number().int().nonnegative(),
});
export type IndexedOpenRole = z.infer<typeof IndexedOpenRoleSchema>;

export function defaultExpiry(postedAt: Date): Date {
  return new Date(postedAt.getTime() + OPEN_ROLE_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
}
