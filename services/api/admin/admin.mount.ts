import { type RequestHandler, Router } from 'express';
import { EMBEDDED_ADMIN_LIMITS, EmbeddedAdminJobs } from '../../../shared/admin/embedded-admin-jobs.adapter.ts';
import type { Mount, MountContext } from '../mount/mount.ts';
import { adminAuth } from './admin-auth.middleware.ts';
import { adminJobsRouter, adminUnavailable, queueNotConfigured } from './admin-jobs.routes.ts';
import type { QueueAdminRoutes } from './queue-admin.routes.ts';

export const ADMIN_PATH = '/api/admin';

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * Admin routes under /api/admin; they exist only when ADMIN_TOKEN is set (otherwise 404, like any
 * unknown path). Everything behind the same bearer token. The same job routes run over the BullMQ queue
 * (REDIS_URL set; with the Bull Board dashboard) or, without Redis on the Postgres search engine (the
 * embedded mode), in process, where the queue-only routes answer 503 saying why. Without either, every
 * admin route answers 503.
 */
export function adminMounts(ctx: MountContext): Mount[] {
  const token = ctx.config.ADMIN_TOKEN;
  if (!token) return [];
  const router = Router();
  router.use(adminAuth(token), noStore);
  const redisUrl = ctx.config.REDIS_URL;
  if (!redisUrl) {
    // With search on the store itself, a reindex is a recomputation of its search text, done in place.
    const db = ctx.runtime.db;
    if (db && ctx.config.SEARCH_BACKEND === 'postgres') {
      router.use(adminJobsRouter(new EmbeddedAdminJobs(db), ADMIN_PATH), adminUnavailable(EMBEDDED_ADMIN_LIMITS));
    } else {
      router.use(queueNotConfigured);
    }
    return [{ path: ADMIN_PATH, router }];
  }
  // BullMQ and Bull Board load with the first admin request: an API that never serves one holds neither
  // them in memory nor a connection to Redis.
  let queueRoutes: Promise<QueueAdminRoutes> | null = null;
  const { QUEUE_PREFIX } = ctx.config;
  const loaded = () =>
    (queueRoutes ??= import('./queue-admin.routes.ts').then((m) => m.queueAdminRoutes(redisUrl, QUEUE_PREFIX, ADMIN_PATH, ctx.logger)));
  router.use((req, res, next) => {
    loaded().then((routes) => routes.router(req, res, next), next);
  });
  closers.set(router, async () => {
    if (queueRoutes) await (await queueRoutes).close();
  });
  return [{ path: ADMIN_PATH, router }];
}

const closers = new WeakMap<object, () => Promise<void>>();

/** Closes the Redis connection admin routes opened, if any (for a graceful shutdown, and for tests). */
export async function closeAdminMounts(mounts: readonly Mount[]): Promise<void> {
  for (const mount of mounts) await closers.get(mount.router)?.();
}
