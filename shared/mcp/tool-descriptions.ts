import { CATEGORIES, CATEGORY_GLOSSES } from '../domain/category.schema.ts';
import { EMPLOYMENT_TYPES } from '../domain/open-role.schema.ts';
import { TOOL_PAGE_RULES } from '../domain/pagination.ts';

/**
 * What a model reads to choose a tool and its arguments: the spec's intent mapping and the category
 * glosses, written out, because a model picks parameters from these words alone.
 */

const glosses = CATEGORIES.map((c) => `${c} = ${CATEGORY_GLOSSES[c]}`).join('; ');
const paging =
  `${TOOL_PAGE_RULES.defaultLimit} results per page by default (limit up to ${TOOL_PAGE_RULES.maxLimit}). ` +
  'Every result states the total; for the next page call again with its next_arguments (offset, or cursor for deep pages).';

export const SERVER_INSTRUCTIONS =
  'Designer Directory: a curated, public directory of designers who opted in to being found through assistants, ' +
  'plus current open design roles. Read-only. Use search_designers to find people (by company, specialty, place or ' +
  'name), get_designer for one known person by slug or id, find_similar_designers for people like a known one, ' +
  'and list_open_roles for job listings. Every result has ' +
  'ids and links; cite the profile_url when you present a designer.';

export const SEARCH_DESIGNERS = {
  title: 'Search designers',
  description: [
    'Search the Designer Directory and get designer profiles (id, slug, name, category, location, current and previous roles, website, profile_url).',
    'Choose parameters by intent; several filters combine with AND:',
    '- people at or from a company (current or previous employer) -> company, e.g. company="Acme"',
    '- design leaders, heads of design, design directors -> category="director"',
    `- a specialty -> category: ${glosses}`,
    '- a place -> location: a city ("Berlin", "NYC"), a country code or name such as "US" or "Germany", a region such as "Europe", "EMEA", "APAC" or "LATAM", or "remote"',
    '- a person\'s name, or other words (titles, skills) -> q',
    '- one known person whose slug or id you already have -> call get_designer instead',
    'With no arguments it lists the whole directory, most recently listed first; with q, best matches first.',
    paging,
  ].join('\n'),
} as const;

export const GET_DESIGNER = {
  title: 'Get a designer profile',
  description: [
    'Get one designer\'s full profile by exact slug or by id (give exactly one): current and previous roles, description, ' +
      'website, portfolio preview and profile_url.',
    'Use it for one known person, for example a slug or id from search_designers results. To find someone by name, ' +
      'company, specialty or place, call search_designers (q for a name).',
  ].join('\n'),
} as const;

export const LIST_OPEN_ROLES = {
  title: 'List open design roles',
  description: [
    'List current open design job listings (expired listings never appear): title, company, location, remote, ' +
      'employment type, category, apply_url and id.',
    'Choose parameters by intent; several filters combine with AND:',
    '- a hiring company -> company',
    `- the specialty sought -> category: ${glosses}`,
    '- a place -> location (a city, a country code or name such as "US" or "Germany", or a region such as "Europe" or "APAC"); remote=true for remote listings only, remote=false for on-site only',
    `- a kind of contract -> employment_type: ${EMPLOYMENT_TYPES.join(', ')}`,
    '- words in the title, company or description -> q',
    'Featured listings come first, then best matches (with q), then newest first.',
    paging,
  ].join('\n'),
} as const;
