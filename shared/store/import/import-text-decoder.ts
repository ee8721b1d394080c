import { isUtf8 } from 'node:buffer';
import { ImportFileError } from './import.errors.ts';

/**
 * Import files must be UTF-8. Decoding other bytes as UTF-8 puts U+FFFD where each character was ("J�rgen
 * M�ller" from a Latin-1 "Jürgen Müller"), and that would be published as the designer's name; so bytes
 * that are not UTF-8 are refused, naming the line, never repaired.
 */
export const SAVE_AS_UTF8 = 'save the file as UTF-8 (in Excel: "CSV UTF-8"), then import it again';

const LF = 0x0a;

const startsWith = (start: Uint8Array, signature: readonly number[]) => signature.every((byte, i) => start[i] === byte);

/** The first bytes of the files a curator may pick instead of the text export of their spreadsheet. */
const WORKBOOKS: readonly { signature: readonly number[]; what: string }[] = [
  // .xlsx, .numbers and .ods are zip archives; so is any other zip, which is no import file either.
  { signature: [0x50, 0x4b, 0x03, 0x04], what: 'a spreadsheet workbook (.xlsx, .numbers, .ods) or another zip archive' },
  { signature: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], what: 'an Excel 97–2003 workbook (.xls)' },
];

/**
 * Refuses, by its first bytes, a file that is not text at all: a spreadsheet's own file instead of its CSV
 * export (whose bytes would otherwise be judged line by line, as text that is not UTF-8, or, with no byte
 * over 0x7f, read as a CSV header of garbage), or UTF-16 (either byte order), whose every line would fail.
 */
export function refuseNonText(start: Uint8Array): void {
  const workbook = WORKBOOKS.find((w) => startsWith(start, w.signature));
  if (workbook) {
    throw new ImportFileError(`the file is ${workbook.what}, not text: save the sheet as CSV (in Excel: "CSV UTF-8"), then import that file`);
  }
  if (startsWith(start, [0xff, 0xfe]) || startsWith(start, [0xfe, 0xff])) {
    throw new ImportFileError(`the file is UTF-16, not UTF-8: ${SAVE_AS_UTF8}`);
  }
}

/** A whole file's text, or an ImportFileError naming the first line whose bytes are not UTF-8. */
export function decodeFileText(bytes: Buffer): string {
  refuseNonText(bytes);
  if (isUtf8(bytes)) return bytes.toString('utf8');
  // A line feed byte is never part of a longer UTF-8 sequence, so lines can be judged one by one.
  let line = 1;
  for (let start = 0, end = bytes.indexOf(LF); end !== -1 && isUtf8(bytes.subarray(start, end)); start = end + 1, end = bytes.indexOf(LF, start)) {
    line += 1;
  }
  throw new ImportFileError(`line ${line} is not UTF-8 text: ${SAVE_AS_UTF8}`);
}

/** The lines of a byte stream, split at line feeds, as bytes: a line is judged as UTF-8 before it is decoded. */
export async function* byteLines(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  // The start of a line the last chunk did not finish.
  let rest: Buffer | null = null;
  for await (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf(LF); end !== -1; start = end + 1, end = chunk.indexOf(LF, start)) {
      const line = chunk.subarray(start, end);
      yield rest ? Buffer.concat([rest, line]) : line;
      rest = null;
    }
    if (start < chunk.length) rest = rest ? Buffer.concat([rest, chunk.subarray(start)]) : chunk.subarray(start);
  }
  if (rest) yield rest;
}
