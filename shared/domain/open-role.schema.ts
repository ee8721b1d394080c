import { z } from 'zod';
import { CategorySchema } from './category.schema.ts';
import { cleanText, LIMITS, plainText, webUrl } from './text.schema.ts';

export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'freelance', 'internship'] as const;
export const EmploymentTypeSchema = z.enum(EMPLOYMENT_TYPES).meta({ id: 'EmploymentType' });
export type EmploymentType = z.infer<typeof EmploymentTypeSchema>;

export const PLACEMENTS = ['standard', 'featured'] as const;
export const PlacementSchema = z.enum(PLACEMENTS).meta({ id: 'Placement' });

/** A listing runs this long unless its expires_at says otherwise. */
export const OPEN_ROLE_LIFETIME_DAYS = 30;

export const OpenRoleSchema = z
  .strictObject({
    id: cleanText(z.string().min(1).max(LIMITS.id)),
    title: plainText(LIMITS.title, 1),
    company: plainText(LIMITS.company, 1),
    company_url: webUrl().nullable(),
    location: plainText(LIMITS.location),
    remote: z.boolean(),
    employment_type: EmploymentTypeSchema,
    category: CategorySchema.describe('The designer specialty sought.'),
    description: plainText(LIMITS.openRoleDescription),
    apply_url: webUrl(),
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
