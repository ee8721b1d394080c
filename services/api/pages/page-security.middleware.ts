import helmet from 'helmet';
import type { RequestHandler } from 'express';

/**
 * Content-Security-Policy for the HTML pages only: the JSON API and the MCP endpoint are left as they
 * are. Pages run script files of this origin only, none inline: the image fallback, and the search form's
 * type-ahead (which asks this origin's API). Portfolio previews come from anywhere over https, the
 * generated images from this origin.
 * upgrade-insecure-requests is off because a plain-http deployment (localhost) would break its own assets.
 */
export const pageSecurity: RequestHandler = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'https:', 'data:'],
      formAction: ["'self'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
});

/**
 * /docs runs Redoc from our own origin. Redoc injects its styles at run time (styled-components) and
 * runs its search in a blob: worker; that is all this policy allows beyond the pages' one.
 */
export const docsSecurity: RequestHandler = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Nothing from elsewhere: Redoc's only outside fetch, its badge logo, is refused.
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      formAction: ["'self'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
});
