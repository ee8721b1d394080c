import type { z } from 'zod';
import type { DirectoryService } from '../directory/directory-service.ts';
import {
  DesignerListResponseSchema,
  DesignerResponseSchema,
  ErrorResponseSchema,
  OpenRoleListResponseSchema,
} from '../domain/envelope.schema.ts';
import { ServiceUnavailableError, InvalidInputError, NotFoundError } from '../domain/errors.ts';
import { type Page, resolvePage } from '../domain/pagination.ts';
import { SimilarDesignersResponseSchema } from '../domain/similar-designers.schema.ts';
import { SuggestResponseSchema } from '../domain/suggest.schema.ts';
import type { DesignerFacets } from '../domain/designer-facets.schema.ts';

export interface RestDirectoryClientOptions {
  /** Where the public API lives, e.g. https://directory.example (a trailing /api/v1 is tolerated). */
  baseUrl: string;
  timeoutMs?: number;
}

/** Accepts the site root or the API root, with or without a trailing slash. */
export function apiRoot(baseUrl: string): string {
  return `${baseUrl.trim().replace(/\/+$/, '').replace(/\/api\/v1$/, '')}/api/v1`;
}

type Envelope<T> = { data: T[]; meta: { total: number; limit: number; offset: number; has_more: boolean; next_cursor: string | null; facets?: DesignerFacets } };

function toPage<T>(envelope: Envelope<T>): Page<T> & { facets?: DesignerFacets } {
  const { meta } = envelope;
  return {
    ...(meta.facets ? { facets: meta.facets } : {}),
    items: envelope.data,
    total: meta.total,
    limit: meta.limit,
    offset: meta.offset,
    hasMore: meta.has_more,
    nextCursor: meta.next_cursor,
  };
}

function queryOf(params: Record<string, string | number | boolean | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  const text = query.toString();
  return text ? `?${text}` : '';
}

const RETRYABLE = new Set([429, 502, 503, 504]);

/**
 * The directory read use cases over the public REST API, for the local (stdio) tool server. Answers map
 * back to the same domain results and errors as the in-process service: 400 to InvalidInputError with
 * the API's per-parameter details, 404 on a profile to NotFoundError, and 429/502/503/504, time-outs
 * and refused connections to ServiceUnavailableError. An error without the directory's body is no
 * verdict on the arguments: it says the base URL may not be the directory's.
 */
export function createRestDirectoryClient(options: RestDirectoryClientOptions): DirectoryService {
  const root = apiRoot(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function getJson<S extends z.ZodType>(path: string, schema: S, missing: 'profile' | 'route'): Promise<z.output<S>> {
    const url = `${root}${path}`;
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      body = await response.json().catch(() => undefined);
    } catch (error) {
      throw new ServiceUnavailableError(`the Designer Directory API at ${root} did not answer.`, { cause: error });
    }
    if (response.ok) {
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw new Error(`Unexpected response from ${url}: ${parsed.error.message}`);
      return parsed.data;
    }
    const problem = ErrorResponseSchema.safeParse(body);
    const message = problem.success ? problem.data.error : `HTTP ${response.status}`;
    // The directory names the parameter in every 400. A 400 without that is another server's (a wrong
    // base URL, a proxy): blaming the caller's arguments would send a model off correcting valid ones.
    if (response.status === 400 && problem.success && problem.data.details?.length) throw new InvalidInputError(problem.data.details);
    if (response.status === 404 && missing === 'profile' && problem.success) throw new NotFoundError(message);
    if (RETRYABLE.has(response.status)) {
      const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
      throw new ServiceUnavailableError(`the Designer Directory API answered ${response.status} (${message}).`, {
        ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
      });
    }
    if (!problem.success) {
      throw new Error(
        `The server at ${root} answered ${response.status} for ${url} without the Designer Directory's error body: ` +
          'is the base URL (--base-url, DIRECTORY_API_URL) the address of the directory?',
      );
    }
    throw new Error(`The Designer Directory API answered ${response.status} for ${url}: ${message}`);
  }

  return {
    async searchDesigners(search, rules) {
      const { limit } = resolvePage(search, rules);
      // facets travel as the comma list the route takes.
      const query = queryOf({ ...search, facets: search.facets?.join(','), limit });
      return toPage(await getJson(`/designers${query}`, DesignerListResponseSchema, 'route'));
    },

    async getDesigner(key) {
      if ('id' in key) {
        // The public API has no id path; the exact id filter with limit=1 is the same lookup.
        const page = toPage(await getJson(`/designers${queryOf({ id: key.id, limit: 1 })}`, DesignerListResponseSchema, 'route'));
        const designer = page.items[0];
        if (!designer) throw new NotFoundError(`No designer with id "${key.id}".`);
        return designer;
      }
      const response = await getJson(`/designers/${encodeURIComponent(key.slug)}`, DesignerResponseSchema, 'profile');
      return response.data;
    },

    async searchOpenRoles(search, rules) {
      const { limit } = resolvePage(search, rules);
      const query = queryOf({ ...search, limit });
      return toPage(await getJson(`/open-roles${query}`, OpenRoleListResponseSchema, 'route'));
    },

    async similarDesigners({ slug, limit }) {
      const path = `/designers/${encodeURIComponent(slug)}/similar${queryOf({ limit })}`;
      return (await getJson(path, SimilarDesignersResponseSchema, 'profile')).data;
    },

    async suggest({ q, limit }) {
      return (await getJson(`/suggest${queryOf({ q, limit })}`, SuggestResponseSchema, 'route')).data;
    },
  };
}
