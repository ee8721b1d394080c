import { CATEGORY_GLOSSES } from '../domain/category.schema.ts';
import type { Designer } from '../domain/designer.schema.ts';

/** schema.org Person for a profile page, so search engines can read who the page is about. */
export function personJsonLd(designer: Designer, profileUrl: string): Record<string, unknown> {
  const role = designer.current_role;
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': profileUrl,
    url: profileUrl,
    name: designer.name,
    description: designer.description,
    image: designer.portfolio_preview,
    sameAs: [designer.website],
    knowsAbout: CATEGORY_GLOSSES[designer.category],
    ...(designer.location ? { homeLocation: { '@type': 'Place', name: designer.location } } : {}),
    ...(role
      ? {
          jobTitle: role.title,
          worksFor: { '@type': 'Organization', name: role.company, ...(role.company_url ? { url: role.company_url } : {}) },
        }
      : {}),
  };
}

/**
 * JSON for an inline <script type="application/ld+json">. JSON.stringify alone would let a value
 * containing "</script>" close the element; escaping <, > and & as \u sequences keeps the same JSON.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
