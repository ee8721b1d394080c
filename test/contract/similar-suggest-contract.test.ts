import { describe, expect, it } from 'vitest';
import { SUGGESTION_KINDS, type Suggestion } from '../../shared/domain/suggest.schema.ts';
import { rankSuggestions, suggestWords } from '../../shared/search/suggest.rules.ts';
import { callTool } from '../mcp/tool-contract.ts';
import { hostedMcpClient, serveContractEngine } from './contract-api.ts';
import { contractEngines } from './engines.ts';
import { DESIGNERS, isListed, LISTED, NOW, toDesigner } from './fixtures.ts';

/**
 * Similar designers and type-ahead, the same on PGlite, a Postgres server and Elasticsearch. Similarity is
 * ranked differently by each engine (more_like_this against ts_rank), so the contract is the obvious nearest
 * neighbour first, never the designer itself, never an unlisted one. Completions are exact: the expected
 * list is counted here from the fixtures with the shared rules, and every engine must give exactly it.
 */

const UNLISTED = new Set(DESIGNERS.filter((d) => !isListed(d)).map((d) => d.id));

/** The completions of a folded word over the listed fixtures, counted by hand. */
function expectedSuggestions(word: string, limit: number): Suggestion[] {
  const counts = new Map<string, Suggestion>();
  for (const fixture of LISTED) {
    const words = suggestWords(toDesigner(fixture));
    for (const kind of SUGGESTION_KINDS) {
      for (const w of words[kind].filter((x) => x.startsWith(word))) {
        const key = `${kind}\u0000${w}`;
        const entry = counts.get(key) ?? { text: w, kind, count: 0 };
        entry.count += 1;
        counts.set(key, entry);
      }
    }
  }
  return rankSuggestions([...counts.values()], limit);
}

interface Body<T> {
  success: boolean;
  data: T;
  error?: string;
  details?: { parameter: string; message: string }[];
}

