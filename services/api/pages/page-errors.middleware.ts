import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ServiceUnavailableError, InvalidInputError, NotFoundError } from '../../../shared/domain/errors.ts';
import type { Logger } from '../../../shared/logging/logger.ts';
import type { SitePages } from '../../../shared/web/site-pages.tsx';
import { clientErrorStatus } from '../middleware/error.middleware.ts';
import { MethodNotAllowedError } from '../middleware/method-not-allowed.ts';
import { TrafficRefusedError } from '../middleware/traffic-refused.errors.ts';
import { sendHtml } from './page-response.ts';
import { pageSecurity } from './page-security.middleware.ts';

/**
 * Any address no page or site file took: a person who mistyped a link, or followed an old one, gets a page
 * with the way back into the directory. The address is not echoed (it may be 16 KB of anything).
 */
export const pageNotFound: RequestHandler = (_req, _res, next) => {
  next(new NotFoundError('There is no page at this address. It may be mistyped, or the page may have moved.'));
};

/** The HTML twin of the API's error middleware: the same statuses, as pages a person can act on. */
export function pageErrors(pages: SitePages, logger: Logger): ErrorRequestHandler {
  const handle: ErrorRequestHandler = (error, req, res) => {
    if (error instanceof NotFoundError) {
      sendHtml(res, 404, pages.error(404, error.message), 0);
      return;
    }
    if (error instanceof MethodNotAllowedError) {
      sendHtml(res, 405, pages.error(405, error.message), 0);
      return;
    }
    if (error instanceof InvalidInputError) {
      sendHtml(res, 400, pages.error(400, error.message), 0);
      return;
    }
    if (error instanceof ServiceUnavailableError) {
      logger.warn({ err: error.cause ?? error, path: req.path }, 'search engine unavailable');
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
      sendHtml(res, 503, pages.error(503, 'The directory cannot search right now. Please try again in a few seconds.'), 0);
      return;
    }
    if (error instanceof TrafficRefusedError) {
      const message =
        error.status === 429
          ? 'You have opened many pages in a short time. Please wait a minute, then try again.'
          : 'The directory is busy. Please try again in a few seconds.';
      sendHtml(res, error.status, pages.error(error.status, message), 0);
      return;
    }
    const status = clientErrorStatus(error);
    if (status !== null) {
      sendHtml(res, status, pages.error(400, 'The address could not be read. Check it for typing mistakes.'), 0);
      return;
    }
    logger.error({ err: error, path: req.path }, 'unhandled page error');
    sendHtml(res, 500, pages.error(500, 'The page could not be shown. Please try again.'), 0);
  };
  return (error, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    // Errors of the site files (a bad sitemap cursor) are HTML pages too, under the same policy.
    pageSecurity(req, res, () => handle(error, req, res, next));
  };
}
