import type { Designer } from '../domain/designer.schema.ts';
import type { DesignerFilters } from '../domain/designer-search.schema.ts';
import type { OpenRole } from '../domain/open-role.schema.ts';
import type { OpenRoleFilters } from '../domain/open-role-search.schema.ts';
import type { Page, PageRequest } from '../domain/pagination.ts';

export type DesignerKey = { slug: string } | { id: string };

/**
 * What the read path needs from a search engine. Implementations return plain domain objects and raise
 * the domain errors (InvalidInputError for a bad cursor, BackendUnavailableError when the engine is
 * down or slow); nothing of the engine leaks through.
 */
export interface SearchPort {
  searchDesigners(filters: DesignerFilters, page: PageRequest): Promise<Page<Designer>>;
  findDesigner(key: DesignerKey): Promise<Designer | null>;
  searchOpenRoles(filters: OpenRoleFilters, page: PageRequest, now: Date): Promise<Page<OpenRole>>;
  /** True when the engine answers and the indices exist. */
  isReady(): Promise<boolean>;
}
