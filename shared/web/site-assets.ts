import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface SiteAssets {
  css: string;
  /** The stylesheet's address, versioned by its content so a changed stylesheet is never served stale. */
  stylesheetHref: string;
  /** Redoc's self-contained browser bundle, served from the installed package: no CDN. */
  redocScriptFile: string;
  redocScriptHref: string;
}

export function loadSiteAssets(): SiteAssets {
  const css = readFileSync(new URL('./assets/site.css', import.meta.url), 'utf8');
  const cssVersion = createHash('sha256').update(css).digest('hex').slice(0, 12);
  const require = createRequire(import.meta.url);
  const redocScriptFile = require.resolve('redoc/bundles/redoc.standalone.js');
  const redocVersion = (require('redoc/package.json') as { version: string }).version;
  return {
    css,
    stylesheetHref: `/assets/site.css?v=${cssVersion}`,
    redocScriptFile,
    redocScriptHref: `/assets/redoc.standalone.js?v=${redocVersion}`,
  };
}
