import { Router } from 'express';
import type { DirectoryService } from '../../../shared/directory/directory-service.ts';
import { parseOrThrow } from '../../../shared/domain/errors.ts';
import { OpenRoleSearchQuerySchema } from '../../../shared/domain/open-role-search.schema.ts';
import { REST_PAGE_RULES } from '../../../shared/domain/pagination.ts';
import { otherMethods } from '../middleware/method-not-allowed.ts';
import { toListEnvelope } from './envelope.ts';
import { clientKey } from '../middleware/client-key.ts';
import { clientGone } from '../middleware/client-gone.ts';

export function openRolesRouter(directory: DirectoryService): Router {
  const router = Router();
  router
    .route('/open-roles')
    .get(async (req, res) => {
      const search = parseOrThrow(OpenRoleSearchQuerySchema, req.query);
      res.json(toListEnvelope(await directory.searchOpenRoles(search, REST_PAGE_RULES, clientKey(req), clientGone(res))));
    })
    .all(otherMethods('GET'));
  return router;
}
