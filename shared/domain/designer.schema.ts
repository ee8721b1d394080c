import { z } from 'zod';
import { CategorySchema } from './category.schema.ts';
import { RoleSchema } from './role.schema.ts';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const SlugSchema = z
  // Also the slug query parameter, where an array means the parameter was repeated.
  .string({
    error: (issue) =>
      Array.isArray(issue.input) ? 'must be given at most once, not repeated' : 'must be a slug such as "ana-lopez"',
  })
  .min(1)
  .max(120)
  .regex(SLUG_PATTERN, { error: 'must be lowercase letters, digits and single hyphens, for example "ana-lopez"' });

export const DesignerIdSchema = z
  // Also the id query parameter, where an array means the parameter was repeated.
  .string({
    error: (issue) => (Array.isArray(issue.input) ? 'must be given at most once, not repeated' : 'must be a designer id'),
  })
  .min(1)
  .max(64);

/** The public designer profile: exactly the fields of the spec, nothing internal. */
export const DesignerSchema = z
  .strictObject({
    id: DesignerIdSchema,
    slug: SlugSchema,
    name: z.string().min(1).max(200),
    description: z.string().max(2000),
    website: z.url(),
    portfolio_preview: z.url(),
    category: CategorySchema,
    location: z.string().max(200),
    current_role: z.union([RoleSchema, z.null()]).describe("The current role; null when there is none."),
    previous_roles: z.array(RoleSchema),
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
