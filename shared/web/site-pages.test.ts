import { describe, expect, it } from 'vitest';
import { buildDesigner } from '../domain/designer.builder.ts';
import { renderLlmsTxt } from './llms-txt.renderer.ts';
import { renderRobotsTxt } from './robots-txt.renderer.ts';
import { createSitePages } from './site-pages.tsx';

const pages = createSitePages({ publicBaseUrl: 'https://directory.example/', stylesheet: '/assets/site.css?v=1' });

const designer = buildDesigner({
  id: 'd1',
  slug: 'x',
  name: '<script>alert("x")</script>',
  description: 'Says "hi" & <b>bold</b>',
  website: 'https://x.example/?a=1&b=2',
  portfolio_preview: 'https://images.example/x.jpg',
  category: 'brand',
  location: 'Lisbon, PT',
  previous_roles: [{ title: '<i>Lead</i>', company: 'Acme', company_url: null }],
  profile_url: 'https://directory.example/designer/x',
});

const headings = (html: string) => [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));

describe('site pages', () => {
  it('escapes every stored value in text and attributes', () => {
    const html = pages.profile(designer);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>bold');
    expect(html).not.toContain('<i>Lead');
    expect(html).toContain('&lt;script>alert(&quot;x&quot;)&lt;/script>');
    expect(html).toContain('href="https://x.example/?a=1&amp;b=2"');
  });

  it('keeps one h1 and no skipped heading level on every page', () => {
    const page = { items: [designer], total: 1, limit: 50, offset: 0, hasMore: false, nextCursor: null };
    for (const html of [
      pages.profile(designer),
      pages.designerSearch({ query: {}, page }),
      pages.designerSearch({ query: { category: 'nope' }, problems: [{ parameter: 'categroy', message: 'is not a known parameter' }] }),
      pages.docs({ redocScript: '/r.js' }),
      pages.error(404, 'gone'),
    ]) {
      const levels = headings(html);
      expect(levels.filter((l) => l === 1)).toHaveLength(1);
      levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
    }
  });

  it('gives every absolute link the public base URL, once, without a double slash', () => {
    const html = pages.profile(designer);
    expect(html).toContain('<link rel="canonical" href="https://directory.example/designer/x"/>');
    expect(renderRobotsTxt(pages.urls)).toContain('Sitemap: https://directory.example/sitemap.xml');
    expect(renderLlmsTxt(pages.urls)).toContain('https://directory.example/api/v1/designers?');
  });
});
