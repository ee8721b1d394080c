import type { DesignerHit } from '../domain/designer-facets.schema.ts';
import type { Designer } from '../domain/designer.schema.ts';
import type { OpenRole } from '../domain/open-role.schema.ts';
import type { Page } from '../domain/pagination.ts';
import type { Role } from '../domain/role.schema.ts';
import type { ToolArguments } from './next-page-arguments.ts';

/**
 * The text content of a tool result: what a model reads when it does not read structuredContent, so it
 * is compact (one line per result) and always says the total and the exact next call.
 */

const SEP = ' — ';

const givenFilters = (filters: Record<string, unknown>) =>
  Object.entries(filters).filter(([key, value]) => value !== undefined && key !== 'limit' && key !== 'offset' && key !== 'cursor');

function describeFilters(filters: Record<string, unknown>): string {
  const parts = givenFilters(filters).map(([key, value]) => `${key}=${typeof value === 'string' ? JSON.stringify(value) : String(value)}`);
  return parts.length ? ` for ${parts.join(', ')}` : '';
}

/** What to loosen when nothing matched: only what the call gave (no "shorter q" to a call without q). */
function retryAdvice(filters: Record<string, unknown>): string {
  const given = new Set(givenFilters(filters).map(([key]) => key));
  const tips = [
    ...(given.size > 1 ? ['fewer filters'] : []),
    ...(given.has('q') ? ['a shorter q'] : []),
    ...(given.has('location') ? ['a broader location (a country or a region)'] : []),
  ];
  if (tips.length === 0) return given.size > 0 ? ' Try another value.' : '';
  return ` Try ${tips.length > 1 ? `${tips.slice(0, -1).join(', ')} or ${tips.at(-1)}` : tips[0]}.`;
}

function roleText(role: Pick<Role, 'title' | 'company'>): string {
  return `${role.title} @ ${role.company}`;
}

function pageFrame(
  tool: string,
  noun: [singular: string, plural: string],
  filters: Record<string, unknown>,
  page: Page<unknown>,
  next: ToolArguments | null,
  lines: string[],
): string {
  const what = page.total === 1 ? `1 ${noun[0]} matches` : `${page.total} ${noun[1]} match`;
  const header =
    page.total === 0
      ? `No ${noun[1]} match${describeFilters(filters)}.${retryAdvice(filters)}`
      : page.items.length === 0
        ? `${what}${describeFilters(filters)}; this page (offset ${page.offset}, limit ${page.limit}) holds none of them.`
        : `${what}${describeFilters(filters)}; showing ${page.offset + 1}–${page.offset + page.items.length}:`;
  const footer = next
    ? `More results: call ${tool} with ${JSON.stringify(next)}`
    : page.total > 0 && !page.hasMore
      ? 'End of results.'
      : '';
  return [header, ...lines, footer].filter(Boolean).join('\n');
}

export function designerLine(designer: Designer): string {
  return [
    designer.name,
    designer.category,
    designer.location || 'location not given',
    designer.current_role ? roleText(designer.current_role) : 'no current role',
    `slug: ${designer.slug}`,
    `id: ${designer.id}`,
    designer.profile_url,
  ].join(SEP);
}

export function renderDesignerPage(
  filters: Record<string, unknown>,
  page: Page<DesignerHit>,
  next: ToolArguments | null,
): string {
  // With highlight=true, why each one matched ("previous role: Senior Product Designer at Figma").
  const lines = page.items.map((d, i) => `${page.offset + i + 1}. ${designerLine(d)}${d.match ? `${SEP}matched: ${d.match.reason}` : ''}`);
  return pageFrame('search_designers', ['designer', 'designers'], filters, page, next, lines);
}

export function renderDesigner(designer: Designer): string {
  const current = designer.current_role;
  return [
    [designer.name, designer.category, designer.location || 'location not given'].join(SEP),
    `Current role: ${current ? `${roleText(current)}${current.company_url ? ` (${current.company_url})` : ''}` : 'none'}`,
    `Previous roles: ${designer.previous_roles.length ? designer.previous_roles.map(roleText).join('; ') : 'none listed'}`,
    `About: ${designer.description || '(no description)'}`,
    `Website: ${designer.website}`,
    `Portfolio preview: ${designer.portfolio_preview}`,
    `Profile: ${designer.profile_url}`,
    `slug: ${designer.slug}${SEP}id: ${designer.id}`,
  ].join('\n');
}

export function openRoleLine(role: OpenRole): string {
  const remote = role.remote && !/remote/i.test(role.location) ? ' (remote)' : '';
  return [
    roleText(role),
    `${role.location || 'location not given'}${remote}`,
    role.employment_type,
    role.category,
    ...(role.placement === 'featured' ? ['featured'] : []),
    `posted ${role.posted_at.slice(0, 10)}, until ${role.expires_at.slice(0, 10)}`,
    `apply: ${role.apply_url}`,
    `id: ${role.id}`,
  ].join(SEP);
}

export function renderOpenRolePage(
  filters: Record<string, unknown>,
  page: Page<OpenRole>,
  next: ToolArguments | null,
): string {
  const lines = page.items.map((r, i) => `${page.offset + i + 1}. ${openRoleLine(r)}`);
  return pageFrame('list_open_roles', ['open role', 'open roles'], filters, page, next, lines);
}
