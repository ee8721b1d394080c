import type { z } from 'zod';

/**
 * A field that is a column of its entity's table, declared once with everything the layers derive from
 * it: the value's schema (public API, import, OpenAPI), the column type (select lists, row types and the
 * typed arrays of multi-row writes) and the value an import record may leave out.
 */
export type ColumnType = 'text' | 'boolean' | 'timestamptz';

export interface Column<S extends z.ZodType = z.ZodType, T extends ColumnType = ColumnType> {
  readonly schema: S;
  readonly type: T;
}

/** A column an import record may leave out: it then takes `importDefault`. */
export interface DefaultedColumn<S extends z.ZodType = z.ZodType, T extends ColumnType = ColumnType> extends Column<S, T> {
  readonly importDefault: z.output<S>;
}

/** The columns of one table, in the order their values appear in the public JSON. */
export type Columns = Readonly<Record<string, Column>>;

function declare<T extends ColumnType>(type: T) {
  function make<S extends z.ZodType>(schema: S): Column<S, T>;
  function make<S extends z.ZodType>(schema: S, options: { importDefault: z.output<S> }): DefaultedColumn<S, T>;
  function make<S extends z.ZodType>(schema: S, options?: { importDefault: z.output<S> }): Column<S, T> {
    const declared: Column<S, T> = { schema, type };
    return options ? ({ ...declared, importDefault: options.importDefault } as DefaultedColumn<S, T>) : declared;
  }
  return make;
}

export const column = {
  text: declare('text'),
  boolean: declare('boolean'),
  /** An instant: a timestamptz column, an ISO 8601 string in JSON. */
  instant: declare('timestamptz'),
};

/** The zod shape of the columns, for z.strictObject. */
export type ShapeOf<C extends Columns> = { -readonly [K in keyof C]: C[K]['schema'] };

/** The public values of the columns. */
export type ValuesOf<C extends Columns> = { -readonly [K in keyof C]: z.output<C[K]['schema']> };

/** The columns as node-postgres returns them: instants as Date. */
export type RowOf<C extends Columns> = {
  -readonly [K in keyof C]: C[K]['type'] extends 'timestamptz' ? Date : z.output<C[K]['schema']>;
};

/** The import shape: a column with an import default may be left out. */
export type ImportShapeOf<C extends Columns> = {
  -readonly [K in keyof C]: C[K] extends DefaultedColumn ? z.ZodDefault<C[K]['schema']> : C[K]['schema'];
};

export function shapeOf<C extends Columns>(columns: C): ShapeOf<C> {
  return Object.fromEntries(Object.entries(columns).map(([name, c]) => [name, c.schema])) as ShapeOf<C>;
}

/** The shape with every column optional and no default: state an import record may leave as the store has it. */
export type OptionalShapeOf<C extends Columns> = { -readonly [K in keyof C]: z.ZodOptional<C[K]['schema']> };

export function optionalShapeOf<C extends Columns>(columns: C): OptionalShapeOf<C> {
  return Object.fromEntries(Object.entries(columns).map(([name, c]) => [name, (c.schema as z.ZodType).optional()])) as OptionalShapeOf<C>;
}

export function importShapeOf<C extends Columns>(columns: C): ImportShapeOf<C> {
  return Object.fromEntries(
    Object.entries(columns).map(([name, c]) => [
      name,
      'importDefault' in c ? (c.schema as z.ZodType).default((c as DefaultedColumn).importDefault) : c.schema,
    ]),
  ) as ImportShapeOf<C>;
}

/** The column names, in declaration order. */
export function namesOf<C extends Columns>(columns: C): (keyof C & string)[] {
  return Object.keys(columns);
}

/** The columns without the named ones (the key, or values the store computes itself). */
export function omitColumns<C extends Columns, K extends keyof C & string>(columns: C, names: readonly K[]): Omit<C, K> {
  return Object.fromEntries(Object.entries(columns).filter(([name]) => !names.includes(name as K))) as Omit<C, K>;
}

/** The import default of each column that has one. */
export function importDefaultsOf<C extends Columns>(columns: C): Partial<ValuesOf<C>> {
  return Object.fromEntries(
    Object.entries(columns).flatMap(([name, c]) => ('importDefault' in c ? [[name, (c as DefaultedColumn).importDefault]] : [])),
  ) as Partial<ValuesOf<C>>;
}

/** The columns' values of a record, in declaration order: other keys are left out. */
export function pickColumns<C extends Columns>(columns: C, record: ValuesOf<C>): ValuesOf<C> {
  return Object.fromEntries(Object.keys(columns).map((name) => [name, record[name as keyof C]])) as ValuesOf<C>;
}
