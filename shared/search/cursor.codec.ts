import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ENTITY_COLLECTIONS } from '../domain/entity.registry.ts';
import { InvalidInputError } from '../domain/errors.ts';
import { ReadingFactsSchema } from './reading-facts.ts';

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
 * snapshot (Elasticsearch's point in time, the one place that name is used) so that the walk sees one consistent view; signed by
 * `CursorCodec`.
 */
const CursorSchema = z.strictObject({
  v: z.literal(1),
  k: z.enum(ENTITY_COLLECTIONS),
  h: z.string().max(64),
  o: z.int().nonnegative().max(1_000_000_000),
  sa: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).max(8),
  // The walk's snapshot id (Elasticsearch encodes them as URL-safe base64). The key keeps Elasticsearch's
  // name `pit`: cursors in flight carry it.
  pit: z
    .string()
    .regex(/^[A-Za-z0-9_=+/-]{16,4096}$/)
    .optional(),
  // Ids served before the walk's snapshot was opened: the snapshot's pages leave them out.
  x: z.array(KeywordSchema).max(100).optional(),
  // What the walk's first page looked up to read its request (ReadingFacts). Every page reads the request as
  // the first did: read again, a company or place that came or went mid-walk would rank the later pages by
  // another order, and the walk would repeat some records and skip others.
  f: ReadingFactsSchema.optional(),
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

const invalid = (message: string) => new InvalidInputError([{ parameter: 'cursor', message }]);

export const invalidCursor = () => invalid("is not a valid cursor; pass the previous page's next_cursor unchanged");

/** True when the values fit the sort: one value per key, each of the kind its key produces. */
export function fitsSort(values: Cursor['sa'], kinds: readonly SortValueKind[]): boolean {
  return values.length === kinds.length && kinds.every((kind, i) => sortValueSchemas[kind].safeParse(values[i]).success);
}

/** The shortest CURSOR_SECRET accepted: 32 characters (openssl rand -base64 32 gives 44). */
export const MIN_CURSOR_SECRET_LENGTH = 32;

/** Binds signatures to cursors: a MAC the same secret makes for anything else is never a cursor's signature. */
const SIGNING_CONTEXT = 'designer-directory cursor v1\n';
const SIGNATURE_BYTES = 32;

/**
 * Encodes and checks cursors: `<payload>.<signature>`, the payload base64url JSON and the signature its
 * HMAC-SHA256 under a secret every replica shares. A cursor is client input; the signature is what lets a
 * replica trust a snapshot id in it that another replica opened (the cluster would search any context
 * named to it), and a cursor that fails it is refused before its contents are read.
 */
export class CursorCodec {
  private readonly key: Buffer;

  constructor(secret: string | Buffer) {
    this.key = Buffer.isBuffer(secret) ? secret : Buffer.from(secret, 'utf8');
    if (this.key.length < MIN_CURSOR_SECRET_LENGTH) {
      throw new Error(`a cursor secret must be at least ${MIN_CURSOR_SECRET_LENGTH} bytes`);
    }
  }

  /** A secret of its own, for a repository built alone (a test); a deployment's comes from createRuntime. */
  static random(): CursorCodec {
    return new CursorCodec(randomBytes(SIGNATURE_BYTES));
  }

  encode(cursor: Cursor): string {
    const payload = Buffer.from(JSON.stringify(cursor)).toString('base64url');
    return `${payload}.${this.sign(payload).toString('base64url')}`;
  }

  /**
   * Decodes a cursor of `kind` for the query `filters` whose sort has the value kinds `sort`, or throws a
   * 400 naming the cursor parameter. `snapshotTiebreaker`: the kind of the value an engine appends to the
   * sort of a search in a snapshot (a cursor with a snapshot may carry it).
   */
  decode(
    raw: string,
    kind: Cursor['k'],
    filters: object,
    sort: readonly SortValueKind[],
    options: { snapshotTiebreaker?: SortValueKind } = {},
  ): Cursor {
    const result = CursorSchema.safeParse(this.verified(raw));
    if (!result.success || result.data.k !== kind) throw invalidCursor();
    if (result.data.h !== queryFingerprint(filters)) {
      throw invalid('belongs to a different query; repeat the same filters as the first page, or start again without cursor');
    }
    const { pit, sa } = result.data;
    const kinds = pit && options.snapshotTiebreaker && sa.length === sort.length + 1 ? [...sort, options.snapshotTiebreaker] : sort;
    if (!fitsSort(sa, kinds)) throw invalidCursor();
    return result.data;
  }

  /** The payload of a cursor this codec signed, parsed; anything else is refused unread. */
  private verified(raw: string): unknown {
    const dot = raw.lastIndexOf('.');
    if (dot < 0) throw invalidCursor();
    const payload = raw.slice(0, dot);
    const signature = Buffer.from(raw.slice(dot + 1), 'base64url');
    // base64url decoding skips what is not base64url: compare the text too, so one cursor has one spelling.
    if (signature.length !== SIGNATURE_BYTES || signature.toString('base64url') !== raw.slice(dot + 1)) throw invalidCursor();
    if (!timingSafeEqual(signature, this.sign(payload))) throw invalidCursor();
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw invalidCursor();
    }
  }

  private sign(payload: string): Buffer {
    return createHmac('sha256', this.key).update(SIGNING_CONTEXT).update(payload).digest();
  }
}

export const expiredCursor = () =>
  invalid('has expired; start again from the first page without cursor');
