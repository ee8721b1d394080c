import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireServices } from '../support/services.ts';
import { designer, PUBLIC_BASE_URL, ReadPathFixture } from './read-path.harness.ts';

const services = requireServices('elasticsearch');

/** A GET as a crawler sends it, reporting a connection closed without an answer as such rather than throwing. */
function crawl(base: string, path: string): Promise<{ status: number; contentType: string | undefined; text: string } | 'closed without an answer'> {
  return new Promise((resolve) => {
    const req = request(`${base}${path}`, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], text }));
      res.on('error', () => resolve('closed without an answer'));
    });
    req.on('error', () => resolve('closed without an answer'));
    req.end();
  });
}

describe.skipIf(!services)('a designer sitemap file whose designers were all hidden after the index was read', () => {
  let fixture: ReadPathFixture;

  beforeAll(async () => {
    // Two URLs a file: three designers and the static pages make /sitemap.xml an index of three designer files.
    fixture = await ReadPathFixture.create(services!.elasticsearch, 'sitemap-end', { sitemapMaxUrls: 2 });
    await fixture.load({
      designers: [
        designer({ slug: 'ada-first', listed_at: '2025-03-01T00:00:00.000Z' }),
        designer({ slug: 'bea-second', listed_at: '2025-02-01T00:00:00.000Z' }),
        designer({ slug: 'cy-last', listed_at: '2025-01-01T00:00:00.000Z' }),
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await fixture?.dispose();
  });

  it('answers a 404 page, not a connection closed without a response', async () => {
    const index = await crawl(fixture.app.baseUrl, '/sitemap.xml');
    if (typeof index === 'string') throw new Error(index);
    const files = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    const past = files.find((f) => f.includes('cursor='));
    expect(past, index.text).toBeDefined();
    const path = past!.slice(PUBLIC_BASE_URL.length);
    const before = await crawl(fixture.app.baseUrl, path);
    expect(before).toMatchObject({ status: 200, text: expect.stringContaining('/designer/cy-last') });

    // The designer behind the cursor is hidden: the worker removes it from the index.
    await fixture.writer.bulk([{ op: 'delete', id: 'id-cy-last', version: 1_000 }], fixture.names.designers);
    await fixture.manager.refresh();

    const after = await crawl(fixture.app.baseUrl, path);
    expect(after).toMatchObject({ status: 404, contentType: expect.stringMatching(/^text\/html/) });
    expect(typeof after === 'object' && after.text).toMatch(/No listed designer follows this point of the directory any more/);
    // The index no longer lists the file.
    const current = await crawl(fixture.app.baseUrl, '/sitemap.xml');
    expect(typeof current === 'object' && current.text).not.toContain(past!.replaceAll('&', '&amp;'));
  });
});
