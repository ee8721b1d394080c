import type { RequestHandler } from 'express';

/**
 * An address whose path repeats a slash (a client joining "https://host/" and "/api/v1") is sent, with a 308
 * that keeps the method and body, to the same path with single slashes, as nginx's merge_slashes would
 * read it. The target is always a path on this host: it begins with one slash, and a backslash (which a
 * browser reads as a slash, "/\host" as "//host") is sent percent-encoded.
 */
export function mergedSlashes(): RequestHandler {
  return (req, res, next) => {
    const at = req.originalUrl.indexOf('?');
    const path = at === -1 ? req.originalUrl : req.originalUrl.slice(0, at);
    if (!path.includes('//')) {
      next();
      return;
    }
    const merged = path.replace(/\/{2,}/g, '/').replaceAll('\\', '%5C');
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(308, merged + (at === -1 ? '' : req.originalUrl.slice(at)));
  };
}
