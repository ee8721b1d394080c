import { Router } from 'express';
import type { DirectoryService } from '../../../shared/directory/directory-service.ts';
import { SlugSchema } from '../../../shared/domain/designer.schema.ts';
import { DesignerSearchQuerySchema } from '../../../shared/domain/designer-search.schema.ts';
import { parseOrThrow } from '../../../shared/domain/errors.ts';
import { REST_PAGE_RULES } from '../../../shared/domain/pagination.ts';
import { NoQueryParamsSchema } from '../../../shared/domain/query-param.schema.ts';
import { z } from 'zod';
import { intendedSlug } from '../../../shared/web/profile-address.ts';
import { otherMethods } from '../middleware/method-not-allowed.ts';
import { decodablePathParam } from '../middleware/path-param.middleware.ts';
import { toListEnvelope } from './envelope.ts';
import { clientKey } from '../middleware/client-key.ts';
import { clientGone } from '../middleware/client-gone.ts';

const SlugParams = z.strictObject({ slug: SlugSchema });

export function designersRouter(directory: DirectoryService): Router {
  const router = Router();

  router
    .route('/designers')
    .get(async (req, res) => {
      const search = parseOrThrow(DesignerSearchQuerySchema, req.query);
      res.json(toListEnvelope(await directory.searchDesigners(search, REST_PAGE_RULES, clientKey(req), clientGone(res))));
    })
    .all(otherMethods('GET'));

  router.use('/designers', decodablePathParam('slug'));
  router
    .route('/designers/:slug')
    .get(async (req, res) => {
      // A capitalised slug (a hand-typed or reformatted link) is the lowercase one, as on the profile pages.
      const intended = intendedSlug(String(req.params.slug));
      if (intended) {
        const query = req.originalUrl.indexOf('?');
        res.redirect(301, `${req.baseUrl}/designers/${intended}${query === -1 ? '' : req.originalUrl.slice(query)}`);
        return;
      }
      const { slug } = parseOrThrow(SlugParams, req.params);
      parseOrThrow(NoQueryParamsSchema, req.query);
      res.json({ success: true, data: await directory.getDesigner({ slug }) });
    })
    .all(otherMethods('GET'));

  return router;
}
