import type { Response } from 'express';

/**
 * Aborted when the client closes its connection before its answer is sent: a search nobody waits for is
 * cancelled in the engine (Elasticsearch cancels the task of a closed request) instead of running on.
 */
export function clientGone(res: Response): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
