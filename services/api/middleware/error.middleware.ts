import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ServiceUnavailableError, InvalidInputError, NotFoundError } from '../../../shared/domain/errors.ts';
import type { ErrorResponse } from '../../../shared/domain/envelope.schema.ts';
import type { Logger } from '../../../shared/logging/logger.ts';
import { MethodNotAllowedError } from './method-not-allowed.ts';
import { TrafficRefusedError } from './traffic-refused.errors.ts';

/**
 * A JSON 404 for an address under /api that no route took, pointing to the index of the API's routes; other
 * addresses go on, to the site's pages.
 */
export function apiNotFound(indexUrl: string): RequestHandler {
  return (req, res, next) => {
    // Case-insensitive, as express routes: /API/v1/designers is the API's.
    if (!/^\/api(?:\/|$)/i.test(req.path)) {
      next();
      return;
    }
    const error = `No route for ${req.method} ${req.path}. The API's routes are listed at ${indexUrl}`;
    // As every other error answer: a route added later must not be hidden behind a cached 404.
    res.setHeader('Cache-Control', 'no-store');
    res.status(404).json({ success: false, error } satisfies ErrorResponse);
  };
}

/**
 * The status of an error express or its parsers raised for the request itself (a body that is not JSON, a
 * path express could not decode): a 4xx it carries, or null for anything else.
 */
export function clientErrorStatus(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/** Maps domain errors to statuses; anything else is a 500 whose body says nothing of the internals. */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    res.setHeader('Cache-Control', 'no-store');
    if (error instanceof InvalidInputError) {
      const body: ErrorResponse = {
        success: false,
        error: `Invalid parameter${error.problems.length > 1 ? 's' : ''}: ${error.message}`,
        details: error.problems,
      };
      res.status(error.status).json(body);
      return;
    }
    if (error instanceof TrafficRefusedError) {
      res.status(error.status).json({ success: false, error: error.message } satisfies ErrorResponse);
      return;
    }
    if (error instanceof MethodNotAllowedError) {
      res.status(405).json({ success: false, error: error.message } satisfies ErrorResponse);
      return;
    }
    if (error instanceof NotFoundError) {
      res.status(404).json({ success: false, error: error.message } satisfies ErrorResponse);
      return;
    }
    if (error instanceof ServiceUnavailableError) {
      logger.warn({ err: error.cause ?? error, path: req.path }, 'search engine unavailable');
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
      res.status(503).json({ success: false, error: error.message } satisfies ErrorResponse);
      return;
    }
    const status = clientErrorStatus(error) ?? 500;
    if (status === 500) logger.error({ err: error, path: req.path }, 'unhandled error');
    res.status(status).json({
      success: false,
      error: status === 500 ? 'Internal server error.' : 'Bad request.',
    } satisfies ErrorResponse);
  };
}
