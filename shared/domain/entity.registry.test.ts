import { describe, expect, it } from 'vitest';
import {
  CHANGE_ENTITIES,
  ENTITIES,
  ENTITY_COLLECTIONS,
  ENTITY_KEYS,
  ENTITY_SEGMENTS,
  entityOfChange,
  entityOfCollection,
  entityOfIndexKind,
  entityOfSegment,
  INDEX_KINDS,
} from './entity.registry.ts';

describe('entity registry', () => {
  it('spells each entity as the outbox, the index records, the data and the URLs and CLI do', () => {
    expect(CHANGE_ENTITIES).toEqual(['designer', 'open_role']);
    expect(INDEX_KINDS).toEqual(['designers', 'openRoles']);
    expect(ENTITY_COLLECTIONS).toEqual(['designers', 'open_roles']);
    expect(ENTITY_SEGMENTS).toEqual(['designers', 'open-roles']);
  });

  it('finds the entity from any of its spellings', () => {
    for (const key of ENTITY_KEYS) {
      const entity = ENTITIES[key];
      expect([
        entityOfChange(entity.change),
        entityOfIndexKind(entity.indexKind),
        entityOfCollection(entity.collection),
        entityOfSegment(entity.segment),
      ]).toEqual([key, key, key, key]);
    }
  });

  it('makes only being listed as an open role depend on the clock', () => {
    expect(ENTITIES.designer.listed.liveUntil).toBeUndefined();
    expect(ENTITIES.openRole.listed.liveUntil).toBe('expires_at');
  });
});
