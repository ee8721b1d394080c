import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DesignerImportSchema } from '../../domain/designer-import.schema.ts';
import { textProblem } from '../../domain/text.schema.ts';
import { designerImportEntity } from '../import/designer-import.ts';
import { parseImportText } from '../import/import-file.reader.ts';
import { type ExportColumns, type ExportFormat, exportChunks, formatOfPath } from './export-format.ts';
import { EXPORT_ENTITIES } from './record-exporter.ts';

async function text(records: Record<string, unknown>[], format: ExportFormat, columns: ExportColumns): Promise<string> {
  async function* source() {
    yield* records;
  }
  let out = '';
  for await (const chunk of exportChunks(source(), format, columns)) out += chunk;
  return out;
}

/** Physical rows as a spreadsheet splits them: at each CRLF, LF or CR outside quotes. */
function spreadsheetRows(csv: string): number {
  let rows = 0;
  let quoted = false;
  for (let i = 0; i < csv.length; i += 1) {
    const ch = csv[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || (ch === '\r' && csv[i + 1] !== '\n'))) rows += 1;
  }
  return rows;
}

const COLUMNS: ExportColumns = { names: ['id', 'name', 'roles', 'remote', 'url'], json: ['roles'] };

describe('exportChunks', () => {
  const records = [
    { id: 'a', name: 'Ana, "the" designer', roles: [{ title: 'Lead' }], remote: true, url: null },
    { id: 'b', name: 'Line one\nline two', roles: [], remote: false, url: 'https://b.example' },
  ];

  it('writes NDJSON one record a line, and a JSON array that is valid JSON empty or not', async () => {
    const ndjson = await text(records, 'ndjson', COLUMNS);
    expect(ndjson.split('\n')).toHaveLength(3);
    expect(ndjson.trimEnd().split('\n').map((line) => JSON.parse(line))).toEqual(records);
    expect(JSON.parse(await text(records, 'json', COLUMNS))).toEqual(records);
    expect(JSON.parse(await text([], 'json', COLUMNS))).toEqual([]);
    expect(await text([], 'ndjson', COLUMNS)).toBe('');
  });

  it('writes CSV with a byte-order mark, the header in column order, JSON cells, and null as an empty cell', async () => {
    const csv = await text(records, 'csv', COLUMNS);
    expect(csv.startsWith('\uFEFFid,name,roles,remote,url\r\n')).toBe(true);
    expect(csv).toContain('a,"Ana, ""the"" designer","[{""title"":""Lead""}]",true,\r\n');
    expect(csv).toContain('b,"Line one\nline two",[],false,https://b.example\r\n');
    expect(spreadsheetRows(csv)).toBe(3);
    expect(await text([], 'csv', COLUMNS)).toBe('\uFEFFid,name,roles,remote,url\r\n');
  });

  it('writes a value a spreadsheet would run as a formula as text, behind an apostrophe the import takes off', async () => {
    const hostile = { id: '@c', name: '=HYPERLINK("https://evil.example","Ana")', roles: [{ title: '-1+2' }], remote: true, url: "'=already" };
    const csv = await text([hostile], 'csv', COLUMNS);
    expect(csv).toContain(`'@c,"'=HYPERLINK(""https://evil.example"",""Ana"")","[{""title"":""-1+2""}]",true,''=already\r\n`);
    const cells = parseImportText(csv, 'csv', { json: ['roles'], boolean: ['remote'] });
    expect(cells.map((r) => r.value)).toEqual([hostile]);
  });
});

describe('exported designers read back by the import', () => {
  // Often starting as a formula would, or with the apostrophe that defuses one.
  const cleanString = (max: number) =>
    fc
      .tuple(fc.constantFrom('', '', '=', '+', '-', '@', "'", "'=", "''-"), fc.string({ unit: 'binary', maxLength: max }))
      .map(([start, rest]) => start + rest)
      .filter((s) => textProblem(s) === null);
  const role = fc.record({ title: cleanString(20).filter((s) => s.length > 0), company: cleanString(20).filter((s) => s.length > 0), company_url: fc.constantFrom(null, 'https://acme.example/?a=1,b=2') });
  const designer = fc.record({
    id: fc.constantFrom('d1', 'd-2'),
    slug: fc.constantFrom('ana-lopez', 'x1'),
    name: cleanString(40).filter((s) => s.length > 0),
    description: cleanString(80),
    website: fc.constant('https://ana.example/a;b'),
    portfolio_preview: fc.constant('https://img.example/p.jpg'),
    category: fc.constantFrom('brand', '3d'),
    location: cleanString(30),
    current_role: fc.option(role, { nil: null }),
    previous_roles: fc.array(role, { maxLength: 3 }),
    status: fc.constantFrom('draft', 'published', 'hidden'),
    opted_in: fc.boolean(),
    listed_at: fc.constant('2024-05-01T10:00:00.000Z'),
  });
  const { columns } = EXPORT_ENTITIES.designers;

  it.each(['csv', 'ndjson', 'json'] as const)('as %s, to the same values, whatever the text (blanks at the ends, quotes, separators, line breaks)', async (format) => {
    await fc.assert(
      fc.asyncProperty(designer, async (record) => {
        const original = DesignerImportSchema.parse(record);
        const written = await text([record], format, columns);
        if (format === 'csv') expect(spreadsheetRows(written)).toBe(2);
        const read = parseImportText(written, format, designerImportEntity.csv);
        expect(read).toHaveLength(1);
        expect(read[0]!.problems).toBeUndefined();
        expect(DesignerImportSchema.parse(read[0]!.value)).toEqual(original);
      }),
      { numRuns: 300 },
    );
  });
});

describe('formatOfPath', () => {
  it('reads the format from the file name, whatever its case', () => {
    expect(['a.csv', 'a.CSV', 'a.json', 'a.ndjson', 'a.jsonl', 'a.txt', 'a'].map(formatOfPath)).toEqual(['csv', 'csv', 'json', 'ndjson', 'ndjson', null, null]);
  });
});
