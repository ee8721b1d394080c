import { z } from 'zod';
import { DESIGNER_COLUMNS } from './designer.fields.ts';
import { shapeOf } from './field-set.ts';
import { type Role, RoleSchema } from './role.schema.ts';
import { LIMITS } from './text.schema.ts';

export { DesignerIdSchema, SLUG_PATTERN, SlugSchema } from './designer.fields.ts';

/** The public designer profile: exactly the fields of the spec, nothing internal. */
export const DesignerSchema = z
  .strictObject({
    ...shapeOf(DESIGNER_COLUMNS),
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

/** The designer's roles, current first, then the previous ones in their order. */
export function designerRoles(designer: Pick<Designer, 'current_role' | 'previous_roles'>): { role: Role; current: boolean }[] {
  const previous = designer.previous_roles.map((role) => ({ role, current: false }));
  return designer.current_role ? [{ role: designer.current_role, current: true }, ...previous] : previous;
}
