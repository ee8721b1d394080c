import { describe, expect, it } from 'vitest';
import { requireServices } from './support/services.ts';

const services = requireServices('elasticsearch');

describe.skipIf(!services)('elasticsearch smoke', () => {
  it('answers cluster health', async () => {
    const response = await fetch(`${services!.elasticsearch}/_cluster/health`);
    expect(response.status).toBe(200);
  });
});
