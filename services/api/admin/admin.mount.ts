import { Router } from 'express';
import { connectIngestQueues, type IngestQueues } from '../../../shared/ingest/ingest-queues.ts';
import type { Mount, MountContext } from '../mount.ts';
import { adminAuth } from './admin-auth.middleware.ts';
import { adminRouter, queueNotConfigured } from './admin.routes.ts';
import { embeddedAdminRouter } from './embedded-admin.routes.ts';

export const ADMIN_PATH = '/api/admin';

/**
 * Admin routes under /api/admin; they exist only when ADMIN_TOKEN is set (otherwise 404, like any
 * unknown path). Everything behind the same bearer token. Without REDIS_URL there is no queue: with
 * the Postgres search backend (the embedded mode) reindex runs in place; otherwise the routes answer 503.
 */
export function adminMounts(ctx: MountContext): Mount[] {
  const token = ctx.config.ADMIN_TOKEN;
  if (!token) return [];
  const router = Router();
  router.use(adminAuth(token));
  const redisUrl = ctx.config.REDIS_URL;
  if (!redisUrl) {
    // With search on the store itself, a reindex is a recomputation of its search text, done in place.
    const db = ctx.runtime.db;
    router.use(db && ctx.config.SEARCH_BACKEND === 'postgres' ? embeddedAdminRouter(db) : queueNotConfigured);
    return [{ path: ADMIN_PATH, router }];
  }
  let connection: ReturnType<typeof connectIngestQueues> | null = null;
  const lazyQueues = (): IngestQueues =>
    (connection ??= connectIngestQueues(redisUrl, ctx.config.QUEUE_PREFIX, (error) =>
      ctx.logger.warn({ err: error }, 'admin queue connection error'),
    )).queues;
  router.use(adminRouter(lazyQueues, ADMIN_PATH));
  closers.set(router, async () => {
    await connection?.close();
    connection = null;
  });
  return [{ path: ADMIN_PATH, router }];
}

const closers = new WeakMap<object, () => Promise<void>>();

/** Closes the Redis connection admin routes opened, if any (for a graceful shutdown, and for tests). */
export async function closeAdminMounts(mounts: readonly Mount[]): Promise<void> {
  for (const mount of mounts) await closers.get(mount.router)?.();
}
