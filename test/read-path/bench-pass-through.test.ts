import type { Client } from '@elastic/elasticsearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PassThroughProcess, startPassThroughProcess } from '../../bench/support/pass-through.process.ts';
import { createElasticsearchClient } from '../../shared/search/elasticsearch/es-client.factory.ts';
import { requireServices, uniqueName } from '../support/services.ts';

const services = requireServices('elasticsearch');

/**
 * The scale bench's bare hop is the reference its read runs compare the API with (BENCHMARKS.md): it must
 * answer exactly what Elasticsearch answers for the same body, or its ratio would not be a hop's cost.
 */
describe.skipIf(!services)('the scale bench bare hop forwards a search body and sends back what Elasticsearch answered', () => {
  let client: Client;
  let hop: PassThroughProcess;
  let missingHop: PassThroughProcess;
  const index = `${uniqueName('bench_hop')}designers`;
  const searchUrl = () => `${services!.elasticsearch}/${index}/_search`;

  beforeAll(async () => {
    client = createElasticsearchClient({ url: services!.elasticsearch, requestTimeoutMs: 30_000 });
    await client.indices.create({ index, settings: { number_of_shards: 1, number_of_replicas: 0 } });
    const names = ['Ana Müller', 'Bo Chen', 'Chloé Dubois', 'Dara Okafor'];
    await client.bulk({
      refresh: true,
      operations: names.flatMap((name, i) => [{ index: { _index: index, _id: String(i) } }, { name, rank: i, note: 'ünïcode ✓ "quoted"' }]),
    });
    hop = await startPassThroughProcess(searchUrl());
    missingHop = await startPassThroughProcess(`${services!.elasticsearch}/${index}_missing/_search`);
  });

  afterAll(async () => {
    await hop?.stop();
    await missingHop?.stop();
    await client?.indices.delete({ index }, { ignore: [404] });
    await client?.close();
  });

  const post = (url: string, body: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  /** The answer's bytes but `took`, Elasticsearch's own timing, which differs between any two searches. */
  const bytesWithoutTook = async (response: Response) => Buffer.from(await response.arrayBuffer()).toString('latin1').replace(/^\{"took":\d+,/, '{');

  it('the same bytes as the same body sent straight to Elasticsearch: hits, totals and sort values in the same order', async () => {
    const body = JSON.stringify({ query: { range: { rank: { gte: 1 } } }, sort: [{ rank: 'desc' }], size: 2, track_total_hits: true });
    const direct = await bytesWithoutTook(await post(searchUrl(), body));
    const viaHop = await post(hop.url, body);
    expect(viaHop.status).toBe(200);
    const hopBytes = await bytesWithoutTook(viaHop);
    expect(hopBytes).toBe(direct);
    const { hits } = JSON.parse(Buffer.from(hopBytes, 'latin1').toString('utf8')) as { hits: { total: { value: number }; hits: { _id: string }[] } };
    expect(hits.total.value).toBe(3);
    expect(hits.hits.map((h) => h._id)).toEqual(['3', '2']);
  });

  it('non-ASCII and escaped text arrives byte for byte as Elasticsearch encoded it', async () => {
    const body = JSON.stringify({ query: { ids: { values: ['2'] } } });
    const [direct, viaHop] = [await bytesWithoutTook(await post(searchUrl(), body)), await bytesWithoutTook(await post(hop.url, body))];
    expect(viaHop).toBe(direct);
    const text = Buffer.from(viaHop, 'latin1').toString('utf8');
    expect(text).toContain('"name":"Chloé Dubois"');
    expect(text).toContain('"note":"ünïcode ✓ \\"quoted\\""');
  });

  it('an error status from Elasticsearch comes back as that status, not as a success', async () => {
    const viaHop = await post(missingHop.url, '{"query":{"match_all":{}}}');
    expect(viaHop.status).toBe(404);
    expect(((await viaHop.json()) as { error: { type: string } }).error.type).toBe('index_not_found_exception');
  });
});
