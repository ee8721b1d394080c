/**
 * A CSV cell a spreadsheet opens as text, never as a formula, read back as the value it was.
 *
 * Spreadsheets run a cell that starts with = + - @, a tab or a carriage return as a formula (CSV injection:
 * a designer's name `=HYPERLINK(…)` in a curator's export). An apostrophe before such a cell makes it text
 * there; the import takes that apostrophe off again. Values that already start with apostrophes before one
 * of those characters get one more, so every value reads back exactly ("'=x" is written "''=x"), and any
 * other value (a Dutch "'t Hart") is written as it is.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const DEFUSED_START = /^'+[=+\-@\t\r]/;

export function defuseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function restoreCell(cell: string): string {
  return DEFUSED_START.test(cell) ? cell.slice(1) : cell;
}
