import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { RequestHandler } from 'express';
import type { IngestQueues } from '../../../shared/ingest/runtime/ingest-queues.ts';

/** The Bull Board dashboard over both ingest queues, built on its first request. */
export function bullBoardRouter(queues: () => IngestQueues, basePath: string): RequestHandler {
  let board: RequestHandler | null = null;
  return (req, res, next) => {
    if (!board) {
      const q = queues();
      const serverAdapter = new ExpressAdapter();
      serverAdapter.setBasePath(basePath);
      createBullBoard({
        queues: [new BullMQAdapter(q.sync), new BullMQAdapter(q.maintenance)],
        // @bull-board/express 9.10.1 pins its own @bull-board/api 9.10.1 beside our 9.10.2: the same
        // interface declared twice, which TypeScript will not unify (a private field differs).
        serverAdapter: serverAdapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
        options: { uiConfig: { boardTitle: 'Designer Directory ingest' } },
      });
      board = serverAdapter.getRouter() as RequestHandler;
    }
    board(req, res, next);
  };
}
