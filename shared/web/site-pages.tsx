/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { DesignerFacets, DesignerHit } from '../domain/designer-facets.schema.ts';
import type { Designer } from '../domain/designer.schema.ts';
import type { ParameterProblem } from '../domain/errors.ts';
import type { OpenRole } from '../domain/open-role.schema.ts';
import type { Page } from '../domain/pagination.ts';
import { DocsPage } from './docs-page.view.tsx';
import { ErrorPage, type ErrorPageProps, errorPageTitle } from './error-page.view.tsx';
import { formValues } from './form-params.ts';
import { OPEN_ROLE_FORM_FIELDS, OpenRolesPage } from './open-roles-page.view.tsx';
import { pagerLinks } from './pager.ts';
import { renderPage, SITE_NAME } from './page.renderer.tsx';
import { personJsonLd } from './person-json-ld.ts';
import { ProfilePage } from './profile-page.view.tsx';
import { DESIGNER_FORM_FIELDS, SearchPage } from './search-page.view.tsx';
import { createSiteUrls, pathWithQuery, type SiteUrls } from './site-urls.ts';

/** A results page's request: the raw query (shown back in the form) and either a result or the problems. */
export type ResultsPageOutcome<T> = { query: Record<string, unknown> } & ({ page: Page<T>; problems?: never } | { page?: never; problems: ParameterProblem[] });

export interface SitePages {
  urls: SiteUrls;
  designerSearch(outcome: ResultsPageOutcome<DesignerHit> & { facets?: DesignerFacets | undefined }): string;
  profile(designer: Designer, similar?: readonly Designer[]): string;
  openRoles(outcome: ResultsPageOutcome<OpenRole>): string;
  docs(assets: { redocScript: string }): string;
  error(status: ErrorPageProps['status'], message: string, options?: { searchFor?: string | null }): string;
}

const truncate = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** The query's list parameters as the page and the API both spell them (blank ones left out). */
function listParams(values: Record<string, string>, fields: readonly string[]) {
  return Object.fromEntries(fields.filter((f) => values[f]).map((f) => [f, values[f]])) as Record<string, string>;
}

function explicitLimit(query: Record<string, unknown>): number | undefined {
  return typeof query.limit === 'string' && /^\d+$/.test(query.limit) ? Number(query.limit) : undefined;
}

export function createSitePages(options: { publicBaseUrl: string; stylesheet: string; script?: string; suggestScript?: string }): SitePages {
  const urls = createSiteUrls(options.publicBaseUrl);
  const shell = { stylesheet: options.stylesheet, ...(options.script ? { script: options.script } : {}) };
  // /docs shows no designer images, so it runs Redoc alone.
  const docsShell = { stylesheet: options.stylesheet };

  function resultsPage<T>(path: string, apiPath: string, fields: readonly string[], outcome: ResultsPageOutcome<T>) {
    const values = formValues(outcome.query, [...fields, 'offset', 'cursor', 'limit']);
    const filters = listParams(values, fields);
    const limit = explicitLimit(outcome.query);
    const position = { limit, offset: values.offset, cursor: values.cursor };
    const result = outcome.page
      ? {
          page: outcome.page,
          pager: pagerLinks(path, filters, limit, outcome.page as Page<unknown>),
          // The page's own size, which the API's default (50) is not, so that the link shows these results.
          apiHref: pathWithQuery(apiPath, { ...filters, ...position, limit: limit ?? outcome.page.limit }),
        }
      : null;
    const canonical = urls.absolute(pathWithQuery(path, { ...filters, limit, offset: values.offset }));
    return { values, filters, result, canonical, problems: outcome.problems ?? [] };
  }

  return {
    urls,

    designerSearch(outcome) {
      const view = resultsPage('/', '/api/v1/designers', DESIGNER_FORM_FIELDS, outcome);
      const what = [view.filters.q && `“${view.filters.q}”`, view.filters.category, view.filters.location, view.filters.company].filter(Boolean);
      return renderPage(shell, {
        head: {
          title: what.length ? `${what.join(', ')}: designers — ${SITE_NAME}` : `${SITE_NAME}: find designers by specialty, place and company`,
          description: 'Search curated product, brand, graphic, motion, 3D designers, design directors and design engineers by name, place and company.',
          canonical: view.canonical,
          noindex: view.problems.length > 0,
        },
        section: 'designers',
        body: <SearchPage values={view.values} problems={view.problems} result={view.result} facets={outcome.facets} />,
        ...(options.suggestScript ? { tail: <script src={options.suggestScript} defer /> } : {}),
      });
    },

    profile(designer, similar = []) {
      const url = urls.profile(designer.slug);
      const role = designer.current_role;
      return renderPage(shell, {
        head: {
          title: `${designer.name}${role ? `, ${role.title} at ${role.company}` : ''} — ${SITE_NAME}`,
          description: truncate(designer.description || `${designer.name}, designer in ${designer.location}.`, 160),
          canonical: url,
          ogType: 'profile',
          image: designer.portfolio_preview,
          jsonLd: personJsonLd(designer, url),
        },
        section: 'designers',
        body: <ProfilePage designer={designer} backHref="/" similar={similar} />,
      });
    },

    openRoles(outcome) {
      const view = resultsPage('/open-roles', '/api/v1/open-roles', OPEN_ROLE_FORM_FIELDS, outcome);
      return renderPage(shell, {
        head: {
          title: `Open design roles — ${SITE_NAME}`,
          description: 'Current design job listings: product, brand, graphic, motion and 3D designers, design directors and design engineers.',
          canonical: view.canonical,
          noindex: view.problems.length > 0,
        },
        section: 'open-roles',
        body: <OpenRolesPage values={view.values} problems={view.problems} result={view.result} />,
      });
    },

    docs(assets) {
      return renderPage(docsShell, {
        head: {
          title: `API and MCP reference — ${SITE_NAME}`,
          description: 'REST endpoints, parameters and examples of the Designer Directory API, and how to connect an MCP client.',
          canonical: urls.absolute('/docs'),
        },
        section: 'docs',
        body: <DocsPage urls={urls} />,
        tail: <script src={assets.redocScript} />,
      });
    },

    error(status, message, options) {
      return renderPage(shell, {
        head: { title: `${errorPageTitle(status)} — ${SITE_NAME}`, description: message, canonical: urls.absolute('/'), noindex: true },
        section: null,
        body: <ErrorPage status={status} message={message} searchFor={options?.searchFor ?? undefined} />,
      });
    },
  };
}
