import { type RequestHandler, Router } from 'express';
import type { DirectoryService } from '../../../shared/directory/directory-service.ts';
import type { Logger } from '../../../shared/logging/logger.ts';
import { loadSiteAssets } from '../../../shared/web/site-assets.ts';
import { createSitePages } from '../../../shared/web/site-pages.tsx';
import { pageErrors, pageNotFound } from './page-errors.middleware.ts';
import { siteFilesRouter } from './site-files.routes.ts';
import { sitePagesRouter } from './site-pages.routes.ts';

export interface WebDeps {
  directory: DirectoryService;
  publicBaseUrl: string;
  cacheMaxAgeSeconds: number;
  logger: Logger;
  /** The traffic guard, before every page and sitemap that searches; static files go unguarded. */
  guard: RequestHandler[];
  sitemapMaxUrls?: number;
}

/** The directory's human face: server-rendered pages and site files, with HTML error pages of their own. */
export function webRouter(deps: WebDeps): Router {
  const assets = loadSiteAssets();
  const pages = createSitePages({
    publicBaseUrl: deps.publicBaseUrl,
    stylesheet: assets.stylesheetHref,
    script: assets.imageFallbackHref,
    suggestScript: assets.suggestScriptHref,
  });
  const common = { directory: deps.directory, cacheMaxAgeSeconds: deps.cacheMaxAgeSeconds, guard: deps.guard };
  const router = Router();
  router.use(sitePagesRouter({ ...common, pages, redocScriptHref: assets.redocScriptHref }));
  router.use(
    siteFilesRouter({
      ...common,
      urls: pages.urls,
      assets,
      logger: deps.logger,
      ...(deps.sitemapMaxUrls ? { sitemapMaxUrls: deps.sitemapMaxUrls } : {}),
    }),
  );
  router.use(pageNotFound);
  router.use(pageErrors(pages, deps.logger));
  return router;
}
