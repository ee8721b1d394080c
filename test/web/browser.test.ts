import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Designer } from '../../shared/domain/designer.schema.ts';
import { SITE_PAGE_RULES } from '../../shared/domain/pagination.ts';
import { BrowserSite, chromiumUnavailable, loadedImages, runAxe, SCREENSHOTS } from './browser.harness.ts';

interface List<T> {
  data: T[];
  meta: { total: number };
}

const VIEWPORTS = { desktop: { width: 1280, height: 900 }, mobile: { width: 390, height: 844 } } as const;

describe.skipIf(chromiumUnavailable())('pages in headless Chromium (embedded engine, sample directory)', () => {
  let site: BrowserSite;
  // The pages need no script (type-ahead is an enhancement): the journeys run with JavaScript off, which proves it.
  let noScript: BrowserContext;

  beforeAll(async () => {
    site = await BrowserSite.start();
    noScript = await site.browser.newContext({ javaScriptEnabled: false, baseURL: site.baseUrl });
  });

  afterAll(async () => {
    await noScript?.close();
    await site?.close();
  });

  async function open(path: string): Promise<Page> {
    const page = await noScript.newPage();
    await page.goto(path);
    return page;
  }

  const cardNames = (page: Page) => page.locator('.cards h3 a').allTextContents();

  it('finds a designer from a misspelt name typed into the form and submitted', async () => {
    const page = await open('/');
    await page.getByLabel('Name or keywords').fill('geraldin boyr');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/q=geraldin\+boyr/);
    expect(await page.locator('#results-title').textContent()).toBe('1 designer');
    expect(await cardNames(page)).toEqual(['Geraldine Boyer']);
    await page.close();
  });

  it('filters by category with the select, and shows what the API returns for the same parameters', async () => {
    const page = await open('/');
    await page.getByLabel('Category').selectOption('brand');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/category=brand/);
    const api = await site.api<List<Designer>>(`/api/v1/designers?category=brand&limit=${SITE_PAGE_RULES.defaultLimit}`);
    expect(await page.locator('#results-title').textContent()).toBe(`${api.meta.total} designers`);
    expect(await cardNames(page)).toEqual(api.data.map((d) => d.name));
    expect(new Set(await page.locator('.cards .tag').allTextContents())).toEqual(new Set(['Brand']));
    await page.close();
  });

  it('pages forward and back through the results', async () => {
    const page = await open('/');
    await page.getByRole('link', { name: 'Next page' }).click();
    const size = SITE_PAGE_RULES.defaultLimit;
    await page.waitForURL(new RegExp(`offset=${size}`));
    const api = await site.api<List<Designer>>(`/api/v1/designers?offset=${size}&limit=${size}`);
    expect(await cardNames(page)).toEqual(api.data.map((d) => d.name));
    expect(await page.locator('.results-head p').textContent()).toContain(`Showing ${size + 1}–${2 * size}`);
    await page.getByRole('link', { name: 'Previous page' }).click();
    await page.waitForURL((url) => !url.search.includes('offset'));
    const first = await site.api<List<Designer>>(`/api/v1/designers?limit=${size}`);
    expect(await cardNames(page)).toEqual(first.data.map((d) => d.name));
    await page.close();
  });

  it('opens a profile from a result card and follows its link back to search', async () => {
    const page = await open('/?q=geraldine%20boyer');
    await page.getByRole('link', { name: 'Geraldine Boyer' }).click();
    await page.waitForURL(/\/designer\/geraldine-boyer$/);
    expect(await page.locator('h1').textContent()).toBe('Geraldine Boyer');
    const designer = await site.api<{ data: Designer }>('/api/v1/designers/geraldine-boyer');
    expect(designer.data.profile_url).toBe(page.url());
    await page.getByRole('link', { name: 'Back to search' }).click();
    await page.waitForURL(`${site.baseUrl}/`);
    expect(await page.locator('h1').textContent()).toBe('Find a designer');
    await page.close();
  });

  it('runs the whole search form from the keyboard, with a visible focus ring', async () => {
    const page = await open('/');
    const focused = () => page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { activeElement: { id: string; textContent: string; tagName: string } } }).document;
      return { id: doc.activeElement.id, text: doc.activeElement.textContent.trim(), tag: doc.activeElement.tagName };
    });
    await page.keyboard.press('Tab');
    expect((await focused()).text).toBe('Skip to content');
    await page.keyboard.press('Enter');
    // The skip link lands in main; the next Tab reaches the first field.
    await page.keyboard.press('Tab');
    expect((await focused()).id).toBe('f-q');
    const outline = await page.evaluate(() => {
      const g = globalThis as unknown as { document: { activeElement: unknown }; getComputedStyle: (e: unknown) => { outlineStyle: string; outlineWidth: string } };
      const style = g.getComputedStyle(g.document.activeElement);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
    expect(outline).toBe('solid 3px');
    await page.keyboard.type('designer');
    // The button sits beside the search box; on a wide screen the filters follow it, shown inline.
    await page.keyboard.press('Tab');
    expect((await focused()).tag).toBe('BUTTON');
    await page.keyboard.press('Tab');
    expect((await focused()).id).toBe('f-category');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    expect((await focused()).id).toBe('f-location');
    await page.keyboard.type('US');
    await page.keyboard.press('Tab');
    expect((await focused()).id).toBe('f-company');
    // Enter in a field submits the form.
    await page.keyboard.press('Enter');
    await page.waitForURL(/category=brand/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'designer', category: 'brand', location: 'US', company: '' });
    await page.close();
  });

  it('has no serious or critical axe-core violations on the search page, a profile and the open roles', async () => {
    // axe is injected as an inline script, which the pages' CSP rightly forbids: bypassed here only.
    const context = await site.browser.newContext({ bypassCSP: true, baseURL: site.baseUrl });
    try {
      for (const path of ['/', '/?category=designers', '/designer/geraldine-boyer', '/open-roles']) {
        const page = await context.newPage();
        await page.goto(path);
        const violations = (await runAxe(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(violations, `${path}: ${JSON.stringify(violations)}`).toEqual([]);
        await page.close();
      }
    } finally {
      await context.close();
    }
  });

  it('keeps every page, at its largest (100 results), under 100 KB of HTML and CSS', async () => {
    const css = await (await fetch(`${site.baseUrl}/assets/site.css`)).arrayBuffer();
    for (const path of ['/', '/?limit=100', '/open-roles?limit=100', '/designer/geraldine-boyer', '/docs']) {
      const response = await fetch(`${site.baseUrl}${path}`);
      expect(response.status).toBe(200);
      const html = await response.arrayBuffer();
      expect(html.byteLength + css.byteLength, path).toBeLessThan(100 * 1024);
    }
  });

  it('renders the API reference from the served OpenAPI document under its CSP, and saves screenshots', async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      const context = await site.browser.newContext({ viewport, baseURL: site.baseUrl });
      try {
        const page = await context.newPage();
        const cspErrors: string[] = [];
        page.on('console', (message) => {
          const text = message.text();
          // Redoc's badge logo comes from its CDN; the docs CSP refuses it on purpose (the badge is hidden).
          if (message.type() === 'error' && /Content.Security.Policy/i.test(text) && !text.includes('cdn.redoc.ly')) cspErrors.push(text);
        });
        for (const [name, path] of [['search', '/'], ['profile', '/designer/geraldine-boyer'], ['open-roles', '/open-roles']] as const) {
          await page.goto(path);
          // Lazy images load as they are scrolled to: all of them, before a screenshot of the whole page.
          await loadedImages(page);
          await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
        }
        await page.goto('/docs');
        // Redoc has rendered when the operations of the document appear.
        await page.locator('h2', { hasText: 'List and search designers' }).waitFor({ timeout: 30_000 });
        expect(await page.getByRole('heading', { name: 'Connect an MCP client' }).count()).toBe(1);
        await page.screenshot({ path: join(SCREENSHOTS, `docs-${width}.png`), fullPage: false });
        await page.locator('h2', { hasText: 'List and search designers' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SCREENSHOTS, `docs-reference-${width}.png`), fullPage: false });
        expect(cspErrors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
