import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SITE_PAGE_RULES } from '../../shared/domain/pagination.ts';
import { type BrowserSite, browserSite, chromiumUnavailable, loadedImages, runAxe, SCREENSHOTS } from './browser.harness.ts';

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const PAGES = [
  ['search', '/', 200],
  ['search-query', '/?q=brand%20designer&location=europe', 200],
  ['profile', '/designer/ana-lopez', 200],
  ['open-roles', '/open-roles', 200],
  ['not-found', '/designer/ana-lpez', 404],
  ['bad-request', '/?category=designers', 400],
] as const;

describe.skipIf(chromiumUnavailable())('directory pages at phone and desktop sizes (embedded engine, sample directory)', () => {
  const site = browserSite();

  async function withContext<T>(options: Parameters<BrowserSite['browser']['newContext']>[0], use: (context: BrowserContext) => Promise<T>): Promise<T> {
    const context = await site().browser.newContext({ baseURL: site().baseUrl, ...options });
    try {
      return await use(context);
    } finally {
      await context.close();
    }
  }

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`${size}: every image loads, no request leaves the host, and each page is saved as a screenshot`, async () => {
      await withContext({ viewport }, async (context) => {
        const outside: string[] = [];
        context.on('request', (request) => {
          const url = new URL(request.url());
          if (url.protocol !== 'data:' && url.origin !== site().baseUrl) outside.push(request.url());
        });
        const page = await context.newPage();
        for (const [name, path, status] of PAGES) {
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(status);
          const images = await loadedImages(page);
          // Taken once every image has loaded: a lazy one still loading would show as its grey box.
          await page.screenshot({ path: join(SCREENSHOTS, `${name}-${size}.png`) });
          // Cards and profiles show avatars and previews; open roles and error pages have no image.
          if (name.startsWith('search') || name === 'profile') expect(images.length, path).toBeGreaterThan(0);
          expect(images.filter((i) => i.naturalWidth === 0), path).toEqual([]);
        }
        expect(outside).toEqual([]);
      });
    }, 180_000);

    it(`${size}: axe-core finds no violation on any page`, async () => {
      // axe is injected as an inline script, which the pages' CSP rightly forbids: bypassed here only.
      await withContext({ viewport, bypassCSP: true }, async (context) => {
        for (const [, path] of PAGES) {
          const page = await context.newPage();
          await page.goto(path);
          const violations = await runAxe(page);
          expect(violations, `${path}: ${JSON.stringify(violations)}`).toEqual([]);
          await page.close();
        }
      });
    }, 240_000);
  }

  it('phone: the first result is above the fold, with or without a query', async () => {
    await withContext({ viewport: VIEWPORTS.phone }, async (context) => {
      const page = await context.newPage();
      for (const path of ['/', '/?q=brand%20designer&location=europe', '/?category=brand&location=US']) {
        await page.goto(path);
        const name = await page.locator('.cards > li h3 a').first().boundingBox();
        const thumb = await page.locator('.cards > li .thumb').first().boundingBox();
        expect(name, path).not.toBeNull();
        expect(name!.y + name!.height, path).toBeLessThanOrEqual(VIEWPORTS.phone.height);
        expect(thumb!.y + thumb!.height, path).toBeLessThanOrEqual(VIEWPORTS.phone.height);
      }
      // The filters wait behind their disclosure until asked for; the summary counts those set.
      await page.goto('/?category=brand');
      expect(await page.getByLabel('Category').isVisible()).toBe(false);
      expect(await page.locator('details.filters > summary').textContent()).toBe('Filters (1 set)');
      await page.locator('details.filters > summary').click();
      expect(await page.getByLabel('Category').isVisible()).toBe(true);
      // A filter the search refused opens them, next to its message.
      await page.goto('/?category=designers');
      expect(await page.getByLabel('Category').isVisible()).toBe(true);
    });
  }, 120_000);

  it('facet counts: folded above the results on a phone, in view beside them on a desktop', async () => {
    const motion = (page: Page) => page.locator('.facet a', { hasText: 'Motion' });
    await withContext({ viewport: VIEWPORTS.phone }, async (context) => {
      const page = await context.newPage();
      await page.goto('/');
      const summary = page.locator('details.refine > summary');
      const first = await page.locator('.cards > li').first().boundingBox();
      expect((await summary.boundingBox())!.y).toBeLessThan(first!.y);
      expect(await motion(page).isVisible()).toBe(false);
      await summary.click();
      expect(await motion(page).isVisible()).toBe(true);
      // Unfolded, the counts fit the screen: nothing scrolls sideways.
      const widths = await page.evaluate(() => {
        const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
        return [root.scrollWidth, root.clientWidth];
      });
      expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
      // A count links to the search with its filter set.
      await motion(page).click();
      await page.waitForURL(/category=motion/);
      expect(await page.locator('.cards .tag').first().textContent()).toBe('Motion');
    });
    await withContext({ viewport: VIEWPORTS.desktop }, async (context) => {
      const page = await context.newPage();
      await page.goto('/');
      expect(await motion(page).isVisible()).toBe(true);
      expect(await page.locator('details.refine > summary').isVisible()).toBe(false);
    });
  }, 120_000);

  it('a page of results stays short: 24 cards, under 3,600 px on a desktop and 6,500 px on a phone (50 cards made 10,700)', async () => {
    const scrollHeight = (page: Page) =>
      page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document.documentElement.scrollHeight);
    for (const [viewport, most] of [
      [VIEWPORTS.desktop, 3_600],
      [VIEWPORTS.phone, 6_500],
    ] as const) {
      await withContext({ viewport }, async (context) => {
        const page = await context.newPage();
        for (const path of ['/', '/?q=designer']) {
          await page.goto(path);
          expect(await page.locator('.cards > li').count(), path).toBe(SITE_PAGE_RULES.defaultLimit);
          expect(await scrollHeight(page), `${path} at ${viewport.width} px`).toBeLessThan(most);
        }
        // On a desktop the filters are in view beside the results.
        if (viewport === VIEWPORTS.desktop) expect(await page.getByLabel('Category').isVisible()).toBe(true);
      });
    }
  }, 120_000);

  it('a mistyped profile address offers the search that finds the person (docs/pages.md)', async () => {
    await withContext({}, async (context) => {
      const page = await context.newPage();
      await page.goto('/designer/ana-lpez');
      await page.getByRole('link', { name: '“ana lpez”' }).click();
      await page.waitForURL(/\?q=ana\+lpez$/);
      expect(await page.locator('.cards h3 a').first().textContent()).toBe('Ana López');
    });
  }, 60_000);

  it('a remote preview that fails to load falls back to the generated one, under the page CSP', async () => {
    await withContext({ viewport: VIEWPORTS.desktop }, async (context) => {
      const page = await context.newPage();
      // The profile as a curator's record with a preview hosted elsewhere would render it; that host never
      // answers (the request is refused here, so nothing leaves the machine).
      await page.route('**/designer/ana-lopez', async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          'src="/images/designers/ana-lopez/preview.svg"',
          'src="https://previews.invalid/ana-lopez.jpg" data-fallback="/images/designers/ana-lopez/preview.svg"',
        );
        await route.fulfill({ response, body: html });
      });
      await page.route('https://previews.invalid/**', (route) => route.abort('namenotresolved'));
      await page.goto('/designer/ana-lopez');
      const preview = page.locator('img.preview');
      await expect.poll(() => preview.getAttribute('src'), { timeout: 15_000 }).toBe('/images/designers/ana-lopez/preview.svg');
      await expect.poll(() => preview.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    });
  }, 120_000);
});
