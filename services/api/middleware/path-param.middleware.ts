import type { RequestHandler } from 'express';
import { InvalidInputError } from '../../../shared/domain/errors.ts';

const ONE_SEGMENT = /^\/([^/]+)\/?$/;

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/**
 * Express decodes a route's path parameters while it matches the route, and on a broken percent-encoding
 * ("%ZZ", the UTF-8 bytes of a lone surrogate) it fails with a bare URIError before any handler runs, which
 * no handler can name. Mounted with router.use(prefix) in front of a route that is that prefix and one
 * parameter, this reads the raw segment first, so the caller gets the 400 naming the parameter that any
 * other invalid input gets.
 */
export function decodablePathParam(parameter: string): RequestHandler {
  return (req, _res, next) => {
    // req.path is the raw path below the prefix; deeper paths match no route and stay 404s.
    const segment = ONE_SEGMENT.exec(req.path)?.[1];
    if (segment !== undefined && !decodes(segment)) {
      next(new InvalidInputError([{ parameter, message: 'is not valid percent-encoded UTF-8' }]));
      return;
    }
    next();
  };
}

/**
 * decodablePathParam for a route with a fixed segment after the parameter (`/designers/:slug/similar`):
 * mounted at the prefix, it checks the segment before `suffix`.
 */
export function decodablePathParamBefore(parameter: string, suffix: string): RequestHandler {
  const pattern = new RegExp(`^/([^/]+)/${suffix}/?$`);
  return (req, _res, next) => {
    const segment = pattern.exec(req.path)?.[1];
    if (segment !== undefined && !decodes(segment)) {
      next(new InvalidInputError([{ parameter, message: 'is not valid percent-encoded UTF-8' }]));
      return;
    }
    next();
  };
}
