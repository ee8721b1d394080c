import { DESIGNER_LISTED_RULE } from './designer.fields.ts';
import { OPEN_ROLE_LISTED_RULE } from './open-role.fields.ts';

/**
 * The one place an entity's spellings live (CONTRIBUTING.md, "One vocabulary"). Each context spells an
 * entity its own way, and those values are on the wire (outbox rows, job payloads, the admin API, URLs,
 * CLI arguments), so they are declared here once and every other module derives from this table.
 */
export const ENTITIES = {
  designer: {
    /** Outbox entity and sync job payload (`change_log.entity`). */
    change: 'designer',
    /** Key of TypeScript records per index (`IndexNames`, reindex progress). */
    indexKind: 'designers',
    /** Data spelling of the collection: table names, the admin API, cursors, index names. */
    collection: 'designers',
    /** URL segment, CLI argument and reindex target. */
    segment: 'designers',
    /** When a record is listed; a rule with `liveUntil` makes being listed depend on the clock. */
    listed: DESIGNER_LISTED_RULE,
  },
  openRole: {
    change: 'open_role',
    indexKind: 'openRoles',
    collection: 'open_roles',
    segment: 'open-roles',
    listed: OPEN_ROLE_LISTED_RULE,
  },
} as const;

type Entities = typeof ENTITIES;
export type EntityKey = keyof Entities;
export type ChangeEntity = Entities[EntityKey]['change'];
export type IndexKind = Entities[EntityKey]['indexKind'];
export type EntityCollection = Entities[EntityKey]['collection'];
export type EntitySegment = Entities[EntityKey]['segment'];

export const ENTITY_KEYS = Object.keys(ENTITIES) as EntityKey[];

type Spelling = 'change' | 'indexKind' | 'collection' | 'segment';

function values<S extends Spelling>(spelling: S): [Entities[EntityKey][S], ...Entities[EntityKey][S][]] {
  return [ENTITIES.designer[spelling], ENTITIES.openRole[spelling]];
}

/** Tuples in the registry's order, ready for `z.enum`. */
export const CHANGE_ENTITIES = values('change');
export const INDEX_KINDS = values('indexKind');
export const ENTITY_COLLECTIONS = values('collection');
export const ENTITY_SEGMENTS = values('segment');

function lookup<From extends Spelling>(from: From): (value: Entities[EntityKey][From]) => EntityKey {
  const keys = new Map<string, EntityKey>(ENTITY_KEYS.map((key) => [ENTITIES[key][from], key]));
  return (value) => keys.get(value)!;
}

export const entityOfChange = lookup('change');
export const entityOfIndexKind = lookup('indexKind');
export const entityOfSegment = lookup('segment');
export const entityOfCollection = lookup('collection');
