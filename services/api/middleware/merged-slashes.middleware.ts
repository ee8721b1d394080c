import type { RequestHandler } from 'express';

/**
 * An address whose path repeats a slash (a client joining "https://host/" and "/api/v1") is sent, with a 308
 * that keeps the method and body, to the same path with single slashes, as nginx's merge_slashes would
 * read it. The target is always a path on this host: it begins with one slash, and a backslash (which a
 * browser reads as a slash, "/\host" as "//host") is sent percent-encoded.
 */
export function mergedSlashes(): RequestHandler {
  return (req, res, next) => {
    const target = originForm(req.originalUrl);
    const at = target?.indexOf('?') ?? -1;
    const path = target === null ? '' : at === -1 ? target : target.slice(0, at);
    if (target === null || !path.includes('//')) {
      next();
      return;
    }
    const merged = path.replace(/\/{2,}/g, '/').replaceAll('\\', '%5C');
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(308, merged + (at === -1 ? '' : target.slice(at)));
  };
}

/**
 * The path and query of a request target. A proxy's absolute form ("GET http://host//x HTTP/1.1") is read
 * for its path alone: its "://" is no repeated slash, and its host is never where a redirect goes. Null for
 * a target that is neither form (an asterisk, a malformed URL): express answers those.
 */
function originForm(target: string): string | null {
  if (target.startsWith('/')) return target;
  try {
    const url = new URL(target);
    return url.pathname + url.search;
  } catch {
    return null;
  }
}
