import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../domain/errors.ts';
import { type Cursor, CursorCodec, fitsSort, MIN_CURSOR_SECRET_LENGTH, queryFingerprint, type SortValueKind } from './cursor.codec.ts';

const SECRET = 'a-secret-every-replica-shares-0123456789';
const codec = new CursorCodec(SECRET);
const encodeCursor = (cursor: Cursor) => codec.encode(cursor);
const decodeCursor = (...args: Parameters<CursorCodec['decode']>) => codec.decode(...args);
/** Any JSON, signed as the replicas sign: what the checks behind the signature see. */
const raw = (value: unknown) => {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${createHmac('sha256', SECRET).update('designer-directory cursor v1\n').update(payload).digest('base64url')}`;
};

describe('cursor codec', () => {
  const filters = { q: 'brand', category: 'brand' };
  const sort: SortValueKind[] = ['score', 'epoch_ms', 'keyword'];
  const valid: Cursor = { v: 1, k: 'designers', h: queryFingerprint(filters), o: 20, sa: [1.5, 1_700_000_000_000, 'x'] };

  it('round-trips a cursor for the same query', () => {
    expect(decodeCursor(encodeCursor(valid), 'designers', filters, sort)).toEqual(valid);
  });

  it('carries the facts a walk read its request with, and refuses any other shape of them', () => {
    const read: Cursor = { ...valid, f: { employerHeld: true, placeHeld: false } };
    expect(decodeCursor(encodeCursor(read), 'designers', filters, sort)).toEqual(read);
    for (const f of [{ employerHeld: 'yes' }, { rank: true }, [true]]) {
      expect(() => decodeCursor(raw({ ...valid, f }), 'designers', filters, sort)).toThrow(/not a valid cursor/);
    }
  });

  describe('signature', () => {
    const [payload, signature] = encodeCursor(valid).split('.') as [string, string];
    const refused = (cursor: string, by = codec) => {
      try {
        by.decode(cursor, 'designers', filters, sort);
      } catch (e) {
        expect(e).toBeInstanceOf(InvalidInputError);
        expect((e as InvalidInputError).problems).toEqual([{ parameter: 'cursor', message: expect.stringMatching(/not a valid cursor/) }]);
        return;
      }
      expect.unreachable(`accepted ${cursor}`);
    };

    it('a cursor signed with the same secret decodes on any codec holding it (another replica)', () => {
      expect(new CursorCodec(SECRET).decode(encodeCursor(valid), 'designers', filters, sort)).toEqual(valid);
      expect(raw(valid)).toBe(encodeCursor(valid));
    });

    it('refuses a cursor signed with another secret', () => {
      refused(encodeCursor(valid), new CursorCodec('another-secret-of-another-deployment-0123'));
      refused(encodeCursor(valid), CursorCodec.random());
    });

    it('refuses a tampered payload under the original signature', () => {
      const changed = Buffer.from(JSON.stringify({ ...valid, pit: 'bm90LWEtcmVhbC1wb2ludC1pbi10aW1l' })).toString('base64url');
      refused(`${changed}.${signature}`);
      const position = Buffer.from(JSON.stringify({ ...valid, o: 21 })).toString('base64url');
      refused(`${position}.${signature}`);
    });

    it('refuses a changed, truncated, extended or missing signature', () => {
      const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1)!;
      refused(`${payload}.${flipped}`);
      refused(`${payload}.${signature.slice(0, -1)}`);
      refused(`${payload}.${signature.slice(0, 22)}`);
      refused(`${payload}.${signature}A`);
      refused(`${payload}.${signature}.`);
      refused(`${payload}.`);
      refused(payload);
      refused(`${payload.slice(0, -4)}.${signature}`);
    });

    it('refuses an unsigned cursor of the earlier format', () => {
      refused(Buffer.from(JSON.stringify(valid)).toString('base64url'));
    });

    it('refuses a secret shorter than the minimum', () => {
      expect(() => new CursorCodec('x'.repeat(MIN_CURSOR_SECRET_LENGTH - 1))).toThrow(/at least/);
      expect(() => new CursorCodec('x'.repeat(MIN_CURSOR_SECRET_LENGTH))).not.toThrow();
    });

    it('gives two random codecs different secrets', () => {
      refused(CursorCodec.random().encode(valid), CursorCodec.random());
    });
  });

  it('fingerprints ignore key order and empty values', () => {
    expect(queryFingerprint({ a: '1', b: '2', c: undefined })).toBe(queryFingerprint({ b: '2', a: '1', d: '' }));
  });

  it('rejects a cursor of another query, naming the parameter', () => {
    try {
      decodeCursor(encodeCursor(valid), 'designers', { q: 'motion' }, sort);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidInputError);
      expect((e as InvalidInputError).problems[0]).toMatchObject({ parameter: 'cursor' });
      expect((e as InvalidInputError).message).toMatch(/different query/);
    }
  });

  it('rejects a cursor that says it served more records before its snapshot than its position', () => {
    const served = { ...valid, o: 2, x: ['a', 'b'] };
    expect(decodeCursor(encodeCursor(served), 'designers', filters, sort)).toEqual(served);
    expect(() => decodeCursor(encodeCursor({ ...served, o: 1 }), 'designers', filters, sort)).toThrow(/not a valid cursor/);
    expect(() => decodeCursor(encodeCursor({ ...served, o: 0 }), 'designers', filters, sort)).toThrow(/not a valid cursor/);
  });

  it('rejects garbage and cursors of the other resource', () => {
    expect(() => decodeCursor('not-a-cursor', 'designers', filters, sort)).toThrow(/not a valid cursor/);
    const other = encodeCursor({ ...valid, k: 'open_roles' });
    expect(() => decodeCursor(other, 'designers', filters, sort)).toThrow(/not a valid cursor/);
  });

  // The tampered cursors that reached the engines as 500s: each must be a 400 on the cursor parameter.
  it.each([
    ['a boolean where the score goes', { sa: [true, 'x'] }],
    ['no sort values', { sa: [] }],
    ['too many sort values', { sa: [1, 1, 'x', 'y'] }],
    ['a date past the range of dates', { sa: [1, 9e18, 'x'] }],
    ['a fractional date', { sa: [1, 1.5, 'x'] }],
    ['a NUL in the id', { sa: [1, 1, 'a\u0000b'] }],
    ['a lone surrogate in the id', { sa: [1, 1, 'a\ud800'] }],
    ['a one-character snapshot id', { pit: 'x' }],
    ['a snapshot id with spaces', { pit: 'abcdefgh ijklmnopq' }],
    ['a negative position', { o: -1 }],
    ['an unknown field', { extra: 1 }],
  ])('rejects %s', (_name, change) => {
    const tampered = raw({ ...valid, ...change });
    expect(() => decodeCursor(tampered, 'designers', filters, sort)).toThrow(InvalidInputError);
    expect(() => decodeCursor(tampered, 'designers', filters, sort)).toThrow(/not a valid cursor/);
  });

  it('accepts the tiebreaker value a snapshot search appends, only with a snapshot', () => {
    const pit = 'c29tZS1wb2ludC1pbi10aW1lLWlk';
    const withPit = encodeCursor({ ...valid, sa: [...valid.sa, 12_884_901_890], pit });
    expect(decodeCursor(withPit, 'designers', filters, sort, { snapshotTiebreaker: 'doc_position' }).sa).toHaveLength(4);
    const withoutPit = encodeCursor({ ...valid, sa: [...valid.sa, 12_884_901_890] });
    expect(() => decodeCursor(withoutPit, 'designers', filters, sort, { snapshotTiebreaker: 'doc_position' })).toThrow(/not a valid cursor/);
    const negative = encodeCursor({ ...valid, sa: [...valid.sa, -1], pit });
    expect(() => decodeCursor(negative, 'designers', filters, sort, { snapshotTiebreaker: 'doc_position' })).toThrow(/not a valid cursor/);
  });

  it('checks 64-bit values carried as text against the range of bigint', () => {
    expect(fitsSort(['9223372036854775807', 'a'], ['int64_text', 'keyword'])).toBe(true);
    expect(fitsSort(['9223372036854775808', 'a'], ['int64_text', 'keyword'])).toBe(false);
    expect(fitsSort(['-9223372036854775808', 'a'], ['int64_text', 'keyword'])).toBe(true);
    expect(fitsSort(['-9223372036854775809', 'a'], ['int64_text', 'keyword'])).toBe(false);
    expect(fitsSort([12, 'a'], ['int64_text', 'keyword'])).toBe(false);
  });

  it('refuses text that is no integer as a 64-bit value, without throwing (a tampered cursor is a 400, not a 500)', () => {
    for (const text of ['a', '', '-', '1e5', '12a', '0x10', ' 1', '61661526235478373122484']) {
      expect(fitsSort([text, 'a'], ['int64_text', 'keyword']), text).toBe(false);
    }
  });

  it('judges any JSON values against any sort kinds without throwing', () => {
    const kinds: SortValueKind[] = ['score', 'int32', 'epoch_ms', 'int64_text', 'keyword', 'doc_position'];
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.stringMatching(/^-?\d{0,25}[a-z]?$/), fc.double(), fc.integer(), fc.boolean(), fc.constant(null)), { maxLength: 4 }),
        fc.array(fc.constantFrom(...kinds), { maxLength: 4 }),
        (values, sortKinds) => {
          expect(typeof fitsSort(values, sortKinds)).toBe('boolean');
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('checks 32-bit integers against their range', () => {
    expect(fitsSort([2_147_483_647], ['int32'])).toBe(true);
    expect(fitsSort([2_147_483_648], ['int32'])).toBe(false);
    expect(fitsSort([1e300], ['int32'])).toBe(false);
    expect(fitsSort([0.5], ['int32'])).toBe(false);
  });
});
