import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DESIGNER_COLUMNS, DESIGNER_LISTED_AT, DESIGNER_STATE, SLUG_PATTERN } from '../../shared/domain/designer.fields.ts';
import type { Columns, ColumnType } from '../../shared/domain/field-set.ts';
import { OPEN_ROLE_COLUMNS, OPEN_ROLE_STATE } from '../../shared/domain/open-role.fields.ts';
import { requireServices } from '../support/services.ts';
import { type Engine, openTestStore, type TestStore } from './test-store.ts';

/**
 * The fields modules against the live schema after every migration: the DDL is written by hand, so a
 * field, an enum value or the slug pattern changed on one side only fails here rather than in production
 * (a value the API accepts and the store refuses, or a column nothing reads).
 */

const services = requireServices('postgres');
const engines: Engine[] = ['pglite', 'postgres'];

const TABLES: Record<string, Columns> = {
  designers: { ...DESIGNER_COLUMNS, ...DESIGNER_STATE, ...DESIGNER_LISTED_AT },
  open_roles: { ...OPEN_ROLE_COLUMNS, ...OPEN_ROLE_STATE },
};

const DATA_TYPES: Record<ColumnType, string> = { text: 'text', boolean: 'boolean', timestamptz: 'timestamp with time zone' };

interface CheckRow {
  column: string;
  def: string;
}

/** The values of a CHECK (column IN (...)), as Postgres prints it back: column = ANY (ARRAY['a'::text, ...]). */
function allowedValues(def: string): string[] | null {
  const list = /^CHECK \(\(\w+ = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(def)?.[1];
  return list === undefined ? null : [...list.matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => m[1]!.replace(/''/g, "'"));
}

function enumValues(schema: z.ZodType): readonly string[] | null {
  return schema instanceof z.ZodEnum ? (schema.options as string[]) : null;
}

describe.each(engines)('the fields modules against the migrated schema on %s', (engine) => {
  const skip = engine === 'postgres' && !services;
  let store: TestStore;

  beforeAll(async () => {
    if (!skip) store = await openTestStore(engine, 'schema_drift', services?.postgres ?? null);
  });
  afterAll(async () => {
    await store?.close();
  });

  async function singleColumnChecks(table: string): Promise<CheckRow[]> {
    const { rows } = await store.db.query<CheckRow & { columns: number }>(
      `SELECT a.attname AS column, pg_get_constraintdef(c.oid) AS def, cardinality(c.conkey) AS columns
         FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
        WHERE c.conrelid = $1::regclass AND c.contype = 'c'`,
      [table],
    );
    return rows.filter((r) => Number(r.columns) === 1);
  }

  it.skipIf(skip).each(Object.keys(TABLES))('%s: every declared field is a column of its type, nullable exactly when the field is', async (table) => {
    const { rows } = await store.db.query<{ column: string; data_type: string; is_nullable: string }>(
      `SELECT column_name AS column, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
      [table],
    );
    const live = new Map(rows.map((r) => [r.column, r]));
    for (const [name, column] of Object.entries(TABLES[table]!)) {
      const found = live.get(name);
      expect(found, `${table}.${name}`).toBeDefined();
      expect(found!.data_type, `${table}.${name}`).toBe(DATA_TYPES[column.type]);
      expect(found!.is_nullable === 'YES', `${table}.${name} nullable`).toBe(column.schema.safeParse(null).success);
    }
  });

  it.skipIf(skip).each(Object.keys(TABLES))('%s: each enum field allows exactly the values its CHECK constraint allows, and back', async (table) => {
    const columns = TABLES[table]!;
    const checks = await singleColumnChecks(table);
    const constrained = new Map(checks.flatMap((c) => (allowedValues(c.def) ? [[c.column, allowedValues(c.def)!] as const] : [])));
    const declared = new Map(
      Object.entries(columns).flatMap(([name, c]) => (enumValues(c.schema) ? [[name, [...enumValues(c.schema)!]] as const] : [])),
    );
    expect([...constrained.keys()].sort()).toEqual([...declared.keys()].sort());
    for (const [name, values] of declared) expect([...constrained.get(name)!].sort(), `${table}.${name}`).toEqual([...values].sort());
  });

  it.skipIf(skip)('designers.slug: the CHECK pattern is SLUG_PATTERN, and both accept and refuse the same slugs', async () => {
    const slugCheck = (await singleColumnChecks('designers')).find((c) => c.column === 'slug');
    const pattern = /^CHECK \(\(slug ~ '(.*)'::text\)\)$/.exec(slugCheck?.def ?? '')?.[1];
    // Postgres has no non-capturing groups in this dialect's printout; the two spell one pattern.
    expect(pattern).toBe(SLUG_PATTERN.source.replace(/\(\?:/g, '('));
    const samples = ['ana-lopez', 'a', 'a1-b2-c3', '3d', 'Ana', 'ana--lopez', '-ana', 'ana-', 'ana lopez', 'anä', ''];
    const { rows } = await store.db.query<{ slug: string; ok: boolean }>(
      `SELECT s AS slug, s ~ $2 AS ok FROM unnest($1::text[]) AS s`,
      [samples, pattern],
    );
    for (const { slug, ok } of rows) expect(ok, JSON.stringify(slug)).toBe(SLUG_PATTERN.test(slug));
  });
});
