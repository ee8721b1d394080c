import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

type ServiceName = 'elasticsearch' | 'postgres' | 'redis';

const urls: Record<ServiceName, () => string | null> = {
  elasticsearch: () => inject('elasticsearchUrl'),
  postgres: () => inject('databaseUrl'),
  redis: () => inject('redisUrl'),
};

/**
 * The URLs of the services a suite needs, or null with a printed reason when one is missing, so the
 * suite can `describe.skipIf(!services)`. (global-setup already failed the run when services are required.)
 */
export function requireServices<const N extends ServiceName>(...names: N[]): Record<N, string> | null {
  const found = {} as Record<N, string>;
  for (const name of names) {
    const url = urls[name]();
    if (!url) {
      console.warn(`[skip] ${name} unavailable: ${inject('serviceProblems')[name] ?? 'not resolved'}`);
      return null;
    }
    found[name] = url;
  }
  return found;
}

/** A name no other suite or run uses: for index prefixes, queue names and databases. */
export function uniqueName(suite: string): string {
  return `t_${suite.replace(/[^a-z0-9]+/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}_`;
}
