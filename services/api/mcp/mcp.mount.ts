import type { Mount, MountContext } from '../mount.ts';

/** The hosted MCP server at /api/mcp. */
export function mcpMounts(_ctx: MountContext): Mount[] {
  return [];
}
