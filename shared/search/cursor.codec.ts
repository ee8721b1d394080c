import { createHash } from 'node:crypto';
import { z } from 'zod';
import { InvalidInputError } from '../domain/errors.ts';

/**
 * The cursor is opaque to clients: base64url JSON holding the sort values of the last record served,
 * the absolute position of the next page, a hash of the query it belongs to, and optionally an engine
 * snapshot (an Elasticsearch point in time) so that the walk sees one consistent view.
 */
const CursorSchema = z.object({
  v: z.literal(1),
  k: z.enum(['designers', 'open_roles']),
  h: z.string(),
  o: z.int().nonnegative(),
  sa: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])),
  pit: z.string().optional(),
  // Ids served before the walk's snapshot was opened: the snapshot's pages leave them out.
  x: z.array(z.string()).max(100).optional(),
});
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

export function decodeCursor(raw: string, kind: Cursor['k'], filters: object): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid('is not a valid cursor; pass meta.next_cursor from the previous page unchanged');
  }
  const result = CursorSchema.safeParse(parsed);
  if (!result.success || result.data.k !== kind) {
    throw invalid('is not a valid cursor; pass meta.next_cursor from the previous page unchanged');
  }
  if (result.data.h !== queryFingerprint(filters)) {
    throw invalid('belongs to a different query; repeat the same filters as the first page, or start again without cursor');
  }
  return result.data;
}

export const expiredCursor = () =>
  invalid('has expired; start again from the first page without cursor');
