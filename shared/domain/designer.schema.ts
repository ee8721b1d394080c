import { z } from 'zod';
import { CategorySchema } from './category.schema.ts';
import { RoleSchema } from './role.schema.ts';
import { cleanText, LIMITS, plainText, webUrl } from './text.schema.ts';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const SlugSchema = z
  // Also the slug query parameter, where an array means the parameter was repeated.
  .string({
    error: (issue) =>
      Array.isArray(issue.input) ? 'must be given at most once, not repeated' : 'must be a slug such as "ana-lopez"',
  })
  .min(1)
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

/** The public designer profile: exactly the fields of the spec, nothing internal. */
export const DesignerSchema = z
  .strictObject({
    id: DesignerIdSchema,
    slug: SlugSchema,
    name: plainText(LIMITS.name, 1),
    description: plainText(LIMITS.designerDescription),
    website: webUrl(),
    portfolio_preview: webUrl(),
    category: CategorySchema,
    location: plainText(LIMITS.location),
    current_role: z.union([RoleSchema, z.null()]).describe("The current role; null when there is none."),
    previous_roles: z
      .array(RoleSchema)
      .max(LIMITS.previousRoles, { error: `must hold at most ${LIMITS.previousRoles} roles` }),
    profile_url: z.url(),
  })
  .meta({ id: 'Designer', description: 'A designer profile.' });
export type Designer = z.infer<typeof DesignerSchema>;

/**
 * What the search index needs besides the public profile: when the designer was listed (for the
 * stable "newest first" order) and the source version (for external versioning).
 */
export const IndexedDesignerSchema = z.object({
  designer: DesignerSchema,
  listed_at: z.iso.datetime({ offset: true }),
  version: z.number().int().nonnegative(),
});
export type IndexedDesigner = z.infer<typeof IndexedDesignerSchema>;

export function profileUrl(publicBaseUrl: string, slug: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/designer/${slug}`;
}
