import { Router } from 'express';
import { AdminQueueConnection } from '../../../shared/admin/admin-queue-connection.ts';
import { QueueAdminJobs } from '../../../shared/admin/queue-admin-jobs.adapter.ts';
import type { Logger } from '../../../shared/logging/logger.ts';
import { adminJobsRouter } from './admin-jobs.routes.ts';
import { bullBoardRouter } from './bull-board.routes.ts';

/** The admin job routes over the BullMQ ingest queues, with the Bull Board dashboard under /queues. */
export interface QueueAdminRoutes {
  router: Router;
  /** Closes the Redis connection the routes opened, if they opened one. */
  close(): Promise<void>;
}

export function queueAdminRoutes(redisUrl: string, queuePrefix: string, adminPath: string, logger: Logger): QueueAdminRoutes {
  const connection = new AdminQueueConnection(redisUrl, queuePrefix, (error) => logger.warn({ err: error }, 'admin queue connection error'));
  const router = Router();
  router.use(adminJobsRouter(new QueueAdminJobs(connection), adminPath));
  router.use('/queues', bullBoardRouter(() => connection.queues(), `${adminPath}/queues`));
  return { router, close: () => connection.close() };
}
