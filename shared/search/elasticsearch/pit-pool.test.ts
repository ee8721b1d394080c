import type { Client } from '@elastic/elasticsearch';
import { describe, expect, it } from 'vitest';
import { BackendUnavailableError } from '../../domain/errors.ts';
import { PIT_KEEP_ALIVE_MS, PitPool } from './pit-pool.ts';

/** Just the two calls the pool makes, recording what it asked for. */
function fakeClient() {
  let n = 0;
  const closed: string[] = [];
  const client = {
    openPointInTime: async () => ({ id: `pit-${++n}` }),
    closePointInTime: async ({ id }: { id: string }) => {
      closed.push(id);
      return { succeeded: true, num_freed: 1 };
    },
  } as unknown as Client;
  return { client, closed };
}

describe('PitPool', () => {
  it('opens up to maxOpen, then refuses with a retryable 503 error', async () => {
    const { client } = fakeClient();
    const pool = new PitPool(client, { maxOpen: 2 });
    await pool.open('i');
    await pool.open('i');
    const error = await pool.open('i').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect((error as BackendUnavailableError).retryAfterSeconds).toBeGreaterThan(0);
    expect(pool.size()).toBe(2);
  });

  it('concurrent opens cannot overshoot the bound', async () => {
    const { client } = fakeClient();
    const pool = new PitPool(client, { maxOpen: 3 });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => pool.open('i')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(pool.size()).toBe(3);
  });

  it('close frees a slot at once and closes the context on the cluster', async () => {
    const { client, closed } = fakeClient();
    const pool = new PitPool(client, { maxOpen: 1 });
    const id = await pool.open('i');
    await pool.close(id);
    expect(closed).toEqual([id]);
    expect(pool.size()).toBe(0);
    await expect(pool.open('i')).resolves.toBe('pit-2');
  });

  it('an abandoned point in time stops counting when its keep-alive runs out; each page extends it', async () => {
    const { client } = fakeClient();
    let now = 0;
    const pool = new PitPool(client, { maxOpen: 1, now: () => now });
    const id = await pool.open('i');
    now += PIT_KEEP_ALIVE_MS - 1;
    pool.touch(id, id);
    now += PIT_KEEP_ALIVE_MS - 1;
    expect(pool.size()).toBe(1);
    now += 2;
    expect(pool.size()).toBe(0);
  });

  it('follows a point in time whose id Elasticsearch changed', async () => {
    const { client } = fakeClient();
    const pool = new PitPool(client, { maxOpen: 2 });
    const id = await pool.open('i');
    pool.touch(id, 'renamed');
    expect(pool.size()).toBe(1);
  });

  it('a first cursor followed again while its snapshot is open reads the same one, whatever the bound', async () => {
    const { client } = fakeClient();
    const pool = new PitPool(client, { maxOpen: 2 });
    const replays = await Promise.all(Array.from({ length: 10 }, () => pool.open('i', 'cursor-a')));
    expect(new Set(replays)).toEqual(new Set(['pit-1']));
    expect(await pool.open('i', 'cursor-a')).toBe('pit-1');
    expect(pool.size()).toBe(1);
    // Another walk's first cursor has a snapshot of its own.
    expect(await pool.open('i', 'cursor-b')).toBe('pit-2');
    expect(pool.size()).toBe(2);
  });

  it('a first cursor whose snapshot was closed, expired or renamed gets the open one, or a new one', async () => {
    const { client } = fakeClient();
    let now = 0;
    const pool = new PitPool(client, { maxOpen: 5, now: () => now });
    const first = await pool.open('i', 'cursor-a');
    pool.touch(first, 'renamed');
    expect(await pool.open('i', 'cursor-a')).toBe('renamed');
    await pool.close('renamed');
    const second = await pool.open('i', 'cursor-a');
    expect(second).toBe('pit-2');
    now += PIT_KEEP_ALIVE_MS;
    expect(await pool.open('i', 'cursor-a')).toBe('pit-3');
    expect(pool.size()).toBe(1);
  });

  it('a first cursor refused at the bound is not remembered: followed later, it opens its snapshot', async () => {
    const { client } = fakeClient();
    const pool = new PitPool(client, { maxOpen: 1 });
    const other = await pool.open('i', 'cursor-a');
    await expect(pool.open('i', 'cursor-b')).rejects.toBeInstanceOf(BackendUnavailableError);
    await pool.close(other);
    expect(await pool.open('i', 'cursor-b')).toBe('pit-2');
  });
});
