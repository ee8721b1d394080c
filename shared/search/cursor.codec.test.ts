import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../domain/errors.ts';
import { decodeCursor, encodeCursor, queryFingerprint } from './cursor.codec.ts';

describe('cursor codec', () => {
  const filters = { q: 'brand', category: 'brand' };

  it('round-trips a cursor for the same query', () => {
    const cursor = { v: 1 as const, k: 'designers' as const, h: queryFingerprint(filters), o: 20, sa: [1.5, 'x'] };
    expect(decodeCursor(encodeCursor(cursor), 'designers', filters)).toEqual(cursor);
  });

  it('fingerprints ignore key order and empty values', () => {
    expect(queryFingerprint({ a: '1', b: '2', c: undefined })).toBe(queryFingerprint({ b: '2', a: '1', d: '' }));
  });

  it('rejects a cursor of another query, naming the parameter', () => {
    const raw = encodeCursor({ v: 1, k: 'designers', h: queryFingerprint(filters), o: 0, sa: [] });
    try {
      decodeCursor(raw, 'designers', { q: 'motion' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidInputError);
      expect((e as InvalidInputError).problems[0]).toMatchObject({ parameter: 'cursor' });
      expect((e as InvalidInputError).message).toMatch(/different query/);
    }
  });

  it('rejects garbage and cursors of the other resource', () => {
    expect(() => decodeCursor('not-a-cursor', 'designers', filters)).toThrow(/not a valid cursor/);
    const other = encodeCursor({ v: 1, k: 'open_roles', h: queryFingerprint(filters), o: 0, sa: [] });
    expect(() => decodeCursor(other, 'designers', filters)).toThrow(/not a valid cursor/);
  });
});
