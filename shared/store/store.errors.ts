/** A write the store refused because of the record itself (a taken slug, a failed check), naming the field. */
export class RecordConflictError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
    this.name = 'RecordConflictError';
  }
}

interface PgErrorFields {
  code?: string;
  constraint?: string;
  column?: string;
  detail?: string;
}

/** Constraint names of the schema, to the field a curator has to fix. */
const CONSTRAINT_FIELDS: Readonly<Record<string, { field: string; message: string }>> = {
  designers_pkey: { field: 'id', message: 'is already used' },
  designers_slug_key: { field: 'slug', message: 'is already used by another designer' },
  designers_slug_check: { field: 'slug', message: 'must be lowercase letters, digits and single hyphens' },
  designers_category_check: { field: 'category', message: 'is not a known category' },
  designers_status_check: { field: 'status', message: 'must be draft, published or hidden' },
  open_roles_pkey: { field: 'id', message: 'is already used' },
  open_roles_check: { field: 'expires_at', message: 'must be later than posted_at' },
  open_roles_employment_type_check: { field: 'employment_type', message: 'is not a known employment type' },
  open_roles_category_check: { field: 'category', message: 'is not a known category' },
  open_roles_placement_check: { field: 'placement', message: 'must be standard or featured' },
  open_roles_status_check: { field: 'status', message: 'must be draft, published or hidden' },
};

/**
 * Turns an integrity violation (class 23) into a RecordConflictError; anything else (a lost connection,
 * a timeout) is returned unchanged, because it is no fault of the record.
 */
export function toRecordConflict(error: unknown): unknown {
  const pg = error as PgErrorFields;
  if (typeof pg?.code !== 'string' || !pg.code.startsWith('23')) return error;
  const known = pg.constraint ? CONSTRAINT_FIELDS[pg.constraint] : undefined;
  if (known) return new RecordConflictError(known.field, known.message);
  if (pg.code === '23502' && pg.column) return new RecordConflictError(pg.column, 'is required');
  return new RecordConflictError('(record)', pg.detail ?? (error as Error).message);
}
