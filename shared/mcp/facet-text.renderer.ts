import type { DesignerFacets } from '../domain/designer-facets.schema.ts';
import { locationCodeNames } from '../search/location-names.ts';

/**
 * The facets of a search as one line a model reads ("country: Germany (DE) 14, United Kingdom (GB) 9"),
 * each value as the filter takes it, so an agent can narrow without guessing.
 */
export function renderFacets(facets: DesignerFacets | undefined): string {
  if (!facets) return '';
  const parts: string[] = [];
  const list = <V>(values: { value: V; count: number }[], label: (value: V) => string) =>
    values.length > 0 ? values.map(({ value, count }) => `${label(value)} ${count}`).join(', ') : 'none';
  if (facets.category) parts.push(`category: ${list(facets.category, String)}`);
  if (facets.country) parts.push(`country (location=code): ${list(facets.country, countryLabel)}`);
  if (facets.company) parts.push(`company: ${list(facets.company, String)}`);
  if (facets.remote) parts.push(`remote location: ${list(facets.remote, (value) => (value ? 'yes' : 'no'))}`);
  return parts.length > 0 ? `Facets (designers per value, over all matches): ${parts.join('; ')}` : '';
}

function countryLabel(code: string): string {
  const name = locationCodeNames(code)[0];
  return name ? `${name} (${code})` : code;
}
