import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Designer } from '../../shared/domain/designer.schema.ts';
import { generateSampleDirectory } from '../../shared/sample/sample-directory.ts';
import { requireServices } from '../support/services.ts';
import { type ListBody, PUBLIC_BASE_URL, query, ReadPathFixture, slugsOf } from './read-path.harness.ts';

const services = requireServices('elasticsearch');

/**
 * An agent's request names a specialty and a place ("brand designer in germany"). The words sit in different
 * fields (titles, location), so no one field holds them all, and the place is one word against the
 * specialty's two: records holding the specialty more often (a title said twice) used to outrank the ones in
 * the place. The directory is the sample one `npm start` serves; who should come first is read from its data.
 */
describe.skipIf(!services)('a role and a place in q rank the records holding both first (Elasticsearch)', () => {
  let fx: ReadPathFixture;
  const sample = generateSampleDirectory({ publicBaseUrl: PUBLIC_BASE_URL });
  const inGermany = (d: Designer) => /, DE$/.test(d.location);
  const brandDesigner = (d: Designer) => /\bbrand designer\b/i.test(d.current_role?.title ?? '');

  beforeAll(async () => {
    fx = await ReadPathFixture.create(services!.elasticsearch, 'place_in_q');
    await fx.load({ designers: sample.designers });
  });

  afterAll(async () => {
    await fx?.dispose();
  });

  it.each(['brand designer in germany', 'a brand designer based in Germany', 'brand designer from deutschland', 'brand designer in DE'])('%s', async (q) => {
    const expected = sample.designers.map((d) => d.designer).filter((d) => inGermany(d) && brandDesigner(d)).map((d) => d.slug).sort();
    expect(expected.length).toBeGreaterThanOrEqual(2);
    // Others hold the same title without the place.
    expect(sample.designers.filter((d) => brandDesigner(d.designer) && !inGermany(d.designer)).length).toBeGreaterThan(10);
    const response = await fx.app.get<ListBody<Designer>>(`/api/v1/designers${query({ q })}`);
    expect(response.status).toBe(200);
    const ranked = slugsOf(response.body);
    expect(ranked.slice(0, expected.length).sort(), ranked.join(' ')).toEqual(expected);
  });
});
