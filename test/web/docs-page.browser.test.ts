import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSite, chromiumUnavailable, runAxe, SCREENSHOTS } from './browser.harness.ts';

const VIEWPORTS = { desktop: { width: 1280, height: 900 }, mobile: { width: 390, height: 844 } } as const;

/**
 * /docs as a reader sees it, with Redoc rendered (JavaScript on, under the page's own CSP): nothing is
 * fetched from another host, the public operations come before the curator ones, no box is cut off, and axe
 * finds nothing.
 */
describe.skipIf(chromiumUnavailable())('/docs in headless Chromium (embedded engine)', () => {
  const site = browserSite();

  it.each(Object.entries(VIEWPORTS))('%s: no request leaves the host, no console error, the public API first, no box cut off', async (width, viewport) => {
    const context = await site().browser.newContext({ viewport, baseURL: site().baseUrl });
    try {
      const page = await context.newPage();
      const requests: string[] = [];
      const errors: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto('/docs');
      await page.locator('h2', { hasText: 'List and search designers' }).waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');

      const host = new URL(site().baseUrl).host;
      const elsewhere = requests.filter((url) => !url.startsWith('blob:') && !url.startsWith('data:') && new URL(url).host !== host);
      expect(elsewhere).toEqual([]);
      expect(errors).toEqual([]);

      // The reference's operations in page order: every public one before the first admin one.
      const headings = await page.locator('.api-reference h2').allTextContents();
      const firstAdmin = headings.findIndex((t) => /job|reindex|rebuild/i.test(t));
      const lastPublic = Math.max(...['List and search designers', 'Get one designer by slug', 'List open design roles'].map((t) => headings.findIndex((h) => h.includes(t))));
      expect(firstAdmin, headings.join(' | ')).toBeGreaterThan(lastPublic);
      expect(await page.locator('.api-reference').getByText('Curator operations', { exact: false }).count()).toBeGreaterThan(0);

      // No code box of the guide wider than the box that holds it (cut off or scrolled sideways).
      const cut = await page.evaluate(() => {
        const doc = (globalThis as unknown as { document: { querySelectorAll: (s: string) => { scrollWidth: number; clientWidth: number; textContent: string }[] } }).document;
        return [...doc.querySelectorAll('.docs-section pre')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent.slice(0, 60));
      });
      expect(cut).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOTS, `docs-guide-${width}.png`), fullPage: false });
    } finally {
      await context.close();
    }
  });

  it('has no axe-core violations, with the reference rendered', async () => {
    // axe is injected as an inline script, which the page's CSP rightly forbids: bypassed here only.
    const context = await site().browser.newContext({ bypassCSP: true, baseURL: site().baseUrl });
    try {
      const page = await context.newPage();
      await page.goto('/docs');
      await page.locator('h2', { hasText: 'List and search designers' }).waitFor({ timeout: 30_000 });
      const violations = await runAxe(page);
      expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
