import { describe, expect, it } from 'vitest';
import { pageRows } from './table.reader.ts';

const row = (chars: number) => ({ id: 'x', text: 'a'.repeat(chars) });

describe('pageRows: the next keyset page holds about `bytes` of rows like these', () => {
  it('small rows: the row bound decides', () => {
    expect(pageRows(Array.from({ length: 50 }, () => row(100)), 500, 1024 * 1024)).toBe(500);
  });

  it('large rows: the byte bound decides', () => {
    const rows = Array.from({ length: 50 }, () => row(100_000));
    const next = pageRows(rows, 500, 1024 * 1024);
    expect(next).toBe(Math.floor((1024 * 1024) / JSON.stringify(rows[0]).length));
    expect(next * JSON.stringify(rows[0]).length).toBeLessThanOrEqual(1024 * 1024);
  });

  it('rows larger than the budget: one at a time, never none', () => {
    expect(pageRows([row(2_000_000)], 500, 1024 * 1024)).toBe(1);
  });

  it('measures a spread of the page, not its first row', () => {
    const rows = [row(10), ...Array.from({ length: 99 }, () => row(20_000))];
    expect(pageRows(rows, 500, 1024 * 1024)).toBeLessThan(60);
  });
});
