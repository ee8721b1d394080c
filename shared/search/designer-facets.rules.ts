import type { Category } from '../domain/category.schema.ts';
import { type DesignerFacets, FACET_SIZE, type FacetName } from '../domain/designer-facets.schema.ts';
import type { Designer } from '../domain/designer.schema.ts';
import { designerRoles } from './designer-search.rules.ts';
import { isRemoteLocation, locationCountryCode } from './location-names.ts';

/**
 * What each facet counts, for both engines: Elasticsearch indexes these values (designer.document.ts) and
 * aggregates them, the Postgres engine computes them from the same columns. One function per value, so
 * the engines cannot count differently.
 */

/** The facet values of one designer besides its category (a column on both engines). */
export interface DesignerFacetValues {
  /** ISO code of the location's country, as the location filter reads it; null when it names none. */
  country: string | null;
  /** Whether the location says "remote" (a word of it, as `location=remote` matches). */
  remote: boolean;
  /** Every role's company as written, each once. */
  companies: string[];
}

export function locationFacetValues(location: string | null | undefined): Pick<DesignerFacetValues, 'country' | 'remote'> {
  return { country: locationCountryCode(location), remote: isRemoteLocation(location) };
}

export function designerFacetValues(designer: Pick<Designer, 'location' | 'current_role' | 'previous_roles'>): DesignerFacetValues {
  return {
    ...locationFacetValues(designer.location),
    companies: [...new Set(designerRoles(designer).map(({ role }) => role.company))],
  };
}

/**
 * Values by count, most first, then by value in code-point order: the order of Elasticsearch's terms
 * keys (UTF-8 bytes) and of Postgres' "C" collation, so a tie at the cut-off keeps the same values.
 */
export function compareFacetCounts<V extends string | boolean>(a: { value: V; count: number }, b: { value: V; count: number }): number {
  if (a.count !== b.count) return b.count - a.count;
  // UTF-8 bytes compare in code-point order (JavaScript's < compares UTF-16 units).
  return Buffer.compare(Buffer.from(String(a.value)), Buffer.from(String(b.value)));
}

/** The top FACET_SIZE of counted values, in facet order; values with no designer are left out. */
export function topFacetValues<V extends string | boolean>(counts: Iterable<readonly [V, number]>): { value: V; count: number }[] {
  return [...counts]
    .filter(([, count]) => count > 0)
    .map(([value, count]) => ({ value, count }))
    .sort(compareFacetCounts)
    .slice(0, FACET_SIZE);
}

/**
 * The country and remote facets from designers counted per location as written: many designers share a
 * location, so an engine counts locations and this reads each location once.
 */
export function locationFacets(perLocation: Iterable<{ location: string; count: number }>): { country: Map<string, number>; remote: Map<boolean, number> } {
  const country = new Map<string, number>();
  const remote = new Map<boolean, number>();
  for (const { location, count } of perLocation) {
    const values = locationFacetValues(location);
    if (values.country) country.set(values.country, (country.get(values.country) ?? 0) + count);
    remote.set(values.remote, (remote.get(values.remote) ?? 0) + count);
  }
  return { country, remote };
}

export type FacetCounts = {
  category?: Iterable<readonly [Category, number]>;
  country?: Iterable<readonly [string, number]>;
  company?: Iterable<readonly [string, number]>;
  remote?: Iterable<readonly [boolean, number]>;
};

/** The answer for the facets asked for, from each engine's counts. */
export function toDesignerFacets(names: readonly FacetName[], counts: FacetCounts): DesignerFacets {
  const facets: DesignerFacets = {};
  for (const name of names) {
    if (name === 'category') facets.category = topFacetValues(counts.category ?? []);
    if (name === 'country') facets.country = topFacetValues(counts.country ?? []);
    if (name === 'company') facets.company = topFacetValues(counts.company ?? []);
    if (name === 'remote') facets.remote = topFacetValues(counts.remote ?? []);
  }
  return facets;
}
