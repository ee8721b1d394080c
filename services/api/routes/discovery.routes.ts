import { Router } from 'express';
import { z } from 'zod';
import type { DirectoryService } from '../../../shared/directory/directory-service.ts';
import { SlugSchema } from '../../../shared/domain/designer.schema.ts';
import { parseOrThrow } from '../../../shared/domain/errors.ts';
import { SimilarDesignersQuerySchema } from '../../../shared/domain/similar-designers.schema.ts';
import { SuggestQuerySchema } from '../../../shared/domain/suggest.schema.ts';
import { otherMethods } from '../middleware/method-not-allowed.ts';
import { decodablePathParamBefore } from '../middleware/path-param.middleware.ts';

const SlugParams = z.strictObject({ slug: SlugSchema });

/** Finding designers from another start: the ones like a known designer, and type-ahead completions. */
export function discoveryRouter(directory: DirectoryService): Router {
  const router = Router();

  router.use('/designers', decodablePathParamBefore('slug', 'similar'));
  router
    .route('/designers/:slug/similar')
    .get(async (req, res) => {
      const { slug } = parseOrThrow(SlugParams, req.params);
      const { limit } = parseOrThrow(SimilarDesignersQuerySchema, req.query);
      res.json({ success: true, data: await directory.similarDesigners({ slug, ...(limit !== undefined ? { limit } : {}) }) });
    })
    .all(otherMethods('GET'));

  router
    .route('/suggest')
    .get(async (req, res) => {
      const request = parseOrThrow(SuggestQuerySchema, req.query);
      res.json({ success: true, data: await directory.suggest(request) });
    })
    .all(otherMethods('GET'));

  return router;
}
