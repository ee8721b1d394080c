import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteLines, decodeFileText } from './import-text-decoder.ts';
import { ImportFileError } from './import.errors.ts';

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const utf8 = (text: string) => Buffer.from(text, 'utf8');

async function collect(chunks: Buffer[]): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of byteLines((async function* () {
    yield* chunks;
  })())) lines.push(line.toString('utf8'));
  return lines;
}

describe('decodeFileText', () => {
  it('returns UTF-8 text as it is, a byte-order mark and literal U+FFFD included', () => {
    expect(decodeFileText(utf8('\uFEFFname\nJürgen Müller \uFFFD\n'))).toBe('\uFEFFname\nJürgen Müller \uFFFD\n');
  });

  it('names the first line that is not UTF-8: Latin-1, a cut sequence, a lone surrogate encoded, on the last line without a line feed', () => {
    const refusal = (bytes: Buffer) => {
      try {
        decodeFileText(bytes);
      } catch (error) {
        expect(error).toBeInstanceOf(ImportFileError);
        return (error as Error).message;
      }
      throw new Error('expected a refusal');
    };
    expect(refusal(Buffer.concat([utf8('id,name\nd1,Ana\n'), latin1('d2,Jürgen Müller\n'), latin1('d3,Zoë\n')]))).toBe(
      'line 3 is not UTF-8 text: save the file as UTF-8 (in Excel: "CSV UTF-8"), then import it again',
    );
    expect(refusal(Buffer.concat([utf8('a\n'), utf8('é').subarray(0, 1), utf8('\n')]))).toMatch(/^line 2 is not UTF-8 text/);
    expect(refusal(Buffer.from([0x61, 0x0a, 0x62, 0x0a, 0xed, 0xa0, 0x80]))).toMatch(/^line 3 is not UTF-8 text/);
  });

  it('refuses a spreadsheet workbook by its first bytes, saying to save the sheet as CSV', () => {
    const xlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('[Content_Types].xml')]);
    expect(() => decodeFileText(xlsx)).toThrow(
      'the file is a spreadsheet workbook (.xlsx, .numbers, .ods) or another zip archive, not text: save the sheet as CSV (in Excel: "CSV UTF-8"), then import that file',
    );
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect(() => decodeFileText(xls)).toThrow(/^the file is an Excel 97–2003 workbook \(\.xls\), not text/);
    // Text that merely starts with the letters PK is text.
    expect(decodeFileText(Buffer.from('PK,name\n'))).toBe('PK,name\n');
  });

  it('refuses UTF-16 in either byte order by its byte-order mark', () => {
    for (const bom of [[0xff, 0xfe], [0xfe, 0xff]]) {
      expect(() => decodeFileText(Buffer.concat([Buffer.from(bom), Buffer.from('i\0d\0', 'latin1')]))).toThrow(/^the file is UTF-16, not UTF-8: save the file as UTF-8/);
    }
  });
});

describe('byteLines', () => {
  it('splits at line feeds across chunk boundaries, inside a multi-byte character too, and keeps a last line without one', async () => {
    const bytes = utf8('Jürgen\r\n\nZoë 🙂\nlast');
    // Every way to cut the bytes in two, through the middle of ü, ë and the emoji included.
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      expect(await collect([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${cut}`).toEqual(['Jürgen\r', '', 'Zoë 🙂', 'last']);
    }
  });

  it('yields the lines of any text, however the bytes arrive', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'binary' }).map((s) => s.replaceAll('\n', '')), { maxLength: 8 }),
        fc.array(fc.nat({ max: 40 }), { maxLength: 6 }),
        async (lines, cuts) => {
          const bytes = utf8(lines.map((l) => `${l}\n`).join(''));
          const points = [...new Set(cuts.map((c) => Math.min(c, bytes.length)))].sort((a, b) => a - b);
          const chunks = [0, ...points].map((from, i) => bytes.subarray(from, [...points, bytes.length][i]));
          expect(await collect(chunks)).toEqual(lines.map((l) => utf8(l).toString('utf8')));
        },
      ),
      { numRuns: 300 },
    );
  });
});
