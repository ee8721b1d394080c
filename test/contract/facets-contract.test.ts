import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { DesignerFacets, DesignerMatch } from '../../shared/domain/designer-facets.schema.ts';
import { callTool } from '../mcp/tool-contract.ts';
import { serveContractEngine } from './contract-api.ts';
import { type EngineName, contractEngines } from './engines.ts';
import { LISTED, NOW } from './fixtures.ts';

/**
 * Facets and highlights, on PGlite, a Postgres server and Elasticsearch loaded with the same fixtures: the
 * counts are exact (each is checked against the designers the search matches) and the same on every
 * engine, and so is why each designer matched.
 */

interface ListBody {
  data: { id: string; match?: DesignerMatch }[];
  meta: { total: number; facets?: DesignerFacets };
}

const ALL_FACETS = 'category,country,company,remote';

/** What each engine answered, by request: compared across engines once all have run. */
const answers = new Map<string, Map<EngineName, unknown>>();
function record(engine: EngineName, request: string, answer: unknown) {
  const byEngine = answers.get(request) ?? new Map<EngineName, unknown>();
  byEngine.set(engine, answer);
  answers.set(request, byEngine);
}

describe.each(contractEngines)('facets and highlights on $name', (engine) => {
  const reason = engine.unavailable();
  const served = serveContractEngine(engine, () => NOW);

  async function get(path: string): Promise<{ status: number; body: ListBody & { details?: { parameter: string; message: string }[] } }> {
    const response = await fetch(`${served.base}${path}`);
    return { status: response.status, body: (await response.json()) as ListBody };
  }
  async function list(path: string): Promise<ListBody> {
    const { status, body } = await get(path);
    expect(status, path).toBe(200);
    record(engine.name, path, body);
    return body;
  }

  /** The facets of exactly these designers, counted here from the fixtures. */
  function facetsOf(ids: readonly string[]): Pick<DesignerFacets, 'category' | 'company'> {
    const chosen = LISTED.filter((d) => ids.includes(d.id));
    const tally = <V extends string>(values: V[]) => {
      const counts = new Map<V, number>();
      for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
      return [...counts]
        .map(([value, count]) => ({ value, count }))
        .sort((a, b) => b.count - a.count || Buffer.compare(Buffer.from(a.value), Buffer.from(b.value)))
        .slice(0, 10);
    };
    const companies = chosen.flatMap((d) => [...new Set([d.current_role, ...(d.previous_roles ?? [])].filter((r) => r).map((r) => r!.company))]);
    return { category: tally(chosen.map((d) => d.category)), company: tally(companies) };
  }

  describe.skipIf(reason !== null)('', () => {
    it('counts every facet over the whole directory: top 10 by count, then value', async () => {
      const body = await list(`/api/v1/designers?facets=${ALL_FACETS}&limit=100`);
      expect(body.meta.total).toBe(LISTED.length);
      expect(body.meta.facets).toEqual({
        category: [
          { value: 'graphic', count: 13 },
          { value: 'product', count: 4 },
          { value: 'motion', count: 2 },
          { value: '3d', count: 1 },
          { value: 'brand', count: 1 },
          { value: 'director', count: 1 },
          { value: 'engineer', count: 1 },
        ],
        // "Remote (EU)", "Austin, TX" and "Puerto de la Cruz" name no country.
        country: [
          { value: 'PT', count: 12 },
          { value: 'US', count: 3 },
          { value: 'BE', count: 1 },
          { value: 'BR', count: 1 },
          { value: 'CH', count: 1 },
          { value: 'JP', count: 1 },
          { value: 'KR', count: 1 },
        ],
        // Eleven companies: the last of those with one designer falls past the top 10.
        company: [
          { value: 'Filler Co', count: 12 },
          { value: 'Acme Studio', count: 3 },
          { value: 'Globex Corporation', count: 3 },
          { value: 'Initech', count: 3 },
          { value: 'Hooli', count: 2 },
          { value: 'Umbrella', count: 2 },
          { value: 'Acme Labs', count: 1 },
          { value: 'Macme Works', count: 1 },
          { value: 'Pied Piper', count: 1 },
          { value: 'Studio Acme', count: 1 },
        ],
        remote: [
          { value: false, count: 21 },
          { value: true, count: 2 },
        ],
      });
      // Unlisted designers (Kai, Lea, Mo) count nowhere: the same as the counts of the listed alone.
      expect(body.meta.facets).toMatchObject(facetsOf(LISTED.map((d) => d.id)));
    });

    it('counts under the filters, only the facets asked for, whatever the page', async () => {
      const body = await list('/api/v1/designers?category=product&facets=country,company&limit=1');
      expect(body.meta.total).toBe(4);
      expect(body.meta.facets).toEqual({
        country: [
          { value: 'US', count: 2 },
          { value: 'BR', count: 1 },
        ],
        company: [
          { value: 'Acme Studio', count: 2 },
          { value: 'Hooli', count: 2 },
          { value: 'Globex Corporation', count: 1 },
          { value: 'Initech', count: 1 },
          { value: 'Umbrella', count: 1 },
        ],
      });
      const remote = await list('/api/v1/designers?location=remote&facets=remote,country');
      expect(remote.meta.facets).toEqual({ remote: [{ value: true, count: 2 }], country: [{ value: 'US', count: 1 }] });
    });

    it('counts exactly the designers q matches, on every page', async () => {
      for (const q of ['acme', 'designer', 'product designer initech']) {
        const all = await list(`/api/v1/designers?q=${encodeURIComponent(q)}&facets=category,company&limit=100`);
        expect(all.meta.facets, q).toEqual(facetsOf(all.data.map((d) => d.id)));
        const second = await list(`/api/v1/designers?q=${encodeURIComponent(q)}&facets=category,company&limit=2&offset=2`);
        expect(second.meta.facets, q).toEqual(all.meta.facets);
      }
    });

    it('limit=0 answers the counts only', async () => {
      const body = await list('/api/v1/designers?limit=0&facets=category&category=motion');
      expect(body.data).toEqual([]);
      expect(body.meta.total).toBe(2);
      expect(body.meta.facets).toEqual({ category: [{ value: 'motion', count: 2 }] });
      const none = await list('/api/v1/designers?limit=0&facets=country&q=zzqx');
      expect(none.meta).toMatchObject({ total: 0, facets: { country: [] } });
    });

    it('without facets, meta has none', async () => {
      expect((await list('/api/v1/designers?limit=1')).meta.facets).toBeUndefined();
    });

    it('highlight=true says why each designer matched: the role, current or previous', async () => {
      const body = await list('/api/v1/designers?q=animator&highlight=true');
      const reasons = Object.fromEntries(body.data.map((d) => [d.id, d.match?.reason]));
      expect(reasons).toEqual({ d05: 'previous role: Animator at Acme Studio', d14: 'current role: Animator at Tide Films' });
      const d05 = body.data.find((d) => d.id === 'd05')!.match!;
      // "Animates" is within the typo allowance of an eight-letter word, on every engine; "motion designer" is
      // a synonym of "animator", marked whole, below the title that holds the word itself.
      expect(d05.fields).toEqual([
        { field: 'title', role: { title: 'Motion Designer', company: 'Pied Piper', current: true }, text: 'Motion Designer', offsets: [[0, 6], [7, 15]], html: '<mark>Motion</mark> <mark>Designer</mark>' },
        { field: 'title', role: { title: 'Animator', company: 'Acme Studio', current: false }, text: 'Animator', offsets: [[0, 8]], html: '<mark>Animator</mark>' },
        { field: 'description', text: 'Animates stories.', offsets: [[0, 8]], html: '<mark>Animates</mark> stories.' },
      ]);
      const senior = await list('/api/v1/designers?q=senior%20product%20designer%20initech&highlight=true&limit=1');
      expect(senior.data[0]).toMatchObject({ id: 'd09', match: { reason: 'current role: Senior Product Designer at Initech' } });
      const place = await list('/api/v1/designers?q=seoul&highlight=true');
      expect(place.data.map((d) => [d.id, d.match?.reason])).toEqual([['d08', 'based in Seoul, KR']]);
      const text = await list('/api/v1/designers?q=grids%20print&highlight=true');
      expect(text.data.map((d) => d.match?.reason)).toEqual(['description mentions grids, print']);
      expect((await list('/api/v1/designers?q=animator')).data.every((d) => d.match === undefined)).toBe(true);
    });

    it('refuses an unknown facet and a highlight that is not true or false, by name', async () => {
      const colour = await get('/api/v1/designers?facets=category,colour');
      expect(colour.status).toBe(400);
      expect(colour.body.details).toEqual([{ parameter: 'facets', message: '"colour": must be one of category, country, company, remote' }]);
      const maybe = await get('/api/v1/designers?highlight=maybe');
      expect(maybe.status).toBe(400);
      expect(maybe.body.details).toEqual([{ parameter: 'highlight', message: 'must be true or false' }]);
    });

    it('search_designers takes facets and highlight and says the counts and each reason in its text', async () => {
      const client = new Client({ name: 'facets-contract', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL('/api/mcp', served.base)));
      try {
        const result = await callTool(client, 'search_designers', { q: 'animator', facets: ['country', 'category'], highlight: true });
        expect(result.isError).toBe(false);
        expect(result.text).toContain('matched: previous role: Animator at Acme Studio');
        expect(result.text).toContain('category: motion 2');
        expect(result.text).toContain('country (location=code): USA (US) 1');
        const rest = await list('/api/v1/designers?q=animator&facets=country,category&highlight=true&limit=10');
        expect(result.structured?.facets).toEqual(rest.meta.facets);
        expect(result.structured?.results).toEqual(rest.data);
        const bad = await callTool(client, 'search_designers', { facets: ['colour'] });
        expect(bad.isError).toBe(true);
        expect(bad.text).toContain('facets');
      } finally {
        await client.close();
      }
    });
  });
});

describe('facets and highlights across engines', () => {
  it('every engine that ran answered every request the same', () => {
    for (const [request, byEngine] of answers) {
      const [first, ...others] = [...byEngine.values()];
      // Relevance order, and so which records a partial page holds, and cursors (each engine's sort values)
      // may differ: the records of a whole answer, the counts and the reasons may not.
      const canon = (answer: unknown) => {
        const body = answer as ListBody & { meta: { next_cursor?: string | null } };
        const { next_cursor: _cursor, ...meta } = body.meta;
        const whole = body.data.length === body.meta.total;
        return { ...body, meta, data: whole ? [...body.data].sort((a, b) => a.id.localeCompare(b.id)) : body.data.length };
      };
      for (const other of others) expect(canon(other), request).toEqual(canon(first));
    }
  });
});
