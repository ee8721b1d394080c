import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromRow } from '../store/column.sql.ts';
import { column, importShapeOf, namesOf, omitColumns, shapeOf } from './field-set.ts';

const COLUMNS = {
  id: column.text(z.string()),
  note: column.text(z.string().nullable(), { importDefault: null }),
  remote: column.boolean(z.boolean(), { importDefault: false }),
  at: column.instant(z.iso.datetime({ offset: true })),
};

describe('field sets', () => {
  it('derive the public shape, in declaration order', () => {
    expect(Object.keys(shapeOf(COLUMNS))).toEqual(['id', 'note', 'remote', 'at']);
    expect(namesOf(omitColumns(COLUMNS, ['id']))).toEqual(['note', 'remote', 'at']);
  });

  it('derive the import shape: a field with an import default may be left out', () => {
    const schema = z.strictObject(importShapeOf(COLUMNS));
    expect(schema.parse({ id: 'x', at: '2026-01-01T00:00:00Z' })).toEqual({ id: 'x', note: null, remote: false, at: '2026-01-01T00:00:00Z' });
    expect(schema.safeParse({ note: 'n' }).success).toBe(false);
  });

  it('map a row to public values: instants become ISO strings', () => {
    const row = { id: 'x', note: null, remote: true, at: new Date('2026-01-01T00:00:00Z'), extra: 1 };
    expect(fromRow(COLUMNS, row)).toEqual({ id: 'x', note: null, remote: true, at: '2026-01-01T00:00:00.000Z' });
  });
});
