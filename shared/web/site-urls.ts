/**
 * Absolute addresses of the directory's pages, all derived from one public base URL so that canonical
 * links, sitemaps, llms.txt and profile_url agree with each other.
 */
export interface SiteUrls {
  base: string;
  absolute(path: string): string;
  profile(slug: string): string;
}

export function createSiteUrls(publicBaseUrl: string): SiteUrls {
  const base = publicBaseUrl.replace(/\/+$/, '');
  return {
    base,
    absolute: (path) => `${base}${path.startsWith('/') ? path : `/${path}`}`,
    profile: (slug) => `${base}/designer/${slug}`,
  };
}

/** A path with a query string, parameters in the order given, blanks left out. */
export function pathWithQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The directory's generated images of a designer: an avatar and a portfolio preview, served by the API. */
export type DesignerImageKind = 'avatar' | 'preview';
export const DESIGNER_IMAGE_KINDS: readonly DesignerImageKind[] = ['avatar', 'preview'];

export function designerImagePath(slug: string, kind: DesignerImageKind): string {
  return `/images/designers/${slug}/${kind}.svg`;
}
