import type { SiteUrls } from './site-urls.ts';

/** Pages and the read API may be crawled; curator routes and the MCP endpoint are not for crawlers. */
export function renderRobotsTxt(urls: SiteUrls): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/admin/', 'Disallow: /api/mcp', '', `Sitemap: ${urls.absolute('/sitemap.xml')}`, ''].join('\n');
}
