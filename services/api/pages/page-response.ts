import type { Response } from 'express';

/**
 * HTML answers cache like the API's JSON: a weak ETag from express and public max-age on success;
 * error pages are never stored.
 */
export function sendHtml(res: Response, status: number, html: string, cacheMaxAgeSeconds: number): void {
  res.status(status);
  res.setHeader('Cache-Control', status === 200 ? `public, max-age=${cacheMaxAgeSeconds}` : 'no-store');
  res.type('html').send(html);
}
