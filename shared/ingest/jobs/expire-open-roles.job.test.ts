import { describe, expect, it } from 'vitest';
import type { WriteResult } from '../ports/document-writer.port.ts';
import { openRole } from '../ports/fakes/ingest-fixtures.ts';
import { InMemorySearch } from '../ports/fakes/in-memory-search.test-support.ts';
import { expireOpenRoles } from './expire-open-roles.job.ts';
import { IndexWriteError } from './ingest-job.errors.ts';

const NOW = new Date('2025-06-01T12:00:00.000Z');

describe('expireOpenRoles', () => {
  it('removes open roles expired by now from the index and keeps the others', async () => {
    const search = await InMemorySearch.ready();
    await search.indexOpenRoles([
      { ...openRole('expired', '2025-05-31T00:00:00.000Z'), version: 3 },
      { ...openRole('expires-now', NOW.toISOString()), version: 4 },
      { ...openRole('running', '2025-06-30T00:00:00.000Z'), version: 5 },
    ]);
    expect(await expireOpenRoles({ writer: search }, NOW)).toEqual({ removed: 2, skipped: 0 });
    expect(search.live(search.names.openRoles)).toEqual(new Map([['running', 5]]));
    // Removed at the version the sweep saw: a late sync of that version cannot bring the open role back.
    expect(search.entry(search.names.openRoles, 'expired')).toEqual({ version: 3, live: false });
  });

  it('counts open roles extended while it ran as skipped, not removed', async () => {
    const result: WriteResult = { applied: 1, stale: 2, staleIds: ['a', 'b'], failed: [] };
    expect(await expireOpenRoles({ writer: { deleteExpiredOpenRoles: async () => result } }, NOW)).toEqual({ removed: 1, skipped: 2 });
  });

  it('fails (to be retried) when Elasticsearch refuses a delete', async () => {
    const result: WriteResult = { applied: 0, stale: 0, staleIds: [], failed: [{ id: 'r9', reason: 'unavailable', status: 503 }] };
    const error = await expireOpenRoles({ writer: { deleteExpiredOpenRoles: async () => result } }, NOW).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IndexWriteError);
    expect(error).toMatchObject({ permanent: false, message: 'Elasticsearch refused to delete expired listing r9: unavailable' });
  });

  it('asks for the open roles expired at the time it is given', async () => {
    const asked: Date[] = [];
    await expireOpenRoles({ writer: { deleteExpiredOpenRoles: async (now) => (asked.push(now), { applied: 0, stale: 0, staleIds: [], failed: [] }) } }, NOW);
    expect(asked).toEqual([NOW]);
  });
});
