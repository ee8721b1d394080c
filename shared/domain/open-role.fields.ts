import { z } from 'zod';
import { CategorySchema } from './category.schema.ts';
import { column, type ValuesOf } from './field-set.ts';
import type { ListedRule } from './listed.rule.ts';
import { PublicationStatusSchema } from './publication-status.schema.ts';
import { cleanText, LIMITS, plainText, webUrl } from './text.schema.ts';

/**
 * The open role's fields, declared once: the public open role (OpenRoleSchema), the import record, the
 * store's select list, row type, row mapping and write columns, and the search documents derive from
 * OPEN_ROLE_COLUMNS and OPEN_ROLE_STATE; the DDL is checked against them (test/store/schema-drift).
 */

export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'freelance', 'internship'] as const;
export const EmploymentTypeSchema = z.enum(EMPLOYMENT_TYPES).meta({ id: 'EmploymentType' });
export type EmploymentType = z.infer<typeof EmploymentTypeSchema>;

export const PLACEMENTS = ['standard', 'featured'] as const;
export const PlacementSchema = z.enum(PLACEMENTS).meta({ id: 'Placement' });
export type Placement = z.infer<typeof PlacementSchema>;

/** The columns of `open_roles` that make the public open role, in the order of the public JSON. */
export const OPEN_ROLE_COLUMNS = {
  id: column.text(cleanText(z.string().min(1).max(LIMITS.id))),
  title: column.text(plainText(LIMITS.title, 1)),
  company: column.text(plainText(LIMITS.company, 1)),
  company_url: column.text(webUrl().nullable(), { importDefault: null }),
  location: column.text(plainText(LIMITS.location), { importDefault: '' }),
  remote: column.boolean(z.boolean(), { importDefault: false }),
  employment_type: column.text(EmploymentTypeSchema),
  category: column.text(CategorySchema.describe('The designer specialty sought.')),
  description: column.text(plainText(LIMITS.openRoleDescription), { importDefault: '' }),
  apply_url: column.text(webUrl()),
  placement: column.text(PlacementSchema, { importDefault: 'standard' }),
  // An import may leave both dates out: the store then computes them (see open-role.writer.ts).
  posted_at: column.instant(z.iso.datetime({ offset: true })),
  expires_at: column.instant(z.iso.datetime({ offset: true })),
};

/** The curator state: never public, it decides whether the open role is listed (see open-role-search.rules.ts). */
export const OPEN_ROLE_STATE = {
  status: column.text(PublicationStatusSchema, { importDefault: 'published' }),
};

/** Listed: published, and until expires_at has passed. */
export const OPEN_ROLE_LISTED_RULE: ListedRule<ValuesOf<typeof OPEN_ROLE_STATE>, 'expires_at'> = {
  state: { status: 'published' },
  liveUntil: 'expires_at',
};
