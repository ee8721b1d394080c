import { type Request, type RequestHandler, Router, type Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { DirectoryService } from '../../../shared/directory/directory-service.ts';
import { CursorParam } from '../../../shared/domain/query-param.schema.ts';
import { parseOrThrow } from '../../../shared/domain/errors.ts';
import type { Logger } from '../../../shared/logging/logger.ts';
import { otherMethods } from '../middleware/method-not-allowed.ts';
import { precompressedBody } from './precompressed-body.ts';
import { SlugSchema } from '../../../shared/domain/designer.schema.ts';
import { renderDesignerImage } from '../../../shared/web/designer-art.renderer.ts';
import { renderLlmsTxt } from '../../../shared/web/llms-txt.renderer.ts';
import { renderRobotsTxt } from '../../../shared/web/robots-txt.renderer.ts';
import { redocScript, type SiteAssets } from '../../../shared/web/site-assets.ts';
import { DESIGNER_IMAGE_KINDS, type DesignerImageKind, type SiteUrls } from '../../../shared/web/site-urls.ts';
import {
  DESIGNER_SITEMAP_PATH,
  designerSitemap,
  PAGES_SITEMAP_PATH,
  pagesSitemap,
  SITEMAP_MAX_URLS,
  siteSitemap,
} from '../../../shared/web/sitemap-stream.ts';

const DesignerSitemapQuery = z.strictObject({ cursor: CursorParam.optional() });

export interface SiteFilesRouteDeps {
  directory: DirectoryService;
  urls: SiteUrls;
  assets: SiteAssets;
  cacheMaxAgeSeconds: number;
  logger: Logger;
  /** Before the sitemaps, which read the directory; the static files need no guard. */
  guard: RequestHandler[];
  /** URLs per sitemap file before /sitemap.xml becomes an index; the protocol's 50,000 unless a test shrinks it. */
  sitemapMaxUrls?: number;
}

/** A day: the artwork is a pure function of the slug, but a new drawing should reach browsers within one. */
const DESIGNER_IMAGE_MAX_AGE_SECONDS = 86_400;

/**
 * Everything of the site that is not a page: the stylesheet, Redoc's bundle, the designers' generated
 * images, llms.txt, robots.txt, sitemaps.
 */
export function siteFilesRouter(deps: SiteFilesRouteDeps): Router {
  const router = Router();
  const maxUrls = deps.sitemapMaxUrls ?? SITEMAP_MAX_URLS;
  const cache = (res: Response) => res.setHeader('Cache-Control', `public, max-age=${deps.cacheMaxAgeSeconds}`);
  // An asset asked for by the version the pages link to never changes under that address.
  const cacheAsset = (req: Request, res: Response, href: string) =>
    req.originalUrl === href ? res.setHeader('Cache-Control', 'public, max-age=31536000, immutable') : cache(res);
  const redocBody = precompressedBody(() => redocScript(deps.assets.redocScriptFile), 'application/javascript; charset=utf-8');

  async function streamXml(req: Request, res: Response, stream: Readable) {
    cache(res);
    res.setHeader('Content-Type', 'application/xml; charset=utf-8');
    // A HEAD (crawlers and monitors check the sitemap with one) gets the GET's headers without the walk of
    // every listed profile that only the body needs.
    if (req.method === 'HEAD') {
      stream.destroy();
      res.end();
      return;
    }
    try {
      await pipeline(stream, res);
    } catch (error) {
      // The status line is gone by now; the client sees a cut response, the log sees why.
      deps.logger.warn({ err: error }, 'sitemap stream failed');
    }
  }

  const file = (path: string, ...handlers: RequestHandler[]) => router.route(path).get(...handlers).all(otherMethods('GET'));

  file('/assets/site.css', (req, res) => {
    cacheAsset(req, res, deps.assets.stylesheetHref);
    res.type('css').send(deps.assets.css);
  });

  file('/assets/suggest.js', (req, res) => {
    cacheAsset(req, res, deps.assets.suggestScriptHref);
    res.type('application/javascript; charset=utf-8').send(deps.assets.suggestJs);
  });

  file('/assets/redoc.standalone.js', (req, res) => {
    cacheAsset(req, res, deps.assets.redocScriptHref);
    redocBody(req, res);
  });

  file('/assets/image-fallback.js', (req, res) => {
    cacheAsset(req, res, deps.assets.imageFallbackHref);
    res.type('application/javascript; charset=utf-8').send(deps.assets.imageFallbackScript);
  });

  // Drawn from the slug alone (designer-art.renderer.ts): no lookup, so a page of 50 cards costs no searches.
  file('/images/designers/:slug/:file', (req, res, next) => {
    const kind = /^(\w+)\.svg$/.exec(String(req.params.file))?.[1] as DesignerImageKind | undefined;
    const slug = SlugSchema.safeParse(req.params.slug);
    if (!kind || !DESIGNER_IMAGE_KINDS.includes(kind) || !slug.success) {
      // Past this route (and its 405): no image at this address is a 404 page.
      next('route');
      return;
    }
    res.setHeader('Cache-Control', `public, max-age=${DESIGNER_IMAGE_MAX_AGE_SECONDS}`);
    // An SVG opened on its own is a document: it may run nothing and load nothing.
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    res.type('image/svg+xml; charset=utf-8').send(renderDesignerImage(slug.data, kind));
  });

  file('/llms.txt', (_req, res) => {
    cache(res);
    res.type('text/markdown; charset=utf-8').send(renderLlmsTxt(deps.urls));
  });

  file('/robots.txt', (_req, res) => {
    cache(res);
    res.type('text/plain; charset=utf-8').send(renderRobotsTxt(deps.urls));
  });

  file('/sitemap.xml', ...deps.guard, async (req, res) => {
    await streamXml(req, res, await siteSitemap(deps.directory, deps.urls, maxUrls));
  });

  file(PAGES_SITEMAP_PATH, ...deps.guard, async (req, res) => {
    await streamXml(req, res, pagesSitemap(deps.urls));
  });

  file(DESIGNER_SITEMAP_PATH, ...deps.guard, async (req, res) => {
    const { cursor } = parseOrThrow(DesignerSitemapQuery, req.query);
    await streamXml(req, res, await designerSitemap(deps.directory, deps.urls, cursor, maxUrls));
  });

  return router;
}
