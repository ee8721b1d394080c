import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SitemapIndexStream, SitemapStream } from 'sitemap';
import type { DirectoryService } from '../directory/directory-service.ts';
import type { Designer } from '../domain/designer.schema.ts';
import { NotFoundError } from '../domain/errors.ts';
import type { PageRules } from '../domain/pagination.ts';
import type { SiteUrls } from './site-urls.ts';

/** The sitemap protocol's limit of URLs per file; past it, /sitemap.xml becomes a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;

export const STATIC_PAGE_PATHS = ['/', '/open-roles', '/docs'] as const;

export const DESIGNER_SITEMAP_PATH = '/sitemaps/designers.xml';
export const PAGES_SITEMAP_PATH = '/sitemaps/pages.xml';

/** One page of the walk in memory at a time: 1M designers never sit in the process at once. */
const WALK_PAGE_SIZE = 1000;
const WALK_RULES: PageRules = { defaultLimit: WALK_PAGE_SIZE, maxLimit: WALK_PAGE_SIZE };

const NAMESPACES = { news: false, video: false, image: false, xhtml: false };

interface WalkStep {
  designers: Designer[];
  /** Where the walk goes on from, when more designers follow. */
  nextCursor: string | null;
}

/**
 * Listed designers in the API's order without q (newest listed, then id), from `cursor` on, at most
 * `max`. It follows the API's own cursor, which on every engine reads by immutable sort keys when
 * there is no q: it holds no snapshot, never expires, and sees every designer once.
 */
async function* walkDesigners(directory: DirectoryService, from: string | undefined, max: number): AsyncGenerator<WalkStep> {
  let cursor = from;
  let remaining = max;
  while (remaining > 0) {
    const limit = Math.min(WALK_PAGE_SIZE, remaining);
    const page = await directory.searchDesigners(cursor ? { limit, cursor } : { limit }, WALK_RULES);
    remaining -= page.items.length;
    yield { designers: page.items, nextCursor: page.hasMore ? page.nextCursor : null };
    if (!page.hasMore || !page.nextCursor || page.items.length === 0) return;
    cursor = page.nextCursor;
  }
}

/**
 * Unlike pipe, pipeline destroys the transform with the walk's error, so the reader sees a failure
 * (a broken response) instead of waiting forever; the rejection itself carries nothing more. The walk starts
 * when the stream is piped to its reader (pipe and pipeline resume it), so a stream dropped unread (the answer
 * to a HEAD) searches nothing.
 */
function piped(source: Readable, transform: Transform): Readable {
  transform.once('resume', () => {
    pipeline(source, transform).catch(() => undefined);
  });
  return transform;
}

function urlset(urls: SiteUrls, entries: AsyncIterable<string> | Iterable<string>): Readable {
  const source = Readable.from(entries, { objectMode: true }).map((path: string) => ({ url: path }));
  return piped(source, new SitemapStream({ hostname: urls.base, xmlns: NAMESPACES }));
}

async function* designerPaths(directory: DirectoryService, from: string | undefined, max: number, leading: readonly string[] = []) {
  yield* leading;
  for await (const step of walkDesigners(directory, from, max - leading.length)) {
    for (const d of step.designers) yield `/designer/${d.slug}`;
  }
}

/** The sub-sitemaps of the index: the static pages, then one file per `maxUrls` designers, each starting at a cursor. */
async function* indexEntries(directory: DirectoryService, urls: SiteUrls, maxUrls: number) {
  yield urls.absolute(PAGES_SITEMAP_PATH);
  yield urls.absolute(DESIGNER_SITEMAP_PATH);
  let cursor: string | undefined;
  for (;;) {
    let last: WalkStep | undefined;
    for await (const step of walkDesigners(directory, cursor, maxUrls)) last = step;
    if (!last?.nextCursor) return;
    cursor = last.nextCursor;
    yield urls.absolute(`${DESIGNER_SITEMAP_PATH}?cursor=${encodeURIComponent(cursor)}`);
  }
}

/**
 * /sitemap.xml: one urlset with the static pages and every listed profile while they fit in
 * `maxUrls`, else a sitemap index. The only work before the first byte is counting.
 */
export async function siteSitemap(directory: DirectoryService, urls: SiteUrls, maxUrls = SITEMAP_MAX_URLS): Promise<Readable> {
  const { total } = await directory.searchDesigners({ limit: 0 }, WALK_RULES);
  if (total + STATIC_PAGE_PATHS.length <= maxUrls) {
    return urlset(urls, designerPaths(directory, undefined, maxUrls, STATIC_PAGE_PATHS));
  }
  const source = Readable.from(indexEntries(directory, urls, maxUrls), { objectMode: true }).map((url: string) => ({ url }));
  return piped(source, new SitemapIndexStream());
}

/**
 * One designer file of the index: `maxUrls` profiles from `cursor` (the beginning without one); a
 * NotFoundError when none follows the cursor.
 */
export async function designerSitemap(directory: DirectoryService, urls: SiteUrls, cursor: string | undefined, maxUrls = SITEMAP_MAX_URLS): Promise<Readable> {
  // The first page is read before streaming, so a bad cursor or a engine outage is a proper error response.
  const walk = walkDesigners(directory, cursor, maxUrls);
  const first = await walk.next();
  // No designer is listed from the cursor on (those after it were hidden since the index was read): the
  // protocol has no empty urlset (its schema wants at least one url, and the sitemap library refuses to end
  // one without), so the file does not exist. A 404 is what crawlers take for a sitemap that is gone: they
  // drop it and keep the files the current index lists.
  if (first.done || first.value.designers.length === 0) {
    throw new NotFoundError('No listed designer follows this point of the directory any more: /sitemap.xml lists the current sitemap files.');
  }
  async function* paths() {
    if (first.done) return;
    for (const d of first.value.designers) yield `/designer/${d.slug}`;
    for await (const step of walk) for (const d of step.designers) yield `/designer/${d.slug}`;
  }
  return urlset(urls, paths());
}

export function pagesSitemap(urls: SiteUrls): Readable {
  return urlset(urls, STATIC_PAGE_PATHS);
}
