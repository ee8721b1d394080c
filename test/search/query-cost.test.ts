import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractEngines, type LoadedEngine } from '../contract/engines.ts';
import { PUBLIC_BASE_URL } from '../contract/fixtures.ts';
import { callToolOver, listenApi, type ListeningApi } from '../support/api-server.ts';

/**
 * One request's cost is bounded after folding, the same way on every engine: 171 × ㍿ is 171 characters
 * (within q's 200) that fold to one word of 684 letters. Refused with the same 400 naming the parameter on
 * REST, the search pages and the MCP tools, for designers and open roles, on PGlite, Postgres and
 * Elasticsearch alike.
 */
const SQUARED = '\u337f'.repeat(171);
const FOLDED_MESSAGE =
  'must be at most 240 characters once folded for matching (this value has 684; compatibility characters count as the letters they stand for, such as ㍿ as 株式会社 and ﬃ as ffi)';

for (const engine of contractEngines) {
  const unavailable = engine.unavailable();
  describe.skipIf(unavailable !== null)(`a free-text value too costly once folded, on ${engine.name}`, () => {
    let loaded: LoadedEngine;
    let api: ListeningApi;
    let base: string;

    beforeAll(async () => {
      loaded = await engine.load();
      api = await listenApi(loaded.search, { PUBLIC_BASE_URL });
      base = api.base;
    }, 120_000);

    afterAll(async () => {
      await api?.close();
      await loaded?.close();
    });

    for (const route of ['designers', 'open-roles']) {
      for (const parameter of ['q', 'company', 'location']) {
        it(`GET /api/v1/${route}?${parameter}=171 × ㍿ is a 400 naming ${parameter} and the limit`, async () => {
          const response = await fetch(`${base}/api/v1/${route}?${parameter}=${encodeURIComponent(SQUARED)}`);
          expect(response.status).toBe(400);
          const body = (await response.json()) as { success: boolean; details: unknown };
          expect(body.success).toBe(false);
          expect(body.details).toEqual([{ parameter, message: FOLDED_MESSAGE }]);
        });
      }
    }

    it('the same value within the limits is searched: 8 × ㍿, one word of 32 letters, answers a page', async () => {
      const response = await fetch(`${base}/api/v1/designers?q=${encodeURIComponent('\u337f'.repeat(8))}`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { success: boolean }).success).toBe(true);
    });

    for (const page of ['/', '/open-roles']) {
      it(`the search page ${page}?q=171 × ㍿ is a 400 page that says what q allows`, async () => {
        const response = await fetch(`${base}${page}?q=${encodeURIComponent(SQUARED)}`);
        expect(response.status).toBe(400);
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(await response.text()).toContain('must be at most 240 characters once folded for matching');
      });
    }

    for (const name of ['search_designers', 'list_open_roles']) {
      it(`MCP ${name} with q=171 × ㍿ is a tool error naming q and the limit`, async () => {
        const { status, body } = await callToolOver(base, name, { q: SQUARED });
        expect(status).toBe(200);
        expect(body.result?.isError).toBe(true);
        expect(body.result?.content[0]?.text).toContain(`- q: ${FOLDED_MESSAGE}`);
      });
    }
  });
}
