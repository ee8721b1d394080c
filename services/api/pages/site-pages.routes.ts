import { type Request, type RequestHandler, type Response, Router } from 'express';
import { z } from 'zod';
import type { DirectoryService } from '../../../shared/directory/directory-service.ts';
import { SlugSchema } from '../../../shared/domain/designer.schema.ts';
import { type DesignerFacets, FACET_NAMES } from '../../../shared/domain/designer-facets.schema.ts';
import { DesignerSearchQuerySchema } from '../../../shared/domain/designer-search.schema.ts';
import { InvalidInputError, NotFoundError, parseOrThrow } from '../../../shared/domain/errors.ts';
import { OpenRoleSearchQuerySchema } from '../../../shared/domain/open-role-search.schema.ts';
import { type Page, SITE_PAGE_RULES } from '../../../shared/domain/pagination.ts';
import { searchParams } from '../../../shared/web/form-params.ts';
import { intendedSlug, profileSearchWords } from '../../../shared/web/profile-address.ts';
import type { ResultsPageOutcome, SitePages } from '../../../shared/web/site-pages.tsx';
import { otherMethods } from '../middleware/method-not-allowed.ts';
import { decodablePathParam } from '../middleware/path-param.middleware.ts';
import { docsSecurity, pageSecurity } from './page-security.middleware.ts';
import { sendHtml } from './page-response.ts';
import { clientKey } from '../middleware/client-key.ts';
import { clientGone } from '../middleware/client-gone.ts';

const SlugParams = z.strictObject({ slug: SlugSchema });

const NOT_LISTED = 'No designer is listed at this address. They may have left the directory, or the link is mistyped.';

export interface SitePagesRouteDeps {
  directory: DirectoryService;
  pages: SitePages;
  cacheMaxAgeSeconds: number;
  redocScriptHref: string;
  guard: RequestHandler[];
}

/**
 * The pages people open. Each parses its query with the REST schema (blank form fields and parameters it
 * has no field for dropped), asks
 * the DirectoryService with the REST page rules, and renders: the same URL parameters give the same
 * results as /api/v1.
 */
export function sitePagesRouter(deps: SitePagesRouteDeps): Router {
  const router = Router();
  const { directory, pages, guard } = deps;

  async function resultsPage<S extends z.ZodObject, T>(
    req: Request,
    res: Response,
    schema: S,
    search: (input: z.output<S>) => Promise<Page<T> & { facets?: DesignerFacets }>,
    render: (outcome: ResultsPageOutcome<T> & { facets?: DesignerFacets | undefined }) => string,
  ) {
    const query = req.query as Record<string, unknown>;
    try {
      const { facets, ...page } = await search(parseOrThrow(schema, searchParams(query, Object.keys(schema.shape))));
      sendHtml(res, 200, render({ query, page, facets }), deps.cacheMaxAgeSeconds);
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      sendHtml(res, 400, render({ query, problems: error.problems }), 0);
    }
  }

  router
    .route('/')
    .get(pageSecurity, ...guard, (req, res) =>
      resultsPage(
        req,
        res,
        DesignerSearchQuerySchema,
        // The page always shows the facet counts, and why each result matched when there are words to match.
        (s) => directory.searchDesigners({ ...s, facets: [...FACET_NAMES], highlight: Boolean(s.q) }, SITE_PAGE_RULES, clientKey(req), clientGone(res)),
        pages.designerSearch,
      ),
    )
    .all(otherMethods('GET'));

  router
    .route('/open-roles')
    .get(pageSecurity, ...guard, (req, res) =>
      resultsPage(req, res, OpenRoleSearchQuerySchema, (s) => directory.searchOpenRoles(s, SITE_PAGE_RULES, clientKey(req), clientGone(res)), pages.openRoles),
    )
    .all(otherMethods('GET'));

  router.use('/designer', decodablePathParam('slug'));
  router
    .route('/designer/:slug')
    .get(pageSecurity, ...guard, async (req, res) => {
      const raw = String(req.params.slug);
      const intended = intendedSlug(raw);
      if (intended) {
        res.setHeader('Cache-Control', `public, max-age=${deps.cacheMaxAgeSeconds}`);
        res.redirect(301, `/designer/${intended}`);
        return;
      }
      const notListed = () => sendHtml(res, 404, pages.error(404, NOT_LISTED, { searchFor: profileSearchWords(raw) }), 0);
      const params = SlugParams.safeParse(req.params);
      if (!params.success) {
        notListed();
        return;
      }
      try {
        const designer = await directory.getDesigner({ slug: params.data.slug });
        // The similar designers are a suggestion beside the profile: a failure to find them leaves them out.
        const similar = await directory.similarDesigners({ slug: designer.slug }).catch(() => []);
        sendHtml(res, 200, pages.profile(designer, similar), deps.cacheMaxAgeSeconds);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        notListed();
      }
    })
    .all(otherMethods('GET'));

  router
    .route('/docs')
    .get(docsSecurity, (_req, res) => {
      sendHtml(res, 200, pages.docs({ redocScript: deps.redocScriptHref }), deps.cacheMaxAgeSeconds);
    })
    .all(otherMethods('GET'));

  return router;
}
