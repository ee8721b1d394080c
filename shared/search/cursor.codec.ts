import { createHash } from 'node:crypto';
import { z } from 'zod';
import { InvalidInputError } from '../domain/errors.ts';

/**
 * The kinds of value a sort key puts into a cursor. A cursor is client input: every value is checked
 * against the kind its position in the sort expects before any engine sees it, so a tampered cursor is
 * a 400 and never an engine error.
 */
export type SortValueKind =
  /** A relevance score: any finite number. */
  | 'score'
  /** A signed 32-bit integer (Postgres integer, Elasticsearch byte/short/integer). */
  | 'int32'
  /** Milliseconds since the epoch, within the range a date can hold. */
  | 'epoch_ms'
  /** A signed 64-bit integer carried as decimal text (JSON numbers lose precision past 2^53). */
  | 'int64_text'
  /** An identifier: short text without control characters. */
  | 'keyword'
  /** A document's position in a snapshot (Elasticsearch's implicit _shard_doc tiebreaker): a non-negative integer. */
  | 'doc_position';

const MAX_EPOCH_MS = 8_640_000_000_000_000;
const INT64_MAX = 2n ** 63n - 1n;
const MAX_KEYWORD_LENGTH = 512;

// eslint-disable-next-line no-control-regex
const KeywordSchema = z.string().max(MAX_KEYWORD_LENGTH).regex(/^[^\u0000-\u001f\ud800-\udfff]*$/);

const sortValueSchemas: Record<SortValueKind, z.ZodType> = {
  score: z.number(),
  int32: z.int32(),
  epoch_ms: z.int().min(-MAX_EPOCH_MS).max(MAX_EPOCH_MS),
  int64_text: z
    .string()
    // zod runs later checks after a failed one unless told to stop: BigInt of a non-number throws, and
    // that throw escaped safeParse as a 500 for a tampered cursor (found by `npm run test:fuzz`).
    .regex(/^-?\d{1,19}$/, { abort: true })
    .refine((v) => {
      const n = BigInt(v);
      return n <= INT64_MAX && n >= -INT64_MAX - 1n;
    }),
  keyword: KeywordSchema,
  doc_position: z.int().nonnegative(),
};

/**
 * The cursor is opaque to clients: base64url JSON holding the sort values of the last record served,
 * the absolute position of the next page, a hash of the query it belongs to, and optionally an engine
 * snapshot (an Elasticsearch point in time) so that the walk sees one consistent view.
 */
const CursorSchema = z.strictObject({
  v: z.literal(1),
  k: z.enum(['designers', 'open_roles']),
  h: z.string().max(64),
  o: z.int().nonnegative().max(1_000_000_000),
  sa: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).max(8),
  // Elasticsearch encodes point-in-time ids as URL-safe base64.
  pit: z
    .string()
    .regex(/^[A-Za-z0-9_=+/-]{16,4096}$/)
    .optional(),
  // Ids served before the walk's snapshot was opened: the snapshot's pages leave them out.
  x: z.array(KeywordSchema).max(100).optional(),
})
  // The records served before a snapshot are records served: never more than the position (a cursor saying
  // so would place the walk before its first record).
  .refine((c) => (c.x?.length ?? 0) <= c.o);
export type Cursor = z.infer<typeof CursorSchema>;

export function queryFingerprint(filters: object): string {
  const entries = Object.entries(filters)
    .filter(([, v]) => v !== undefined && v !== '')
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(entries)).digest('base64url').slice(0, 16);
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const invalid = (message: string) => new InvalidInputError([{ parameter: 'cursor', message }]);

export const invalidCursor = () => invalid("is not a valid cursor; pass the previous page's next_cursor unchanged");

/** True when the values fit the sort: one value per key, each of the kind its key produces. */
export function fitsSort(values: Cursor['sa'], kinds: readonly SortValueKind[]): boolean {
  return values.length === kinds.length && kinds.every((kind, i) => sortValueSchemas[kind].safeParse(values[i]).success);
}

/**
 * Decodes a cursor of `kind` for the query `filters` whose sort has the value kinds `sort`, or throws a
 * 400 naming the cursor parameter. `snapshotTiebreaker`: the kind of the value an engine appends to the
 * sort of a search in a snapshot (a cursor with a point in time may carry it).
 */
export function decodeCursor(
  raw: string,
  kind: Cursor['k'],
  filters: object,
  sort: readonly SortValueKind[],
  options: { snapshotTiebreaker?: SortValueKind } = {},
): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const result = CursorSchema.safeParse(parsed);
  if (!result.success || result.data.k !== kind) throw invalidCursor();
  if (result.data.h !== queryFingerprint(filters)) {
    throw invalid('belongs to a different query; repeat the same filters as the first page, or start again without cursor');
  }
  const { pit, sa } = result.data;
  const kinds = pit && options.snapshotTiebreaker && sa.length === sort.length + 1 ? [...sort, options.snapshotTiebreaker] : sort;
  if (!fitsSort(sa, kinds)) throw invalidCursor();
  return result.data;
}

export const expiredCursor = () =>
  invalid('has expired; start again from the first page without cursor');
