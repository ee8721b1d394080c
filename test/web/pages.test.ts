import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import { load as loadHtml, type CheerioAPI } from 'cheerio';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../services/api/app.ts';
import { loadConfig } from '../../shared/config/config.schema.ts';
import { buildDesignerRecord } from '../../shared/domain/designer.builder.ts';
import { createLogger } from '../../shared/logging/logger.ts';
import { createElasticsearchClient } from '../../shared/search/elasticsearch/es-client.factory.ts';
import { ElasticsearchSearchRepository } from '../../shared/search/elasticsearch/es-search.repository.ts';
import { indexNames } from '../../shared/search/elasticsearch/index-names.ts';
import { contractEngines, type LoadedEngine } from '../contract/engines.ts';
import { SITE_PAGE_RULES } from '../../shared/domain/pagination.ts';
import { type DesignerFixture, DESIGNERS, LISTED, NOW, PUBLIC_BASE_URL } from '../contract/fixtures.ts';

/**
 * Every page and site file over real HTTP, on the embedded engine (PGlite with the Postgres search
 * engine) and on Elasticsearch, each loaded with the contract fixtures plus one hostile record.
 */

const HOSTILE: DesignerFixture = {
  ...buildDesignerRecord({
    slug: 'script-kiddie',
    name: '<script>alert(1)</script>',
    description: '</script><script>alert(2)</script> & "quotes"',
    website: 'https://script-kiddie.example',
    portfolio_preview: 'https://images.example/script-kiddie.jpg',
    location: 'Lisbon, PT',
    current_role: { title: 'Designer', company: '<img src=x onerror=alert(3)>', company_url: null },
  }),
  id: 'd99',
  // Newest listed: first on the unfiltered search page.
  listed_at: NOW.toISOString(),
};

const UNLISTED = DESIGNERS.filter((d) => !LISTED.includes(d));
const LISTED_SLUGS = [...LISTED.map((d) => d.slug), HOSTILE.slug];
const SPLIT_AT = 10;
const ELSEWHERE = 'http://localhost:3720';

interface Fetched {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** A plain GET (fetch() would add cache headers of its own to a conditional request). */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function listen(app: ReturnType<typeof createApp>['app']): Promise<{ server: Server; base: string }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'sitemap' });

function parseXml(text: string): Record<string, { url?: { loc: string }[]; sitemap?: { loc: string }[]; '@_xmlns': string }> {
  expect(XMLValidator.validate(text)).toBe(true);
  return xml.parse(text);
}

const run = promisify(execFile);
const REDOCLY = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'redocly');

const engines = contractEngines.filter((b) => b.name !== 'postgres');

