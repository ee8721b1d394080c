import { CATEGORIES, CATEGORY_GLOSSES } from '../domain/category.schema.ts';
import { EMPLOYMENT_TYPES } from '../domain/open-role.schema.ts';
import type { SiteUrls } from './site-urls.ts';

/** /llms.txt (llmstxt.org): what the directory is and how a model can query it, in Markdown. */
export function renderLlmsTxt(urls: SiteUrls): string {
  const api = urls.absolute('/api/v1');
  return `# Designer Directory

> A public, read-only directory of curated designers and open design roles. Search it over a JSON REST API (${api}) or through MCP tools (${urls.absolute('/api/mcp')}). No authentication. Every designer has a profile page at ${urls.absolute('/designer/<slug>')}; cite it as profile_url.

Designer categories: ${CATEGORIES.map((c) => `${c} (${CATEGORY_GLOSSES[c]})`).join('; ')}. The plurals "directors" and "engineers" are accepted as aliases.

Filters combine with AND. \`q\` is typo-tolerant free text over names, descriptions, role titles and companies ("brand designers not in London", "not at Google", "excluding Buck", "no juniors" leave those out); \`location\` and \`company\` match whole words or word prefixes in order ("US", "Berlin", "remote"; a code of one or two letters alone is the country or city it stands for: "DE" is Germany, not Denmark); a location also matches by its country's name, its region ("Europe", "EMEA", "APAC", "LATAM") and its city's other names ("NYC"). Pages hold \`limit\` results (default 50, at most 100); \`offset+limit\` may not pass 10000, deeper pages follow \`meta.next_cursor\` as \`cursor\`. Errors are \`{success: false, error, details: [{parameter, message}]}\` with status 400.

## REST API

- [Search designers](${api}/designers?category=brand&location=US&limit=3): GET ${api}/designers with \`q\`, \`slug\`, \`id\`, \`category\`, \`location\`, \`company\`, \`facets\` (comma list of category, country, company, remote: adds meta.facets, top 10 values with exact counts), \`highlight\` (true: each designer's match says why it matched, with <mark> fragments), \`limit\`, \`offset\`, \`cursor\`. Example: ${api}/designers?q=geraldin%20boyr
- [Get one designer](${api}/designers/geraldine-boyer): GET ${api}/designers/{slug}; 404 when no listed designer has the slug
- [Similar designers](${api}/designers/geraldine-boyer/similar?limit=3): GET ${api}/designers/{slug}/similar with \`limit\` (1 to 20, default 6); listed designers most like this one by role titles, companies, description and category, never the designer itself
- [Type-ahead](${api}/suggest?q=des): GET ${api}/suggest with \`q\` (1 to 100 characters) and \`limit\` (1 to 8, default 8); completions of the last word across names, titles, companies and places, each \`{text, kind, count}\`
- [List open roles](${api}/open-roles?remote=true&limit=3): GET ${api}/open-roles with \`q\`, \`category\`, \`location\`, \`company\`, \`remote\` (true/false), \`employment_type\` (${EMPLOYMENT_TYPES.join(', ')}), \`limit\`, \`offset\`, \`cursor\`; featured first, expired listings never returned
- [OpenAPI 3.1 document](${api}/openapi.json): every parameter and response schema
- [API index](${api}/): every operation at its URL, and links to the rest

## MCP

- [Hosted MCP server](${urls.absolute('/api/mcp')}): Streamable HTTP, stateless, POST only, no authentication
- Tools: \`search_designers\` (q, category, location, company, facets, highlight, limit 10 by default and at most 50, offset or cursor), \`get_designer\` (slug or id), \`list_open_roles\` (q, category, location, company, remote, employment_type, limit, offset, cursor)

## Optional

- [Search page](${urls.absolute('/')}): the same search for people, one URL per result page
- [Open roles page](${urls.absolute('/open-roles')})
- [API and MCP reference](${urls.absolute('/docs')})
- [Sitemap](${urls.absolute('/sitemap.xml')}): every listed profile
`;
}
