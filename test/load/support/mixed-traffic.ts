import { seededRandom } from '../../chaos/support/prng.ts';

/**
 * A mixed request load on the read API, as a day of real clients and a fuzzer would send it: free-text
 * searches with ever new words (each a new plan, a new cache key, new vocabulary lookups), filter
 * combinations, deep pages and cursors, profiles, the site's pages, sitemaps, MCP tool calls and batches,
 * and bad input. Request i is a pure function of i, so a run is reproducible.
 */

const WORDS = [
  'design', 'brand', 'product', 'graphic', 'motion', 'ux', 'ui', 'typography', 'identity', 'illustration',
  'berlin', 'london', 'lisbon', 'paris', 'new york', 'tokyo', 'senior', 'lead', 'studio', 'agency',
  'figma', 'blender', 'former', 'who', 'based in', 'remote', 'systems', 'packaging', 'editorial', 'web',
];
const CATEGORIES = ['product', 'brand', 'graphic', 'motion', 'illustration', 'industrial', '3d'];
const LOCATIONS = ['US', 'GB', 'DE', 'Berlin', 'London', 'Lisbon', 'Portugal', 'New York', 'Tokyo', 'FR'];
const COMPANIES = ['Helpful', 'Design Co', 'Studio', 'Acme', 'Google', 'Apple', 'Pentagram'];

export interface TrafficRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

function mcp(messages: unknown[] | unknown): TrafficRequest {
  return {
    method: 'POST',
    path: '/api/mcp',
    body: JSON.stringify(messages),
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  };
}

/** The i-th request of the load. */
export function mixedRequest(i: number): TrafficRequest {
  // Seeded by the request's number, so the same i always makes the same request.
  const r = seededRandom(i * 2654435761);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
  // A word no one sent before: the distinct q values a real crowd (and a fuzzer) sends.
  const fresh = () => `${pick(WORDS)}${i.toString(36)}`;
  const words = (n: number) => Array.from({ length: n }, () => (r() < 0.3 ? fresh() : pick(WORDS))).join(' ');
  const qs = (params: Record<string, string | number | undefined>) =>
    new URLSearchParams(Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined).map(([k, v]) => [k, String(v)])).toString();
  const encoding: Record<string, string> = r() < 0.5 ? { 'accept-encoding': pick(['gzip', 'br', 'gzip, br']) } : {};
  const kind = r();
  if (kind < 0.4) {
    const params = {
      q: r() < 0.8 ? words(1 + Math.floor(r() * 5)) : undefined,
      category: r() < 0.3 ? pick(CATEGORIES) : undefined,
      location: r() < 0.3 ? pick(LOCATIONS) : undefined,
      company: r() < 0.15 ? pick(COMPANIES) : undefined,
      limit: r() < 0.5 ? 1 + Math.floor(r() * 100) : undefined,
      offset: r() < 0.3 ? Math.floor(r() * 500) : undefined,
    };
    return { method: 'GET', path: `/api/v1/designers?${qs(params)}`, headers: encoding };
  }
  if (kind < 0.5) {
    const params = {
      q: r() < 0.6 ? words(1 + Math.floor(r() * 3)) : undefined,
      remote: r() < 0.3 ? String(r() < 0.5) : undefined,
      location: r() < 0.3 ? pick(LOCATIONS) : undefined,
      limit: r() < 0.5 ? 1 + Math.floor(r() * 100) : undefined,
    };
    return { method: 'GET', path: `/api/v1/open-roles?${qs(params)}`, headers: encoding };
  }
  if (kind < 0.56) return { method: 'GET', path: `/api/v1/designers/${fresh().replace(/\s+/g, '-')}` };
  if (kind < 0.64) {
    return { method: 'GET', path: `/?${qs({ q: words(1 + Math.floor(r() * 3)), category: r() < 0.3 ? pick(CATEGORIES) : undefined })}`, headers: encoding };
  }
  if (kind < 0.67) return { method: 'GET', path: pick(['/sitemap.xml', '/sitemaps/designers.xml', '/sitemaps/pages.xml', '/llms.txt']), headers: encoding };
  if (kind < 0.69) return { method: 'GET', path: pick(['/api/v1/openapi.json', '/api/v1', '/docs']), headers: encoding };
  if (kind < 0.85) {
    const call = (id: number) => {
      const tool = pick(['search_designers', 'search_designers', 'list_open_roles', 'get_designer'] as const);
      const args =
        tool === 'get_designer'
          ? { slug: fresh().replace(/\s+/g, '-') }
          : { q: words(1 + Math.floor(r() * 4)), ...(r() < 0.3 ? { location: pick(LOCATIONS) } : {}), limit: 1 + Math.floor(r() * 50) };
      return { jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool, arguments: args } };
    };
    if (r() < 0.15) return mcp(Array.from({ length: 2 + Math.floor(r() * 8) }, (_, n) => call(n + 1)));
    if (r() < 0.1) return mcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    return mcp(call(1));
  }
  // Bad input: every one a 4xx, never a 500.
  return pick<TrafficRequest>([
    { method: 'GET', path: `/api/v1/designers?limit=${fresh()}` },
    { method: 'GET', path: `/api/v1/designers?category=${fresh()}` },
    { method: 'GET', path: `/api/v1/designers?cursor=${fresh()}` },
    { method: 'GET', path: `/api/v1/designers?${fresh()}=1` },
    { method: 'GET', path: `/api/v1/designers?q=${'x'.repeat(300 + Math.floor(r() * 2000))}` },
    { method: 'GET', path: `/api/v1/open-roles?remote=${fresh()}` },
    { method: 'GET', path: `/api/v1/${fresh()}` },
    { method: 'GET', path: `/sitemaps/designers.xml?cursor=${fresh()}` },
    { method: 'POST', path: '/api/mcp', body: `{"jsonrpc":"2.0","id":1,${fresh()}`, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } },
    mcp({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_designers', arguments: { limit: fresh() } } }),
    mcp({ jsonrpc: '2.0', id: 1, method: fresh() }),
  ]);
}
