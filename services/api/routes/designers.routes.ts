import { Router } from 'express';
import type { DirectoryService } from '../../../shared/directory/directory.service.ts';
import { SlugSchema } from '../../../shared/domain/designer.schema.ts';
import { DesignerSearchQuerySchema } from '../../../shared/domain/designer-search.schema.ts';
import { parseOrThrow } from '../../../shared/domain/errors.ts';
import { REST_PAGE_RULES } from '../../../shared/domain/pagination.ts';
import { z } from 'zod';
import { decodablePathParam } from '../middleware/path-param.middleware.ts';
import { toListEnvelope } from './envelope.ts';

const SlugParams = z.strictObject({ slug: SlugSchema });

export function designersRouter(directory: DirectoryService): Router {
  const router = Router();

  router.get('/designers', async (req, res) => {
    const search = parseOrThrow(DesignerSearchQuerySchema, req.query);
    res.json(toListEnvelope(await directory.searchDesigners(search, REST_PAGE_RULES)));
  });

  router.use('/designers', decodablePathParam('slug'));
  router.get('/designers/:slug', async (req, res) => {
    const { slug } = parseOrThrow(SlugParams, req.params);
    res.json({ success: true, data: await directory.getDesigner({ slug }) });
  });

  return router;
}
