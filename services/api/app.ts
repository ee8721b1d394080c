import compression from 'compression';
import cors from 'cors';
import express, { type Express, type RequestHandler } from 'express';
import { xContentTypeOptions } from 'helmet';
import type { Config } from '../../shared/config/config.schema.ts';
import { createDirectoryService, type DirectoryService } from '../../shared/directory/directory-service.ts';
import { CURATED_ONLY, type SynonymSource, wordFormsFrom } from '../../shared/search/query-synonyms.ts';
import type { Logger } from '../../shared/logging/logger.ts';
import { buildApiIndex } from '../../shared/openapi/api-index.builder.ts';
import { buildOpenApiDocument } from '../../shared/openapi/openapi-document.builder.ts';
import type { SearchPort } from '../../shared/search/search.port.ts';
import { apiNotFound, errorMiddleware } from './middleware/error.middleware.ts';
import { otherMethods } from './middleware/method-not-allowed.ts';
import { createTraffic } from './middleware/traffic.ts';
import type { Mount } from './mount/mount.ts';
import { apiIndexRouter } from './routes/api-index.routes.ts';
import { designersRouter } from './routes/designers.routes.ts';
import { discoveryRouter } from './routes/discovery.routes.ts';
import { openRolesRouter } from './routes/open-roles.routes.ts';
import { webRouter } from './pages/web.mount.ts';
import { mergedSlashes } from './middleware/merged-slashes.middleware.ts';

export interface AppDeps {
  search: SearchPort;
  config: Pick<Config, 'PUBLIC_BASE_URL' | 'CACHE_MAX_AGE_SECONDS'> & Partial<Config>;
  logger: Logger;
  /** Extra routers mounted before the 404 handler (admin, MCP), each owned by its own module. */
  mounts?: (directory: DirectoryService) => Mount[];
  now?: () => Date;
  /** URLs per sitemap file (default 50,000); tests shrink it to see the sitemap index. */
  sitemapMaxUrls?: number;
  /** The synonyms the engine applies (the curated list with the stored rules); the curated list alone when absent. */
  synonyms?: SynonymSource;
}

export interface App {
  app: Express;
  directory: DirectoryService;
  /** Releases what the traffic controls hold (the rate limiter's Redis connection). */
  close(): Promise<void>;
}

export function createApp(deps: AppDeps): App {
  const directory = createDirectoryService({
    search: deps.search,
    publicBaseUrl: deps.config.PUBLIC_BASE_URL,
    // Highlights mark word forms and synonyms as the engines match them, the curators' rules included.
    wordForms: wordFormsFrom(deps.synonyms ?? CURATED_ONLY),
    ...(deps.now ? { now: deps.now } : {}),
  });
  const app = express();
  app.disable('x-powered-by');
  // Weak ETags on every JSON body; express answers 304 itself when If-None-Match matches.
  app.set('etag', 'weak');
  app.set('trust proxy', deps.config.TRUST_PROXY_HOPS ?? 0);
  const traffic = createTraffic(deps.config, deps.logger);
  app.use(traffic.observe);
  app.use(mergedSlashes());
  // Every answer holds text the directory's curators or its callers wrote (names, descriptions, q echoed in
  // errors): no browser may read a JSON or text body as anything but its declared type.
  app.use(xContentTypeOptions());
  app.route('/metrics').get(traffic.metrics).all(otherMethods('GET'));
  const mounts = deps.mounts?.(directory) ?? [];
  const jsonErrors = errorMiddleware(deps.logger);
  for (const mount of mounts) if (mount.beforeGuard) app.use(mount.path, ...mount.beforeGuard, mount.errors ?? jsonErrors);
  app.use('/api', traffic.guard);

  const cacheable: RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', `public, max-age=${deps.config.CACHE_MAX_AGE_SECONDS}`);
    next();
  };

  const site = deps.config.PUBLIC_BASE_URL.replace(/\/+$/, '');
  const openapi = buildOpenApiDocument(`${site}/api/v1`, { adminServerUrl: site });
  const index = buildApiIndex(openapi, [
    { rel: 'openapi', href: `${site}/api/v1/openapi.json`, title: 'OpenAPI 3.1 description of the API' },
    { rel: 'documentation', href: `${site}/docs`, title: 'API reference (HTML)' },
    { rel: 'llms-txt', href: `${site}/llms.txt`, title: 'How to use the API, for language models' },
    { rel: 'site', href: `${site}/`, title: 'Search the directory in a browser' },
    ...mounts.flatMap(({ link, path }) => (link ? [{ rel: link.rel, href: `${site}${path}`, title: link.title }] : [])),
  ]);
  // gzip or brotli for the clients that ask (a page of 50 profiles is ~39 KB of JSON, ~7 KB compressed), on
  // the API and the pages; not on MCP, whose Streamable HTTP answers may be event streams.
  const compressed: RequestHandler = deps.config.COMPRESSION === 'off' ? (_req, _res, next) => next() : compression();
  const v1 = express.Router();
  v1.use(compressed);
  v1.use(cors({ origin: '*', methods: ['GET', 'HEAD', 'OPTIONS'] }));
  v1.use(cacheable);
  v1.route('/openapi.json')
    .get((_req, res) => {
      res.json(openapi);
    })
    .all(otherMethods('GET'));
  v1.use(apiIndexRouter(index));
  v1.use(designersRouter(directory));
  v1.use(discoveryRouter(directory));
  v1.use(openRolesRouter(directory));

  app
    .route('/healthz')
    .get((_req, res) => {
      res.json({ status: 'ok' });
    })
    .all(otherMethods('GET'));
  app
    .route('/readyz')
    .get(async (_req, res) => {
      const ready = await deps.search.isReady();
      res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready' });
    })
    .all(otherMethods('GET'));
  // Each mount answers its own errors: express restores req.baseUrl once an error leaves a mount, and the
  // metrics label (`/api/v1/designers/:slug`, not `/designers/:slug`) is read from it when the response ends.
  app.use('/api/v1', v1, jsonErrors);
  for (const mount of mounts) app.use(mount.path, mount.router, mount.errors ?? jsonErrors);
  // The API's namespace answers in JSON whatever matched; every other unknown address is the site's, and the
  // web router answers it with an HTML 404 a person following a mistyped link can act on.
  app.use(apiNotFound(`${site}/api/v1/`));
  app.use(
    compressed,
    webRouter({
      directory,
      publicBaseUrl: deps.config.PUBLIC_BASE_URL,
      cacheMaxAgeSeconds: deps.config.CACHE_MAX_AGE_SECONDS,
      logger: deps.logger,
      guard: traffic.guard,
      ...(deps.sitemapMaxUrls ? { sitemapMaxUrls: deps.sitemapMaxUrls } : {}),
    }),
  );
  app.use(jsonErrors);
  return { app, directory, close: traffic.close };
}
