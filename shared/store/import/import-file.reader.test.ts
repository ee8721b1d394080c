import { describe, expect, it } from 'vitest';
import { csvDelimiter, detectFormat, parseImportText } from './import-file.reader.ts';
import { ImportFileError } from './import.errors.ts';

const csv = { json: ['current_role', 'previous_roles'], boolean: ['opted_in'] };

describe('import file reader', () => {
  it('finds the line each element of a JSON array starts on', () => {
    const text = '[\n  {"a": "x,\\"[{"},\n\n  {\n    "b": [1, {"c": 2}]\n  }, 3, "s"\n]\n';
    expect(parseImportText(text, 'json', csv).map((r) => r.line)).toEqual([2, 4, 6, 6]);
  });

  it('rejects a JSON file that is not an array of records, naming the problem', () => {
    expect(() => parseImportText('{"a":1}', 'json', csv)).toThrow(ImportFileError);
    expect(() => parseImportText('[{"a":1},', 'json', csv)).toThrow(/not valid JSON/);
  });

  it('reads NDJSON line by line, skipping blank lines and flagging a bad one', () => {
    const records = parseImportText('{"a":1}\n\n{oops}\r\n{"b":2}\n', 'ndjson', csv);
    expect(records.map((r) => r.line)).toEqual([1, 3, 4]);
    expect(records[1]!.problems?.[0]?.field).toBe('(record)');
  });

  it('reads CSV with JSON and boolean cells; an empty cell means not given', () => {
    const text =
      'slug,opted_in,current_role,previous_roles,location\n' +
      'ana,no,"{""title"":""Designer"",""company"":""Acme"",""company_url"":null}",,\n' +
      'bo,true,,"[]","Multi\nline"\n' +
      'cy,1,{bad json},,Remote\n';
    const records = parseImportText(text, 'csv', csv);
    expect(records.map((r) => r.line)).toEqual([2, 3, 5]);
    expect(records[0]!.value).toEqual({ slug: 'ana', opted_in: false, current_role: { title: 'Designer', company: 'Acme', company_url: null } });
    expect(records[1]!.value).toEqual({ slug: 'bo', opted_in: true, previous_roles: [], location: 'Multi\nline' });
    expect(records[2]!.problems).toEqual([expect.objectContaining({ field: 'current_role' })]);
  });

  it('refuses a CSV header that names a column twice, where the later cell would silently win', () => {
    expect(() => parseImportText('slug,name,location,name\nana,Ana Lopez,Lisbon,Ana\n', 'csv', csv)).toThrow(
      new ImportFileError('the CSV header names the column "name" twice: name each column once'),
    );
    // Unnamed columns (a trailing comma) are no repeat: their cells are empty, or refused as unknown fields.
    expect(parseImportText('slug,name,,\nana,Ana,,\n', 'csv', csv).map((r) => r.value)).toEqual([{ slug: 'ana', name: 'Ana' }]);
  });

  it('reads a CSV separated by semicolons (a spreadsheet where the comma is the decimal mark) or tabs', () => {
    const expected = [{ slug: 'ana', name: 'Ana López', location: 'Madrid, ES', current_role: { title: 'Designer', company: 'Acme; Co', company_url: null } }];
    const role = '"{""title"":""Designer"",""company"":""Acme; Co"",""company_url"":null}"';
    expect(parseImportText(`\uFEFFslug;name;location;current_role\r\nana;Ana López;Madrid, ES;${role}\r\n`, 'csv', csv).map((r) => r.value)).toEqual(expected);
    expect(parseImportText(`slug\tname\tlocation\tcurrent_role\nana\tAna López\tMadrid, ES\t${role}\n`, 'csv', csv).map((r) => r.value)).toEqual(expected);
    // A comma header keeps its commas, whatever the cells hold; a header of one column is comma-separated.
    expect(parseImportText('slug,location\nana,"Paris; Lyon"\n', 'csv', csv).map((r) => r.value)).toEqual([{ slug: 'ana', location: 'Paris; Lyon' }]);
    expect(csvDelimiter('slug\nana;bo\n')).toBe(',');
  });

  it('reads a hand-written CSV header whatever its case, with spaces or hyphens for underscores', () => {
    const records = parseImportText('Slug, Name ,Current Role,previous-roles,Opted_In\nana,Ana,,[],No\n', 'csv', csv);
    expect(records.map((r) => r.value)).toEqual([{ slug: 'ana', name: 'Ana', previous_roles: [], opted_in: false }]);
    expect(() => parseImportText('Name,name\nAna,Ana\n', 'csv', csv)).toThrow(
      new ImportFileError('the CSV header names the column "name" twice: name each column once'),
    );
  });

  it.each([
    ['CRLF', '\r\n'],
    ['LF', '\n'],
    ['CR alone (an old Mac spreadsheet)', '\r'],
  ])('numbers CSV records by the line they start on, with %s line breaks inside quoted cells and between records', (_, eol) => {
    const text = ['slug;description', `a;"x${eol}y${eol}z"`, 'b;plain', `c;"one${eol}two"`, 'd;"last, with, many, commas, as, a, description, may, hold"', ''].join(eol);
    const records = parseImportText(text, 'csv', csv);
    expect(records.map((r) => r.line)).toEqual([2, 5, 6, 8]);
    expect(records.map((r) => (r.value as { description: string }).description)).toEqual([`x${eol}y${eol}z`, 'plain', `one${eol}two`, 'last, with, many, commas, as, a, description, may, hold']);
  });

  it('names what a malformed JSON cell should hold, by its column: one role, or a list of them', () => {
    const records = parseImportText('slug,current_role,previous_roles\na,{oops,[oops\n', 'csv', csv);
    expect(records[0]!.problems).toEqual([
      { field: 'current_role', message: 'must be JSON in a CSV cell, for example {"title":"Designer","company":"Acme","company_url":null}' },
      { field: 'previous_roles', message: 'must be JSON in a CSV cell, for example [{"title":"Designer","company":"Acme","company_url":null}] (a list; [] for none)' },
    ]);
  });

  it('reads yes/no cells whatever their case and blanks; any other word names what a yes/no cell may hold', () => {
    const records = parseImportText('slug,opted_in\na, Yes \nb,0\nc,maybe\n', 'csv', csv);
    expect(records.map((r) => (r.value as { opted_in: unknown }).opted_in)).toEqual([true, false, 'maybe']);
    expect(records.map((r) => r.problems)).toEqual([
      undefined,
      undefined,
      [{ field: 'opted_in', message: 'must be true or false (in a CSV cell also yes or no, 1 or 0)' }],
    ]);
  });

  it('names the line of a malformed CSV row', () => {
    expect(() => parseImportText('a,b\n1,2\n3\n', 'csv', csv)).toThrow(/line 3/);
  });

  it('detects the format from the extension, else from the content', () => {
    expect(detectFormat('x.jsonl', '')).toBe('ndjson');
    expect(detectFormat('x.CSV', '[')).toBe('csv');
    expect(detectFormat('x', ' [')).toBe('json');
    expect(detectFormat('x', '{"a":1}')).toBe('ndjson');
    expect(detectFormat('x', 'slug,name')).toBe('csv');
  });
});
