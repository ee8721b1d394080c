import { z } from 'zod';
import { cleanText, LIMITS } from '../../domain/text.schema.ts';
import type { Db } from '../db.ts';

/** One kind of record a delete removes: what names it besides its id, and how a report shows it. */
interface DeleteEntity {
  noun: string;
  table: 'designers' | 'open_roles';
  /** The other column a curator may name a record by: the slug, or a listing's apply_url. */
  alternateKey: 'slug' | 'apply_url';
  /** SQL for the label a report shows of a row. */
  label: string;
}

export const DELETE_ENTITIES = {
  designers: { noun: 'designer', table: 'designers', alternateKey: 'slug', label: `slug || ' (' || name || ')'` },
  'open-roles': { noun: 'open role', table: 'open_roles', alternateKey: 'apply_url', label: `title || ' at ' || company || ' (' || id || ')'` },
} as const satisfies Record<string, DeleteEntity>;

export type DeleteTarget = keyof typeof DELETE_ENTITIES;

/** At most this many keys a run: one statement, one transaction; more go in several runs. */
export const MAX_DELETE_KEYS = 10_000;

/** A key a curator names a record by: text Postgres can compare, as long as the longest key (a URL). */
export const DeleteKeySchema = cleanText(
  z.string().min(1, { error: 'must not be empty' }).max(LIMITS.url, { error: `must be at most ${LIMITS.url} characters` }),
);

/** A key names no record, or more than one, or is not a key at all. Nothing was deleted. */
export class DeleteRefusedError extends Error {
  constructor(problems: string[]) {
    const listed = problems.slice(0, 20);
    const more = problems.length > listed.length ? [`... and ${problems.length - listed.length} more`] : [];
    super(`nothing was deleted:\n  ${[...listed, ...more].join('\n  ')}`);
    this.name = 'DeleteRefusedError';
  }
}

export interface DeleteResult {
  /** The records deleted (or, in a dry run, that would be), by label, in the order they were named. */
  deleted: string[];
}

/** A key as a report shows it: quoted, its control characters escaped, so a terminal shows what was typed. */
const shown = (key: string) => JSON.stringify(key.length > 120 ? `${key.slice(0, 120)}…` : key);

interface MatchedRow {
  id: string;
  alternate: string;
  label: string;
}

/**
 * Deletes the records the keys name (by id, or by slug or apply_url), all or none: a key that names no
 * record, or several, refuses the whole run. The store's triggers record each delete in the outbox, versioned,
 * so the ingest worker removes it from the search index. A dry run reports the same and deletes nothing.
 */
export async function deleteRecords(db: Db, target: DeleteTarget, keys: readonly string[], options: { dryRun?: boolean } = {}): Promise<DeleteResult> {
  if (keys.length === 0) throw new DeleteRefusedError(['name at least one record']);
  if (keys.length > MAX_DELETE_KEYS) throw new DeleteRefusedError([`${keys.length} keys: at most ${MAX_DELETE_KEYS} a run`]);
  const entity: DeleteEntity = DELETE_ENTITIES[target];
  // Every problem at once, in the order the keys were given: a key that is no key, one that names nothing or several.
  const invalid = new Map<string, string>();
  for (const key of keys) {
    const parsed = DeleteKeySchema.safeParse(key);
    if (!parsed.success) invalid.set(key, parsed.error.issues[0]!.message);
  }
  const named = [...new Set(keys)];
  const comparable = named.filter((key) => !invalid.has(key));
  return db.transaction(async (tx) => {
    // Locked, so a concurrent edit of one of them waits for this run and then finds it gone.
    const { rows } = await tx.query<MatchedRow>(
      `SELECT id, ${entity.alternateKey} AS alternate, ${entity.label} AS label FROM ${entity.table}
        WHERE id = ANY($1::text[]) OR ${entity.alternateKey} = ANY($1::text[]) ORDER BY id FOR UPDATE`,
      [comparable],
    );
    const problems: string[] = [];
    const chosen = new Map<string, string>();
    for (const key of named) {
      const problem = invalid.get(key);
      if (problem) {
        problems.push(`${shown(key)}: ${problem}`);
        continue;
      }
      const matches = rows.filter((row) => row.id === key || row.alternate === key);
      if (matches.length === 1) chosen.set(matches[0]!.id, matches[0]!.label);
      else if (matches.length === 0) problems.push(`${shown(key)}: no ${entity.noun} has this id or ${entity.alternateKey}`);
      else problems.push(`${shown(key)}: names ${matches.length} ${entity.noun}s (${matches.map((m) => m.id).join(', ')}); give the id of the one to delete`);
    }
    if (problems.length > 0) throw new DeleteRefusedError(problems);
    if (!options.dryRun) await tx.query(`DELETE FROM ${entity.table} WHERE id = ANY($1::text[])`, [[...chosen.keys()]]);
    return { deleted: [...chosen.values()] };
  });
}
