import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminQueueConnection } from './admin-queue-connection.ts';

/** A TCP server that accepts and never answers (blackhole) or drops every connection at once (refuse). */
async function fakeRedis(mode: 'blackhole' | 'refuse'): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    if (mode === 'refuse') socket.destroy();
    else sockets.add(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('AdminQueueConnection', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it.each(['blackhole', 'refuse'] as const)('gives up within its bound when Redis does not answer (%s)', async (mode) => {
    const redis = await fakeRedis(mode);
    const connection = new AdminQueueConnection(redis.url, 'admin_test', undefined, 300);
    cleanups.push(() => connection.close(), () => redis.close());
    const started = Date.now();
    await expect(connection.ready()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2000);
    // Still bounded on the next call; nothing was left waiting from the first.
    await expect(connection.ready()).rejects.toThrow();
  });

  it('opens nothing until asked, and closes what it opened', async () => {
    const connection = new AdminQueueConnection('redis://127.0.0.1:1', 'admin_test');
    await connection.close();
    const queues = connection.queues();
    expect(connection.queues()).toBe(queues);
    await connection.close();
    expect(connection.queues()).not.toBe(queues);
    await connection.close();
  });
});
