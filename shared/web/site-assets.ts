import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface SiteAssets {
  css: string;
  /** The stylesheet's address, versioned by its content so a changed stylesheet is never served stale. */
  stylesheetHref: string;
  /** Redoc's self-contained browser bundle as /docs runs it (redocScript), from the installed package: no CDN. */
  redocScriptFile: string;
  redocScriptHref: string;
  /** The pages' optional script: a remote preview that fails to load falls back to the generated one. */
  imageFallbackScript: string;
  imageFallbackHref: string;
  /** The search form's type-ahead (progressive enhancement), versioned by its content like the stylesheet. */
  suggestJs: string;
  suggestScriptHref: string;
}

/** The one address Redoc's bundle fetches from elsewhere: the logo of its "API docs by Redocly" badge. */
const REDOC_BADGE_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
/** Drawn in place instead (an outlined square in the text colour's grey), so nothing leaves the host. */
const LOCAL_BADGE_LOGO =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect x='2' y='2' width='12' height='12' rx='2' fill='none' stroke='%23666' stroke-width='2'/%3E%3C/svg%3E";
const A11Y_FIXES = new URL('./assets/redoc-a11y.js', import.meta.url);

/**
 * Redoc's bundle as served: its badge logo drawn locally instead of fetched from its CDN (no option turns
 * the badge off), and the accessibility fixes of assets/redoc-a11y.js appended. Read when first asked for.
 */
export function redocScript(file: string): Buffer {
  const bundle = readFileSync(file, 'utf8');
  if (!bundle.includes(REDOC_BADGE_LOGO)) throw new Error(`Redoc's bundle no longer names ${REDOC_BADGE_LOGO}: check what it fetches`);
  return Buffer.from(`${bundle.replaceAll(REDOC_BADGE_LOGO, LOCAL_BADGE_LOGO)}\n${readFileSync(A11Y_FIXES, 'utf8')}`);
}

export function loadSiteAssets(): SiteAssets {
  const css = readFileSync(new URL('./assets/site.css', import.meta.url), 'utf8');
  const cssVersion = createHash('sha256').update(css).digest('hex').slice(0, 12);
  const imageFallbackScript = readFileSync(new URL('./assets/image-fallback.js', import.meta.url), 'utf8');
  const scriptVersion = createHash('sha256').update(imageFallbackScript).digest('hex').slice(0, 12);
  const require = createRequire(import.meta.url);
  const redocScriptFile = require.resolve('redoc/bundles/redoc.standalone.js');
  const redocVersion = (require('redoc/package.json') as { version: string }).version;
  const fixesVersion = createHash('sha256').update(readFileSync(A11Y_FIXES)).update(LOCAL_BADGE_LOGO).digest('hex').slice(0, 8);
  const suggestJs = readFileSync(new URL('./assets/suggest.js', import.meta.url), 'utf8');
  const suggestVersion = createHash('sha256').update(suggestJs).digest('hex').slice(0, 12);
  return {
    suggestJs,
    suggestScriptHref: `/assets/suggest.js?v=${suggestVersion}`,
    css,
    stylesheetHref: `/assets/site.css?v=${cssVersion}`,
    redocScriptFile,
    redocScriptHref: `/assets/redoc.standalone.js?v=${redocVersion}-${fixesVersion}`,
    imageFallbackScript,
    imageFallbackHref: `/assets/image-fallback.js?v=${scriptVersion}`,
  };
}
