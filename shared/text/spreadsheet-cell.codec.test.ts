import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defuseCell, restoreCell } from './spreadsheet-cell.codec.ts';

describe('defuseCell', () => {
  it('puts an apostrophe before a value a spreadsheet would run as a formula', () => {
    expect(['=HYPERLINK("https://x.example","y")', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'].map(defuseCell)).toEqual([
      `'=HYPERLINK("https://x.example","y")`,
      "'+1",
      "'-2+3",
      "'@SUM(A1)",
      "'\t=1",
      "'\r=1",
    ]);
  });

  it('adds one more to apostrophes already before such a character, and leaves every other value as it is', () => {
    expect(["'=1", "''-x"].map(defuseCell)).toEqual(["''=1", "'''-x"]);
    expect(["'t Hart", 'Ana = designer', ' =1', '', "'", 'https://a.example', '{"title":"-"}', '[]'].map(defuseCell)).toEqual([
      "'t Hart",
      'Ana = designer',
      ' =1',
      '',
      "'",
      'https://a.example',
      '{"title":"-"}',
      '[]',
    ]);
  });
});

describe('restoreCell', () => {
  it('reads every defused value back as it was', () => {
    const formulaLike = fc.tuple(fc.constantFrom('', "'", "''", '=', '+', '-', '@', '\t', '\r', "'=", "''@"), fc.string({ unit: 'binary' }));
    fc.assert(
      fc.property(formulaLike, ([start, rest]) => {
        const value = start + rest;
        const cell = defuseCell(value);
        expect(/^[=+\-@\t\r]/.test(cell)).toBe(false);
        expect(restoreCell(cell)).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes the apostrophe off a hand-written text marker before a formula character, and keeps any other', () => {
    expect(["'=1+1", "'-5", "'t Hart", "'", "'abc"].map(restoreCell)).toEqual(['=1+1', '-5', "'t Hart", "'", "'abc"]);
  });
});