describe.each(contractEngines)('similar designers and suggest on $name', (engine) => {
  const reason = engine.unavailable();
  const served = serveContractEngine(engine, () => NOW);

  async function get<T>(path: string): Promise<{ status: number; body: Body<T> }> {
    const response = await fetch(`${served.base}${path}`);
    return { status: response.status, body: (await response.json()) as Body<T> };
  }

  describe.skipIf(reason !== null)('similar designers', () => {
    it('puts the obvious nearest neighbour first, never the designer itself nor an unlisted one', async () => {
      // John Appleseed is Product Designer at Acme Studio, as Ana López is; two unlisted designers are too.
      const { status, body } = await get<{ id: string; slug: string }[]>('/api/v1/designers/ana-lopez/similar');
      expect(status).toBe(200);
      const ids = body.data.map((d) => d.id);
      expect(ids[0]).toBe('d10');
      expect(ids).not.toContain('d01');
      for (const id of ids) expect(UNLISTED.has(id), id).toBe(false);
      expect(ids.length).toBeLessThanOrEqual(6);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('answers the list shape of designers, with profile addresses of this deployment', async () => {
      const { body } = await get<{ slug: string; profile_url: string }[]>('/api/v1/designers/ana-lopez/similar?limit=1');
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toEqual(toDesigner(LISTED.find((d) => d.id === 'd10')!));
    });

    it('finds the same nearest neighbours for a designer among near twins', async () => {
      // The twelve fillers share every word: the others are the eleven most similar to one of them.
      const { body } = await get<{ id: string }[]>('/api/v1/designers/filler-03/similar?limit=11');
      const fillers = LISTED.filter((d) => d.slug.startsWith('filler-') && d.slug !== 'filler-03').map((d) => d.id);
      expect([...body.data.map((d) => d.id)].sort()).toEqual(fillers.sort());
    });

    it('answers 404 for an unknown or unlisted slug and 400 naming limit for a bad one', async () => {
      expect((await get('/api/v1/designers/nobody-here/similar')).status).toBe(404);
      expect((await get('/api/v1/designers/kai-draft/similar')).status).toBe(404);
      for (const limit of ['0', '21', 'x', '-1', '1.5']) {
        const { status, body } = await get(`/api/v1/designers/ana-lopez/similar?limit=${limit}`);
        expect(status, limit).toBe(400);
        expect(body.details?.[0]?.parameter, limit).toBe('limit');
      }
      const other = await get('/api/v1/designers/ana-lopez/similar?q=x');
      expect(other.status).toBe(400);
      expect(other.body.details?.[0]?.parameter).toBe('q');
    });
  });

  describe.skipIf(reason !== null)('suggest', () => {
    const cases: [q: string, word: string][] = [
      ['acm', 'acme'],
      ['product des', 'des'],
      ['D', 'd'],
      ['zür', 'zur'],
      ['GLOBEX corp', 'corp'],
      ['lis', 'lis'],
      ['nothing-like-this-zzq', 'zzq'],
    ];

    it.each(cases)('completes %j with exact counts of listed designers', async (q, word) => {
      const { status, body } = await get<Suggestion[]>(`/api/v1/suggest?q=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      expect(body.data).toEqual(expectedSuggestions(word, 8));
    });

    it('counts only listed designers: the unlisted Kai Draft adds nothing', async () => {
      const { body } = await get<Suggestion[]>('/api/v1/suggest?q=kai');
      expect(body.data).toEqual([]);
      const acme = await get<Suggestion[]>('/api/v1/suggest?q=acme&limit=1');
      expect(acme.body.data).toEqual([{ text: 'acme', kind: 'company', count: 5 }]);
    });

    it('keeps counts in step with writes: a new designer counts at once, a removed one no more', async () => {
      const fixture = { ...LISTED.find((d) => d.id === 'd04')!, id: 'd96', slug: 'quill-new', name: 'Quill Newcomer' };
      fixture.current_role = { title: 'Xylograph Designer', company: 'Xylo Works', company_url: null };
      try {
        await served.loaded.addDesigner(fixture);
        expect((await get<Suggestion[]>('/api/v1/suggest?q=xylo')).body.data).toEqual([
          { text: 'xylo', kind: 'company', count: 1 },
          { text: 'xylograph', kind: 'title', count: 1 },
        ]);
        expect((await get<Suggestion[]>('/api/v1/suggest?q=quil')).body.data).toEqual([{ text: 'quill', kind: 'name', count: 1 }]);
      } finally {
        await served.loaded.removeDesigner('d96');
      }
      expect((await get<Suggestion[]>('/api/v1/suggest?q=xylo')).body.data).toEqual([]);
    });

    it('refuses a q over 100 characters, a missing q and a bad limit, naming the parameter', async () => {
      for (const [path, parameter] of [
        [`/api/v1/suggest?q=${'a'.repeat(101)}`, 'q'],
        ['/api/v1/suggest', 'q'],
        ['/api/v1/suggest?q=%20%20', 'q'],
        ['/api/v1/suggest?q=a&limit=9', 'limit'],
        ['/api/v1/suggest?q=a&limit=0', 'limit'],
      ] as const) {
        const { status, body } = await get(path);
        expect(status, path).toBe(400);
        expect(body.details?.map((d) => d.parameter), path).toContain(parameter);
      }
    });
  });

  describe.skipIf(reason !== null)('find_similar_designers (hosted MCP)', () => {
    const client = hostedMcpClient(served);

    it('gives what REST gives, and a tool error naming the slug for an unknown one', async () => {
      const result = await callTool(client(), 'find_similar_designers', { slug: 'ana-lopez', limit: 3 });
      expect(result.isError).toBe(false);
      const rest = await get<{ id: string }[]>('/api/v1/designers/ana-lopez/similar?limit=3');
      expect((result.structured?.results as { id: string }[]).map((d) => d.id)).toEqual(rest.body.data.map((d) => d.id));
      expect(result.text).toContain('John Appleseed');
      const missing = await callTool(client(), 'find_similar_designers', { slug: 'nobody-here' });
      expect(missing.isError).toBe(true);
      const bad = await callTool(client(), 'find_similar_designers', { slug: 'ana-lopez', limit: 50 });
      expect(bad.isError).toBe(true);
      expect(bad.text).toContain('limit');
    });
  });
});
