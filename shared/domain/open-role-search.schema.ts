import type { z } from 'zod';
import { CategoryFilterSchema, MAX_Q_LENGTH } from './designer-search.schema.ts';
import { EMPLOYMENT_TYPES } from './open-role.fields.ts';
import { boolParam, boolQueryParam, enumParam, LOCATION_PARAM_DESCRIPTION, textParam } from './query-param.schema.ts';
import { type PageParams, searchParamSchemas } from './search-params.schema.ts';

/** Words for an employment type that are not its value, offered as a did-you-mean when refused. */
const EMPLOYMENT_TYPE_WORDS: Readonly<Record<string, string>> = {
  permanent: 'full_time',
  intern: 'internship',
  contractor: 'contract',
  freelancer: 'freelance',
};

const openRoleFilterFields = {
  q: textParam(MAX_Q_LENGTH, 'Free text over title, company, description and (lowest) location; filler words need not match, and from three words not every word must (open roles whose title holds a role the request names match however few of the other words they hold), but a place after "in" must be where the role is and an employer after "at" in its company (or location), and the word that says what kind of role is asked ("civil" in "civil engineer") must be held, beside a head every trade shares (manager, engineer, developer, architect, director, lead) in the title or as the company ("product manager" is no Product Designer), and a role of the field named by two words or more ("interior designer", "art director") is held as a phrase, typed or by a synonym, not its words apart; typo-tolerant, last word matches as a prefix.').optional(),
  category: CategoryFilterSchema.describe('The designer specialty sought.').optional(),
  location: textParam(200, LOCATION_PARAM_DESCRIPTION).optional(),
  company: textParam(200, 'Hiring company, matched by whole words or word prefixes in order.').optional(),
  employment_type: enumParam(EMPLOYMENT_TYPES, `Employment type: ${EMPLOYMENT_TYPES.join(', ')}.`, EMPLOYMENT_TYPE_WORDS).optional(),
};

const REMOTE_DOC = 'true: only remote listings; false: only on-site listings.';

const schemas = searchParamSchemas('OpenRoleSearchQuery', openRoleFilterFields, {
  json: { remote: boolParam(REMOTE_DOC).optional() },
  query: { remote: boolQueryParam(REMOTE_DOC).optional() },
});

export const OpenRoleSearchSchema = schemas.json;
export type OpenRoleSearch = z.infer<typeof OpenRoleSearchSchema>;

export const OpenRoleSearchQuerySchema = schemas.query;

export type OpenRoleFilters = Omit<OpenRoleSearch, PageParams>;
