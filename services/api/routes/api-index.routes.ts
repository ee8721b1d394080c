import { Router } from 'express';
import type { ApiIndexResponse } from '../../../shared/domain/api-index.schema.ts';
import { otherMethods } from '../middleware/method-not-allowed.ts';

/** GET /api/v1/: the index, built once at start (it changes only with the server's configuration). */
export function apiIndexRouter(index: ApiIndexResponse): Router {
  const router = Router();
  router
    .route('/')
    .get((_req, res) => {
      res.json(index);
    })
    .all(otherMethods('GET'));
  return router;
}