describe.each(engines)('web pages on $name', (engine) => {
  const reason = engine.unavailable();
  let loaded: LoadedEngine;
  const servers: Server[] = [];
  let base: string;
  let splitBase: string;
  let elsewhereBase: string;

  beforeAll(async () => {
    if (reason) throw new Error(reason);
    loaded = await engine.load();
    await loaded.addDesigner(HOSTILE);
    const config = loadConfig({ PUBLIC_BASE_URL, CACHE_MAX_AGE_SECONDS: '60', LOG_LEVEL: 'silent' });
    const logger = createLogger('silent', 'web-pages');
    const deps = { search: loaded.search, config, logger, now: () => NOW };
    const main = await listen(createApp(deps).app);
    const split = await listen(createApp({ ...deps, sitemapMaxUrls: SPLIT_AT }).app);
    // The same index served under another address (as after a move, or the worker and the API configured apart).
    const elsewhereConfig = loadConfig({ PUBLIC_BASE_URL: ELSEWHERE, LOG_LEVEL: 'silent' });
    const elsewhere = await listen(createApp({ ...deps, config: elsewhereConfig }).app);
    servers.push(main.server, split.server, elsewhere.server);
    base = main.base;
    splitBase = split.base;
    elsewhereBase = elsewhere.base;
  });

  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    await loaded?.close();
  });

  async function page(path: string): Promise<Fetched & { $: CheerioAPI }> {
    const response = await get(base, path);
    return { ...response, $: loadHtml(response.text) };
  }

  async function api<T>(path: string): Promise<T> {
    return JSON.parse((await get(base, path)).text) as T;
  }

  /** The pages' page size, which the API's lists are asked for to compare with them. */
  const PAGE = SITE_PAGE_RULES.defaultLimit;
  const cardSlugs = ($: CheerioAPI) => $('.cards h3 a').map((_, a) => $(a).attr('href')!.replace('/designer/', '')).get();

  describe('search page /', () => {
    it('loads the type-ahead script from its own origin, deferred, and the form stays a plain GET form', async () => {
      const { $ } = await page('/?q=acme');
      const form = $('form.search-form');
      expect(form.attr('method')).toBe('get');
      expect(form.attr('data-suggest')).toBe('/api/v1/suggest');
      const src = $('script[src^="/assets/suggest.js"]').attr('src')!;
      expect(src).toMatch(/^\/assets\/suggest\.js\?v=[0-9a-f]{12}$/);
      expect($('script:not([src]):not([type="application/ld+json"])')).toHaveLength(0);
      const script = await get(base, src);
      expect(script.status).toBe(200);
      expect(script.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(script.text).toContain('/api/v1/suggest'.replace('/api/v1/suggest', "getAttribute('data-suggest')"));
    });

    it('lists what GET /api/v1/designers lists, as HTML under a strict CSP, with ETag and Cache-Control', async () => {
      const { status, headers, $ } = await page('/');
      expect(status).toBe(200);
      expect(headers['content-type']).toBe('text/html; charset=utf-8');
      expect(headers['content-security-policy']).toContain("default-src 'none'");
      // Script files of our own origin only (image fallback, type-ahead); no inline script.
      expect(headers['content-security-policy']).toContain("script-src 'self';");
      expect(headers['content-security-policy']).not.toContain('unsafe-inline');
      expect($('script[src]').map((_, s) => $(s).attr('src')).get()).toEqual([
        expect.stringMatching(/^\/assets\/image-fallback\.js\?v=/),
        expect.stringMatching(/^\/assets\/suggest\.js\?v=/),
      ]);
      expect(headers['cache-control']).toBe('public, max-age=60');
      expect(headers.etag).toMatch(/^W\//);
      const body = await api<{ data: { slug: string }[]; meta: { total: number } }>(`/api/v1/designers?limit=${PAGE}`);
      expect(cardSlugs($)).toEqual(body.data.map((d) => d.slug));
      expect($('#results-title').text()).toBe(`${body.meta.total} designers`);
      expect($('link[rel=canonical]').attr('href')).toBe(`${PUBLIC_BASE_URL}/`);
      expect($('h1').length).toBe(1);
      expect($('label[for=f-q]').text()).toBe('Name or keywords');

      const again = await get(base, '/', { 'If-None-Match': headers.etag! });
      expect(again.status).toBe(304);
    });

    it('reads blank form fields as "any" and the rest exactly as the API does', async () => {
      const { status, $ } = await page('/?q=&category=brand&location=&company=');
      expect(status).toBe(200);
      const body = await api<{ data: { slug: string }[] }>(`/api/v1/designers?category=brand&limit=${PAGE}`);
      expect(cardSlugs($)).toEqual(body.data.map((d) => d.slug));
      expect($('#f-category option[selected]').attr('value')).toBe('brand');
      expect($('link[rel=canonical]').attr('href')).toBe(`${PUBLIC_BASE_URL}/?category=brand`);
    });

    it('shows the API message next to the field, with status 400, for invalid input', async () => {
      for (const [query, parameter] of [
        ['category=designers', 'category'],
        ['q=' + 'x'.repeat(201), 'q'],
      ] as const) {
        const apiError = await api<{ details: { parameter: string; message: string }[] }>(`/api/v1/designers?${query}`);
        const { status, headers, $ } = await page(`/?${query}`);
        expect(status).toBe(400);
        expect(headers['cache-control']).toBe('no-store');
        expect($(`#${parameter}-error`).text()).toBe(apiError.details.find((d) => d.parameter === parameter)!.message);
        expect($(`#f-${parameter}`).attr('aria-invalid')).toBe('true');
        expect($(`#f-${parameter}`).attr('aria-describedby')).toContain(`${parameter}-error`);
        expect($('.cards').length).toBe(0);
        expect($('meta[name=robots]').attr('content')).toBe('noindex');
      }
      // A NUL typed in a field: refused, and shown back as U+FFFD, never as a raw control character in the page.
      const nul = await page('/?q=a%00b&location=%01US');
      expect(nul.status).toBe(400);
      expect([nul.text.includes('\u0000'), nul.text.includes('\u0001')]).toEqual([false, false]);
      expect(nul.$('#f-q').attr('value')).toBe('a\uFFFDb');
      expect(nul.$('#q-error').text()).not.toBe('');
      // A right-to-left override: refused, and not shown back to turn the page's title around.
      const override = await page('/?q=a%E2%80%AEb');
      expect(override.status).toBe(400);
      expect(override.text.includes('\u202E')).toBe(false);
      expect(override.$('#f-q').attr('value')).toBe('a\uFFFDb');
      // A parameter without a field of its own is named in the summary, as the API names it.
      const unknown = await page('/?limit=abc');
      expect(unknown.status).toBe(400);
      const summary = unknown.$('.error-summary li').map((_, li) => unknown.$(li).text()).get();
      expect(summary).toEqual(['limit must be a non-negative integer']);
    });

    it('ignores the parameters it has no field for, such as the tracking ones of a shared link', async () => {
      const body = await api<{ data: { slug: string }[] }>(`/api/v1/designers?category=brand&limit=${PAGE}`);
      for (const extra of ['utm_source=newsletter&utm_medium=email', 'fbclid=IwAR0abc', 'gclid=x&ref=producthunt']) {
        const { status, $ } = await page(`/?category=brand&${extra}`);
        expect(status).toBe(200);
        expect(cardSlugs($)).toEqual(body.data.map((d) => d.slug));
        expect($('link[rel=canonical]').attr('href')).toBe(`${PUBLIC_BASE_URL}/?category=brand`);
      }
      const roles = await page('/open-roles?remote=true&fbclid=IwAR0abc');
      expect(roles.status).toBe(200);
      expect(roles.$('#f-remote option[selected]').attr('value')).toBe('true');
      // The JSON API stays strict: there a misspelt parameter is a client's bug to report.
      expect((await get(base, '/api/v1/designers?category=brand&fbclid=IwAR0abc')).status).toBe(400);
    });

    it('pages by offset inside the window and by the API cursor beyond it', async () => {
      const first = await page('/?category=graphic&limit=5');
      const next = first.$('a[rel=next]').attr('href');
      expect(next).toBe('/?category=graphic&limit=5&offset=5');
      expect(first.$('a[rel=prev]').length).toBe(0);
      const second = await page(next!);
      const apiSecond = await api<{ data: { slug: string }[]; meta: { next_cursor: string } }>('/api/v1/designers?category=graphic&limit=5&offset=5');
      expect(cardSlugs(second.$)).toEqual(apiSecond.data.map((d) => d.slug));
      expect(second.$('a[rel=prev]').attr('href')).toBe('/?category=graphic&limit=5');
      // A cursor from the API opens the same page on the site.
      const viaCursor = await page(`/?category=graphic&limit=5&cursor=${encodeURIComponent(apiSecond.meta.next_cursor)}`);
      const apiThird = await api<{ data: { slug: string }[] }>(`/api/v1/designers?category=graphic&limit=5&cursor=${encodeURIComponent(apiSecond.meta.next_cursor)}`);
      expect(viaCursor.status).toBe(200);
      expect(cardSlugs(viaCursor.$)).toEqual(apiThird.data.map((d) => d.slug));
    });

    it('suggests what to change when nothing matches', async () => {
      const { status, $ } = await page('/?q=zzzzqqqq&category=motion');
      expect(status).toBe(200);
      expect($('#results-title').text()).toBe('0 designers');
      const hrefs = $('.empty a').map((_, a) => $(a).attr('href')).get();
      expect(hrefs).toEqual(['/?category=motion', '/?q=zzzzqqqq']);
    });
  });

  describe('profile /designer/{slug}', () => {
    it('carries the title, description, canonical link, Open Graph tags and a schema.org Person', async () => {
      const { status, headers, $ } = await page('/designer/ana-lopez');
      expect(status).toBe(200);
      expect(headers['content-security-policy']).toContain("default-src 'none'");
      expect(headers.etag).toBeDefined();
      const url = `${PUBLIC_BASE_URL}/designer/ana-lopez`;
      expect($('title').text()).toBe('Ana López, Product Designer at Acme Studio — Designer Directory');
      expect($('meta[name=description]').attr('content')).toBe('Builds calm interfaces for fintech.');
      expect($('link[rel=canonical]').attr('href')).toBe(url);
      expect($('meta[property="og:url"]').attr('content')).toBe(url);
      expect($('meta[property="og:type"]').attr('content')).toBe('profile');
      expect($('meta[property="og:image"]').attr('content')).toBe('https://images.example/ana-lopez.jpg');
      const person = JSON.parse($('script[type="application/ld+json"]').text());
      expect(person).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Person',
        url,
        name: 'Ana López',
        jobTitle: 'Product Designer',
        worksFor: { '@type': 'Organization', name: 'Acme Studio', url: 'https://acme.example' },
      });
      expect($('h1').text()).toBe('Ana López');
      expect($('a[href="https://acme.example"]').text()).toBe('Acme Studio');
      expect($('a[href="https://ana-lopez.example"]').length).toBe(1);
      const img = $('img.preview');
      expect(img.attr('alt')).toBe('Portfolio preview of Ana López');
      // Large and above the fold: loaded at once. A preview hosted elsewhere carries the generated one as its fallback.
      expect([img.attr('width'), img.attr('height'), img.attr('loading')]).toEqual(['960', '720', undefined]);
      expect(img.attr('src')).toBe('https://images.example/ana-lopez.jpg');
      expect(img.attr('data-fallback')).toBe('/images/designers/ana-lopez/preview.svg');
      expect($('img.avatar').attr('src')).toBe('/images/designers/ana-lopez/avatar.svg');
      expect($('a.back').attr('href')).toBe('/');
      // The page is the profile_url the API hands out.
      const apiDesigner = await api<{ data: { profile_url: string } }>('/api/v1/designers/ana-lopez');
      expect(apiDesigner.data.profile_url).toBe(url);
    });

    it('answers an HTML 404 for an unknown, unpublished, hidden or opted-out slug, and for a malformed one', async () => {
      for (const slug of ['nobody-here', ...UNLISTED.map((d) => d.slug), 'Not_A_Slug']) {
        const { status, headers, text, $ } = await page(`/designer/${slug}`);
        expect(status, slug).toBe(404);
        expect(headers['content-type']).toBe('text/html; charset=utf-8');
        expect(headers['cache-control']).toBe('no-store');
        expect($('h1').text()).toBe('Page not found');
        for (const hidden of UNLISTED) expect(text).not.toContain(hidden.name);
      }
    });

    it('offers the words of an unknown profile address as a search, which finds the designer a mistyped link meant', async () => {
      const { status, $ } = await page('/designer/ana-lpez');
      expect(status).toBe(404);
      const offer = $('main a[href^="/?q="]');
      expect([offer.attr('href'), offer.text()]).toEqual(['/?q=ana+lpez', '“ana lpez”']);
      expect(cardSlugs((await page(offer.attr('href')!)).$)[0]).toBe('ana-lopez');
      // Markup in the address is neither rendered nor kept as anything but its words.
      const hostile = await page('/designer/%3Cb%3Eana%3C%2Fb%3E');
      expect(hostile.status).toBe(404);
      expect(hostile.text).not.toContain('<b>ana');
      expect(hostile.$('main a[href^="/?q="]').attr('href')).toBe('/?q=b+ana+b');
      // An address with no letters or digits offers the plain search.
      const bare = await page('/designer/---');
      expect([bare.status, bare.$('main a[href^="/?q="]').length, bare.$('main a[href="/"]').length]).toEqual([404, 0, 1]);
    });

    it('redirects a capitalised profile address to the lowercase one, permanently', async () => {
      for (const path of ['/designer/Ana-Lopez', '/designer/ANA-LOPEZ', '/Designer/Ana-Lopez/']) {
        const { status, headers } = await get(base, path);
        expect([status, headers.location], path).toEqual([301, '/designer/ana-lopez']);
        expect(headers['cache-control']).toBe('public, max-age=60');
      }
      expect((await page('/designer/ana-lopez')).status).toBe(200);
      // A capitalised address that is no slug even in lowercase stays a 404, and so does an unknown one.
      expect((await get(base, '/designer/Not_A_Slug')).status).toBe(404);
      const unknown = await get(base, '/designer/Nobody-Here');
      expect([unknown.status, unknown.headers.location]).toEqual([301, '/designer/nobody-here']);
      expect((await get(base, '/designer/nobody-here')).status).toBe(404);
    });

    it('answers an HTML 400 naming the slug, not a 500, for an address that is not valid percent-encoded UTF-8', async () => {
      // A non-hex escape, a cut escape, and the UTF-8 bytes of a lone surrogate.
      for (const slug of ['%ZZ', 'ana-%E0%A4%A', '%ED%A0%80']) {
        const { status, headers, text, $ } = await page(`/designer/${slug}`);
        expect(status, slug).toBe(400);
        expect(headers['content-type']).toBe('text/html; charset=utf-8');
        expect(headers['cache-control']).toBe('no-store');
        expect(headers['content-security-policy']).toContain("default-src 'none'");
        expect($('h1').text()).toBe('This address is not valid');
        expect($('p.lead').text()).toBe('slug: is not valid percent-encoded UTF-8');
        expect(text).not.toMatch(/URIError|Failed to decode|node_modules/);
      }
    });

    it('shows similar designers as cards: the nearest neighbour, never the designer itself nor an unlisted one', async () => {
      const { $ } = await page('/designer/ana-lopez');
      const section = $('section.similar');
      expect(section.find('h2').text()).toBe('Similar designers');
      const slugs = section.find('.cards h3 a').map((_, a) => $(a).attr('href')!.replace('/designer/', '')).get();
      expect(slugs[0]).toBe('john-appleseed');
      expect(slugs).not.toContain('ana-lopez');
      for (const d of UNLISTED) expect(slugs).not.toContain(d.slug);
    });
  });

  it('escapes every stored value: a designer named <script> renders as text, in HTML and in JSON-LD', async () => {
    const search = await page('/');
    expect(search.$('.cards h3 a').first().text()).toBe(HOSTILE.name);
    const profile = await page(`/designer/${HOSTILE.slug}`);
    expect(profile.status).toBe(200);
    for (const { text, $ } of [search, profile]) {
      expect(text).not.toContain('<script>alert');
      expect(text).not.toContain('<img src=x');
      // The only inline script element is the JSON-LD data block.
      expect($('script:not([src])').map((_, s) => $(s).attr('type')).get()).toEqual(text === profile.text ? ['application/ld+json'] : []);
    }
    expect(profile.$('h1').text()).toBe(HOSTILE.name);
    expect(profile.$('title').text()).toContain(HOSTILE.name);
    expect(profile.$('.lead').text()).toBe(HOSTILE.description);
    const person = JSON.parse(profile.$('script[type="application/ld+json"]').text());
    expect(person.name).toBe(HOSTILE.name);
    expect(person.description).toBe(HOSTILE.description);
  });

  describe('open roles /open-roles', () => {
    it('lists what the API lists, featured first, each linking to its apply_url', async () => {
      const { status, $ } = await page('/open-roles');
      expect(status).toBe(200);
      const body = await api<{ data: { title: string; apply_url: string; placement: string }[]; meta: { total: number } }>(`/api/v1/open-roles?limit=${PAGE}`);
      expect($('.cards h3 a').map((_, a) => $(a).attr('href')).get()).toEqual(body.data.map((r) => r.apply_url));
      expect($('#results-title').text()).toBe(`${body.meta.total} open role${body.meta.total === 1 ? '' : 's'}`);
      const featured = $('.cards .card').map((_, card) => $(card).find('.tag.featured').length > 0).get();
      expect(featured).toEqual(body.data.map((r) => r.placement === 'featured'));
      expect(featured.indexOf(false)).toBeGreaterThan(-1);
      expect(featured.slice(featured.indexOf(false))).not.toContain(true);
    });

    it('filters with the open-role parameters and reports invalid ones with status 400', async () => {
      const { $ } = await page('/open-roles?remote=true&employment_type=&category=');
      const body = await api<{ data: { apply_url: string }[] }>(`/api/v1/open-roles?remote=true&limit=${PAGE}`);
      expect($('.cards h3 a').map((_, a) => $(a).attr('href')).get()).toEqual(body.data.map((r) => r.apply_url));
      expect($('#f-remote option[selected]').attr('value')).toBe('true');
      const bad = await page('/open-roles?remote=maybe');
      expect(bad.status).toBe(400);
      expect(bad.$('#remote-error').text()).toBe('must be true or false');
    });
  });

  it('refuses a write method on every page and site file with an HTML 405 naming the methods, and lists them for OPTIONS', async () => {
    const paths = ['/', '/open-roles', '/designer/ana-muller', '/docs', '/llms.txt', '/robots.txt', '/sitemap.xml', '/assets/site.css'];
    for (const path of paths) {
      const response = await fetch(`${base}${path}`, { method: 'POST', body: 'q=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(response.status, path).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(loadHtml(await response.text())('p.lead').text()).toBe(`${path} does not take POST; it takes GET, HEAD, OPTIONS.`);
      const options = await fetch(`${base}${path}`, { method: 'OPTIONS' });
      expect(options.status, path).toBe(204);
      expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    }
    expect((await fetch(`${base}/no-such-page`, { method: 'POST' })).status).toBe(404);
  });

  it('compresses pages and site files for a browser that asks, unless COMPRESSION=off leaves it to a proxy', async () => {
    for (const path of ['/', '/open-roles', '/docs', '/sitemap.xml', '/assets/site.css']) {
      const { status, headers } = await get(base, path, { 'accept-encoding': 'gzip' });
      expect(status, path).toBe(200);
      expect(headers['content-encoding'], path).toBe('gzip');
      expect(headers.vary, path).toMatch(/Accept-Encoding/);
    }
    const config = loadConfig({ PUBLIC_BASE_URL, COMPRESSION: 'off', LOG_LEVEL: 'silent' });
    const off = await listen(createApp({ search: loaded.search, config, logger: createLogger('silent', 'web-pages'), now: () => NOW }).app);
    try {
      for (const path of ['/', '/api/v1/designers?limit=50']) {
        const { status, headers } = await get(off.base, path, { 'accept-encoding': 'gzip' });
        expect(status, path).toBe(200);
        expect(headers['content-encoding'], path).toBeUndefined();
      }
    } finally {
      off.server.closeAllConnections();
      await new Promise((resolve) => off.server.close(resolve));
    }
  });

  it('/docs renders the served OpenAPI document with Redoc from our own origin, with MCP instructions', async () => {
    const { status, headers, $ } = await page('/docs');
    expect(status).toBe(200);
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect($('redoc').attr('spec-url')).toBe('/api/v1/openapi.json');
    const script = $('script[src]').attr('src')!;
    expect(script).toMatch(/^\/assets\/redoc\.standalone\.js/);
    const bundle = await get(base, script);
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect($('main').text()).toContain(`${PUBLIC_BASE_URL}/api/mcp`);
    expect($('link[rel=canonical]').attr('href')).toBe(`${PUBLIC_BASE_URL}/docs`);
    const css = await get(base, $('link[rel=stylesheet]').attr('href')!);
    expect([css.status, css.headers['content-type']]).toEqual([200, 'text/css; charset=utf-8']);
    // The addresses the pages link to carry the content's version: cached for good.
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable, no-transform');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(base, '/assets/site.css')).headers['cache-control']).toBe('public, max-age=60');
  });

  it('shows the facet counts the API gives, and on a query why each card matched, its words marked', async () => {
    const { $ } = await page('/?q=designer');
    const api = await get(base, `/api/v1/designers?q=designer&facets=category,company&highlight=true&limit=${PAGE}`);
    const body = JSON.parse(api.text) as { data: { match: { reason: string } }[]; meta: { facets: { category: { value: string; count: number }[]; company: { value: string; count: number }[] } } };
    const facet = (title: string) =>
      $('.facet').filter((_, f) => $(f).find('h3').text() === title).find('a').map((_, a) => Number($(a).find('.count').text().replace(/,/g, ''))).get();
    expect(facet('Category')).toEqual(body.meta.facets.category.map((b) => b.count));
    expect(facet('Company')).toEqual(body.meta.facets.company.map((b) => b.count));
    // A facet value is a link that sets its filter.
    const company = body.meta.facets.company[0]!.value;
    expect($('.facet a').filter((_, a) => $(a).find('span').first().text() === company).attr('href')).toBe(`/?q=designer&company=${encodeURIComponent(company).replace(/%20/g, '+')}`);
    expect($('.cards .why').map((_, p) => $(p).text()).get()).toEqual(body.data.map((d) => `Matched: ${d.match.reason}`));
    expect($('.cards mark').length).toBeGreaterThan(0);
    // Without words there is nothing to explain.
    expect((await page('/')).$('.cards .why').length).toBe(0);
  });

  it('serves every designer a generated avatar and preview as SVG, cacheable and unable to run or load anything', async () => {
    for (const kind of ['avatar', 'preview']) {
      const { status, headers, text } = await get(base, `/images/designers/ana-lopez/${kind}.svg`);
      expect(status, kind).toBe(200);
      expect(headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(headers['cache-control']).toBe('public, max-age=86400');
      expect(headers['content-security-policy']).toBe("default-src 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      // The same slug draws the same picture on every request.
      expect((await get(base, `/images/designers/ana-lopez/${kind}.svg`)).text).toBe(text);
    }
    expect((await get(base, '/images/designers/ana-lopez/avatar.svg')).text).toContain('>AL</text>');
    for (const path of ['/images/designers/ana-lopez/banner.svg', '/images/designers/ana-lopez/avatar.png', '/images/designers/Not_A_Slug/avatar.svg']) {
      const { status, headers } = await get(base, path);
      expect(status, path).toBe(404);
      expect(headers['content-type'], path).toBe('text/html; charset=utf-8');
    }
    // The cards of a search page show only images this host serves, or a remote preview with its fallback.
    const { $ } = await page('/');
    const sources = $('.cards img').map((_, img) => $(img).attr('data-fallback') ?? $(img).attr('src')).get();
    expect(sources.length).toBe(2 * $('.cards > li').length);
    for (const src of sources) expect(src).toMatch(/^\/images\/designers\/[a-z0-9-]+\/(avatar|preview)\.svg$/);
  });

  it('serves Redoc\'s 1.1 MB bundle compressed once, as brotli or gzip as the browser asks, never on the fly', async () => {
    const href = loadHtml((await get(base, '/docs')).text)('script[src]').attr('src')!;
    const fetchBytes = (encoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        request(`${base}${href}`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const plain = await fetchBytes('');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1_000_000);
    const br = await fetchBytes('gzip, deflate, br');
    const gzip = await fetchBytes('gzip');
    const deflateOnly = await fetchBytes('deflate');
    expect([br.headers['content-encoding'], gzip.headers['content-encoding'], deflateOnly.headers['content-encoding']]).toEqual(['br', 'gzip', undefined]);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    for (const answer of [plain, br, gzip, deflateOnly]) expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    // The same bytes each time: compressed once, not per request.
    expect((await fetchBytes('br')).body.equals(br.body)).toBe(true);
  });

  it('/llms.txt and /robots.txt point at absolute addresses on PUBLIC_BASE_URL', async () => {
    const llms = await get(base, '/llms.txt');
    expect(llms.status).toBe(200);
    expect(llms.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(llms.text.split('\n')[0]).toBe('# Designer Directory');
    expect(llms.text).toMatch(/^> /m);
    for (const expected of [`${PUBLIC_BASE_URL}/api/v1/designers`, `${PUBLIC_BASE_URL}/api/mcp`, 'search_designers', 'get_designer', 'list_open_roles']) {
      expect(llms.text).toContain(expected);
    }
    const robots = await get(base, '/robots.txt');
    expect(robots.text).toContain(`Sitemap: ${PUBLIC_BASE_URL}/sitemap.xml`);
  });

  it('/sitemap.xml is a valid urlset of the pages and exactly the listed profiles', async () => {
    const { status, headers, text } = await get(base, '/sitemap.xml');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('application/xml; charset=utf-8');
    const doc = parseXml(text);
    expect(doc.urlset!['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = doc.urlset!.url!.map((u) => u.loc);
    expect(locs.slice(0, 3)).toEqual([`${PUBLIC_BASE_URL}/`, `${PUBLIC_BASE_URL}/open-roles`, `${PUBLIC_BASE_URL}/docs`]);
    expect(locs.slice(3).sort()).toEqual(LISTED_SLUGS.map((s) => `${PUBLIC_BASE_URL}/designer/${s}`).sort());
  });

  it('answers HEAD on the sitemaps with the GET\'s headers, without walking the directory', async () => {
    let searches = 0;
    const counting = new Proxy(loaded.search, {
      get: (target, key, receiver) =>
        key === 'searchDesigners'
          ? (...args: Parameters<typeof target.searchDesigners>) => {
              searches += 1;
              return target.searchDesigners(...args);
            }
          : Reflect.get(target, key, receiver),
    });
    const config = loadConfig({ PUBLIC_BASE_URL, CACHE_MAX_AGE_SECONDS: '60', LOG_LEVEL: 'silent' });
    const app = createApp({ search: counting, config, logger: createLogger('silent', 'web-head'), now: () => NOW, sitemapMaxUrls: SPLIT_AT });
    const { server, base: headBase } = await listen(app.app);
    servers.push(server);
    const answer = (method: string, path: string) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; bytes: number }>((resolve, reject) => {
        const req = request(`${headBase}${path}`, { method }, (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
        });
        req.on('error', reject);
        req.end();
      });
    const pick = (h: IncomingHttpHeaders) => [h['content-type'], h['cache-control']];
    // The index's GET walks every listed profile to cut the files; a designer file's reads its first page.
    for (const [path, walks] of [
      ['/sitemap.xml', true],
      ['/sitemaps/designers.xml', false],
    ] as const) {
      searches = 0;
      const full = await answer('GET', path);
      const walked = searches;
      searches = 0;
      const head = await answer('HEAD', path);
      expect([full.status, head.status, head.bytes], path).toEqual([200, 200, 0]);
      expect(pick(head.headers), path).toEqual(pick(full.headers));
      expect(walked > 1, path).toBe(walks);
      // The one search before the body: the count that picks index or urlset, or the cursor's first page.
      expect(searches, path).toBe(1);
    }
    // A HEAD with a bad cursor is refused as its GET is.
    expect((await answer('HEAD', '/sitemaps/designers.xml?cursor=nope')).status).toBe(400);
  });

  it(`past ${SPLIT_AT} URLs /sitemap.xml becomes a sitemap index whose files hold every listed profile once`, async () => {
    const index = parseXml((await get(splitBase, '/sitemap.xml')).text);
    expect(index.sitemapindex!['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const files = index.sitemapindex!.sitemap!.map((s) => s.loc);
    expect(files.length).toBe(1 + Math.ceil(LISTED_SLUGS.length / SPLIT_AT));
    const seen: string[] = [];
    for (const file of files) {
      expect(file.startsWith(PUBLIC_BASE_URL)).toBe(true);
      const response = await get(splitBase, file.slice(PUBLIC_BASE_URL.length));
      expect(response.status).toBe(200);
      const locs = parseXml(response.text).urlset!.url!.map((u) => u.loc);
      expect(locs.length).toBeLessThanOrEqual(SPLIT_AT);
      seen.push(...locs);
    }
    const profiles = seen.filter((loc) => loc.includes('/designer/'));
    expect(profiles.sort()).toEqual(LISTED_SLUGS.map((s) => `${PUBLIC_BASE_URL}/designer/${s}`).sort());
    expect(seen.filter((loc) => !loc.includes('/designer/'))).toEqual([`${PUBLIC_BASE_URL}/`, `${PUBLIC_BASE_URL}/open-roles`, `${PUBLIC_BASE_URL}/docs`]);
    const bad = await get(splitBase, '/sitemaps/designers.xml?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(bad.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('serves an OpenAPI document that redocly lint passes without errors, with integer limit and offset', async () => {
    const served = await get(base, '/api/v1/openapi.json');
    const document = JSON.parse(served.text);
    const limit = document.paths['/designers'].get.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit.schema.type).toBe('integer');
    const dir = await mkdtemp(join(tmpdir(), 'dd-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, served.text);
      // No telemetry, no update check: CI machines may have no internet.
      const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
      const { stdout, stderr } = await run(REDOCLY, ['lint', file, '--format', 'json'], { env });
      const report = JSON.parse(stdout) as { totals: { errors: number } };
      expect(report.totals.errors, stderr).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('hands out profile_url, canonical links and sitemap entries on the serving process\'s own PUBLIC_BASE_URL', async () => {
    const one = JSON.parse((await get(elsewhereBase, '/api/v1/designers/ana-lopez')).text) as { data: { profile_url: string } };
    expect(one.data.profile_url).toBe(`${ELSEWHERE}/designer/ana-lopez`);
    const list = JSON.parse((await get(elsewhereBase, '/api/v1/designers?limit=100')).text) as { data: { slug: string; profile_url: string }[] };
    expect(list.data.map((d) => d.profile_url)).toEqual(list.data.map((d) => `${ELSEWHERE}/designer/${d.slug}`));
    const profile = loadHtml((await get(elsewhereBase, '/designer/ana-lopez')).text);
    expect(profile('link[rel=canonical]').attr('href')).toBe(`${ELSEWHERE}/designer/ana-lopez`);
    const sitemap = parseXml((await get(elsewhereBase, '/sitemap.xml')).text);
    expect(sitemap.urlset!.url!.every((u) => u.loc.startsWith(`${ELSEWHERE}/`))).toBe(true);
  });

  it('leaves the JSON API and its 404s as they were: no page CSP, JSON bodies', async () => {
    const json = await get(base, '/api/v1/designers?limit=1');
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.headers['content-security-policy']).toBeUndefined();
    for (const path of ['/api/v1/nope', '/api/nope', '/api', '/API/v1/nope', '/api/mcp/x']) {
      const missing = await get(base, path);
      expect([missing.status, missing.headers['content-type']], path).toEqual([404, 'application/json; charset=utf-8']);
      expect(missing.headers['content-security-policy']).toBeUndefined();
      expect(JSON.parse(missing.text)).toEqual({ success: false, error: `No route for GET ${path}. The API's routes are listed at ${PUBLIC_BASE_URL}/api/v1/` });
    }
  });

  it('answers an address outside the API that no page holds with an HTML 404 leading back into the directory', async () => {
    for (const path of ['/no-such-page', '/desginer/ana-lopez', '/designer', '/designers/ana-lopez', '/favicon.ico', '/apix']) {
      const { status, headers, $ } = await page(path);
      expect([status, headers['content-type']], path).toEqual([404, 'text/html; charset=utf-8']);
      expect(headers['content-security-policy']).toContain("default-src 'none'");
      expect(headers['cache-control']).toBe('no-store');
      expect($('h1').text()).toBe('Page not found');
      expect($('p.lead').text()).toBe('There is no page at this address. It may be mistyped, or the page may have moved.');
      expect([$('main a[href="/"]').length, $('main a[href="/open-roles"]').length]).toEqual([1, 1]);
      expect($('meta[name=robots]').attr('content')).toContain('noindex');
    }
  });
});

describe('pages when the search engine is unreachable', () => {
  it('answer an HTML 503 with Retry-After and nothing of the internals', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const client = createElasticsearchClient({ url: `http://127.0.0.1:${port}`, requestTimeoutMs: 2000 });
    const config = loadConfig({ PUBLIC_BASE_URL, LOG_LEVEL: 'silent' });
    const { server, base } = await listen(
      createApp({ search: new ElasticsearchSearchRepository(client, indexNames('t_web_dead_')), config, logger: createLogger('silent', 'web-dead') }).app,
    );
    try {
      for (const path of ['/', '/designer/ana-lopez', '/open-roles', '/sitemap.xml']) {
        const response = await get(base, path);
        expect(response.status, path).toBe(503);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.headers['retry-after']).toMatch(/^\d+$/);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(loadHtml(response.text)('h1').text()).toBe('The directory is busy');
        expect(response.text).not.toMatch(/ECONNREFUSED|stack|127\.0\.0\.1/);
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await client.close();
    }
  });
});
