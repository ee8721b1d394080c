import { z } from 'zod';
import { CategorySchema } from './category.schema.ts';

export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'freelance', 'internship'] as const;
export const EmploymentTypeSchema = z.enum(EMPLOYMENT_TYPES).meta({ id: 'EmploymentType' });
export type EmploymentType = z.infer<typeof EmploymentTypeSchema>;

export const PLACEMENTS = ['standard', 'featured'] as const;
export const PlacementSchema = z.enum(PLACEMENTS).meta({ id: 'Placement' });

/** A listing runs this long unless its expires_at says otherwise. */
export const OPEN_ROLE_LIFETIME_DAYS = 30;

export const OpenRoleSchema = z
  .strictObject({
    id: z.string().min(1).max(64),
    title: z.string().min(1).max(200),
    company: z.string().min(1).max(200),
    company_url: z.url().nullable(),
    location: z.string().max(200),
    remote: z.boolean(),
    employment_type: EmploymentTypeSchema,
    category: CategorySchema.describe('The designer specialty sought.'),
    description: z.string().max(5000),
    apply_url: z.url(),
    placement: PlacementSchema,
    posted_at: z.iso.datetime({ offset: true }),
    expires_at: z.iso.datetime({ offset: true }),
  })
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
