import { z } from 'zod';
import { CategorySchema } from './category.schema.ts';
import { column, type ValuesOf } from './field-set.ts';
import { pastInstant } from './instant.schema.ts';
import type { ListedRule } from './listed.rule.ts';
import { PublicationStatusSchema } from './publication-status.schema.ts';
import { cleanText, LIMITS, plainText, webUrl } from './text.schema.ts';

/**
 * The designer's fields, declared once. The public profile (DesignerSchema), the import record, the
 * store's select list, row type, row mapping and write columns, and the search documents all derive
 * from DESIGNER_COLUMNS, DESIGNER_STATE and DESIGNER_LISTED_AT; the DDL is checked against them
 * (test/store/schema-drift).
 * A field that is a plain column of `designers` is added here, and only here (besides its migration).
 */

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const SlugSchema = z
  // Also the slug query parameter, where an array means the parameter was repeated.
  .string({
    error: (issue) =>
      Array.isArray(issue.input) ? 'must be given at most once, not repeated' : 'must be a slug such as "ana-lopez"',
  })
  .min(1, { error: 'must not be empty', abort: true })
  .max(LIMITS.slug, { error: `must be at most ${LIMITS.slug} characters` })
  .regex(SLUG_PATTERN, { error: 'must be lowercase letters, digits and single hyphens, for example "ana-lopez"' });

export const DesignerIdSchema = cleanText(
  z
    // Also the id query parameter, where an array means the parameter was repeated.
    .string({
      error: (issue) => (Array.isArray(issue.input) ? 'must be given at most once, not repeated' : 'must be a designer id'),
    })
    .min(1, { error: 'must not be empty' })
    .max(LIMITS.id, { error: `must be at most ${LIMITS.id} characters` }),
);

/**
 * The public profile's columns of `designers`, in the order of the public JSON. The roles (table
 * designer_roles) and profile_url (derived from the slug) follow them in DesignerSchema.
 */
export const DESIGNER_COLUMNS = {
  id: column.text(DesignerIdSchema),
  slug: column.text(SlugSchema),
  name: column.text(plainText(LIMITS.name, 1)),
  description: column.text(plainText(LIMITS.designerDescription), { importDefault: '' }),
  website: column.text(webUrl()),
  portfolio_preview: column.text(webUrl()),
  category: column.text(CategorySchema),
  location: column.text(plainText(LIMITS.location), { importDefault: '' }),
};

/** The curator state: never public, it decides whether the designer is listed (see designer-search.rules.ts). */
export const DESIGNER_STATE = {
  opted_in: column.boolean(z.boolean(), { importDefault: true }),
  status: column.text(PublicationStatusSchema, { importDefault: 'published' }),
};

/**
 * When the designer was listed: the stable "newest first" order. Not part of the public profile; an import
 * record may set it, and otherwise the store stamps the designer's first write.
 */
export const DESIGNER_LISTED_AT = {
  listed_at: column.instant(pastInstant()),
};

/** Listed, that is visible on every surface: published and opted in. */
export const DESIGNER_LISTED_RULE: ListedRule<ValuesOf<typeof DESIGNER_STATE>> = { state: { status: 'published', opted_in: true } };
