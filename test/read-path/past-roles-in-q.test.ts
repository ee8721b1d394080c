import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Designer } from '../../shared/domain/designer.schema.ts';
import { generateSampleDirectory } from '../../shared/sample/sample-directory.ts';
import { requireServices } from '../support/services.ts';
import { type ListBody, PUBLIC_BASE_URL, query, ReadPathFixture, slugsOf } from './read-path.harness.ts';

const services = requireServices('elasticsearch');

/**
 * An agent asks for the people who used to work somewhere ("designers who used to work at Possible Works",
 * "former Helpful Design Co. designers"). The current staff hold the same company words, in their current
 * role and often in their description too, and used to rank first. The directory is the sample one `npm start`
 * serves; who worked where is read from its data.
 */
describe.skipIf(!services)('a request for past roles ranks the former staff first (Elasticsearch)', () => {
  let fx: ReadPathFixture;
  const sample = generateSampleDirectory({ publicBaseUrl: PUBLIC_BASE_URL });
  const at = (company: string) => (role: { company: string } | null) => role?.company === company;

  beforeAll(async () => {
    fx = await ReadPathFixture.create(services!.elasticsearch, 'past_roles_in_q');
    await fx.load({ designers: sample.designers });
  });

  afterAll(async () => {
    await fx?.dispose();
  });

  it.each([
    ['Helpful Design Co.', 'former Helpful Design Co. designers'],
    ['Helpful Design Co.', 'designers who used to work at Helpful Design Co.'],
    ['Possible Works', 'designers who used to work at Possible Works'],
    ['Possible Works', 'who used to work at Possible Works'],
    ['Possible Works', 'people who left Possible Works'],
  ])('%s: %s', async (company, q) => {
    const designers = sample.designers.map((d) => d.designer);
    const former = (d: Designer) => d.previous_roles.some(at(company)) && !at(company)(d.current_role);
    const expected = designers.filter(former).map((d) => d.slug).sort();
    // The company has former staff and current staff both.
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(designers.filter((d) => at(company)(d.current_role)).length).toBeGreaterThanOrEqual(2);
    const response = await fx.app.get<ListBody<Designer>>(`/api/v1/designers${query({ q, limit: 50 })}`);
    expect(response.status).toBe(200);
    const ranked = slugsOf(response.body);
    expect(ranked.slice(0, expected.length).sort(), ranked.join(' ')).toEqual(expected);
  });
});
