import { z } from 'zod';
import { ENTITIES, type EntityCollection, type EntitySegment } from '../../domain/entity.registry.ts';
import { cleanText, LIMITS } from '../../domain/text.schema.ts';
import type { Db } from '../db.ts';

/** One kind of record a curator names by key: what names it besides its id, and how a report shows it. */
export interface KeyedEntity {
  noun: string;
  table: EntityCollection;
  /** The other column a curator may name a record by: the slug, or an open role's apply_url. */
  alternateKey: 'slug' | 'apply_url';
  /** SQL for the label a report shows of a row. */
  label: string;
}

export const KEYED_ENTITIES = {
  [ENTITIES.designer.segment]: { noun: 'designer', table: ENTITIES.designer.collection, alternateKey: 'slug', label: `slug || ' (' || name || ')'` },
  [ENTITIES.openRole.segment]: {
    noun: 'open role',
    table: ENTITIES.openRole.collection,
    alternateKey: 'apply_url',
    label: `title || ' at ' || company || ' (' || id || ')'`,
  },
} as const satisfies Record<EntitySegment, KeyedEntity>;

export type KeyedTarget = keyof typeof KEYED_ENTITIES;

/** At most this many keys a run: one statement, one transaction; more go in several runs. */
export const MAX_RECORD_KEYS = 10_000;

/** A key a curator names a record by: text Postgres can compare, as long as the longest key (a URL). */
export const RecordKeySchema = cleanText(
  z.string().min(1, { error: 'must not be empty' }).max(LIMITS.url, { error: `must be at most ${LIMITS.url} characters` }),
);

/** A key names no record, or several, or is no key at all; or the change does not apply to such records. Nothing was changed. */
export class RecordsRefusedError extends Error {
  constructor(
    problems: string[],
    /** What the curator asked for, which did not happen. */
    readonly action: 'delete' | 'set',
  ) {
    const listed = problems.slice(0, 20);
    const more = problems.length > listed.length ? [`... and ${problems.length - listed.length} more`] : [];
    super(`nothing was ${action === 'delete' ? 'deleted' : 'changed'}:\n  ${[...listed, ...more].join('\n  ')}`);
    this.name = 'RecordsRefusedError';
  }
}

/** A key as a report shows it: quoted, its control characters escaped, so a terminal shows what was typed. */
const shown = (key: string) => JSON.stringify(key.length > 120 ? `${key.slice(0, 120)}…` : key);

interface MatchedRow {
  id: string;
  alternate: string;
  label: string;
}

/**
 * The rows the keys name (by id, or by slug or apply_url), locked inside the caller's transaction so a
 * concurrent write to one of them waits for it: id to label, in the order the keys were given. All or none:
 * a key that is no key, names no record or names several throws, naming every such key.
 */
export async function lockNamedRows(tx: Db, entity: KeyedEntity, keys: readonly string[], action: RecordsRefusedError['action']): Promise<Map<string, string>> {
  if (keys.length === 0) throw new RecordsRefusedError(['name at least one record'], action);
  if (keys.length > MAX_RECORD_KEYS) throw new RecordsRefusedError([`${keys.length} keys: at most ${MAX_RECORD_KEYS} a run`], action);
  const invalid = new Map<string, string>();
  for (const key of keys) {
    const parsed = RecordKeySchema.safeParse(key);
    if (!parsed.success) invalid.set(key, parsed.error.issues[0]!.message);
  }
  const named = [...new Set(keys)];
  const { rows } = await tx.query<MatchedRow>(
    `SELECT id, ${entity.alternateKey} AS alternate, ${entity.label} AS label FROM ${entity.table}
      WHERE id = ANY($1::text[]) OR ${entity.alternateKey} = ANY($1::text[]) ORDER BY id FOR UPDATE`,
    [named.filter((key) => !invalid.has(key))],
  );
  const problems: string[] = [];
  const chosen = new Map<string, string>();
  for (const key of named) {
    const problem = invalid.get(key);
    const matches = problem ? [] : rows.filter((row) => row.id === key || row.alternate === key);
    if (problem) problems.push(`${shown(key)}: ${problem}`);
    else if (matches.length === 1) chosen.set(matches[0]!.id, matches[0]!.label);
    else if (matches.length === 0) problems.push(`${shown(key)}: no ${entity.noun} has this id or ${entity.alternateKey}`);
    else problems.push(`${shown(key)}: names ${matches.length} ${entity.noun}s (${matches.map((m) => m.id).join(', ')}); give the id of the one you mean`);
  }
  if (problems.length > 0) throw new RecordsRefusedError(problems, action);
  return chosen;
}
