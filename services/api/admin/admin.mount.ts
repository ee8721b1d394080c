import type { Mount, MountContext } from '../mount.ts';

/** Admin routes under /api/admin; they exist only when ADMIN_TOKEN is set. */
export function adminMounts(_ctx: MountContext): Mount[] {
  return [];
}
