import type { EntitySegment } from '../../domain/entity.registry.ts';
import { DESIGNER_COLUMNS, DESIGNER_LISTED_AT, DESIGNER_STATE } from '../../domain/designer.fields.ts';
import { namesOf } from '../../domain/field-set.ts';
import { OPEN_ROLE_COLUMNS, OPEN_ROLE_STATE } from '../../domain/open-role.fields.ts';
import type { Db } from '../db.ts';
import { DesignerReader } from '../designer.reader.ts';
import type { StoredDesigner } from '../designer.row.ts';
import { OpenRoleReader } from '../open-role.reader.ts';
import type { StoredOpenRole } from '../open-role.row.ts';
import { designerImportEntity } from '../import/designer-import.ts';
import { openRoleImportEntity } from '../import/open-role-import.ts';
import { type ExportColumns, type ExportFormat, exportChunks } from './export-format.ts';

/** One kind of record an export writes: its noun, its CSV columns, and its rows as import records. */
export interface ExportEntity {
  noun: string;
  columns: ExportColumns;
  records(db: Db): AsyncIterable<Record<string, unknown>>;
}

/**
 * A stored designer as the import record that writes it back unchanged: the profile without profile_url
 * (derived from the slug), and the curator state (status, opted_in, listed_at) that public views leave out.
 */
export function designerExportRecord({ designer, status, opted_in, listed_at }: StoredDesigner): Record<string, unknown> {
  const { profile_url: _derived, ...profile } = designer;
  return { ...profile, status, opted_in, listed_at };
}

export function openRoleExportRecord({ role, status }: StoredOpenRole): Record<string, unknown> {
  return { ...role, status };
}

async function* mapped<S>(rows: AsyncIterable<S>, toRecord: (row: S) => Record<string, unknown>): AsyncGenerator<Record<string, unknown>> {
  for await (const row of rows) yield toRecord(row);
}

/** Every row, listed or not, in id order: drafts, hidden and opted-out designers and expired roles too. */
export const EXPORT_ENTITIES = {
  designers: {
    noun: 'designer',
    columns: {
      names: [...namesOf(DESIGNER_COLUMNS), 'current_role', 'previous_roles', ...namesOf(DESIGNER_STATE), ...namesOf(DESIGNER_LISTED_AT)],
      json: designerImportEntity.csv.json,
    },
    // profile_url is dropped from each record, so the base URL the reader derives it from does not matter.
    records: (db) => mapped(new DesignerReader(db, 'http://localhost').stream(), designerExportRecord),
  },
  'open-roles': {
    noun: 'open role',
    columns: { names: [...namesOf(OPEN_ROLE_COLUMNS), ...namesOf(OPEN_ROLE_STATE)], json: openRoleImportEntity.csv.json },
    records: (db) => mapped(new OpenRoleReader(db).stream(), openRoleExportRecord),
  },
} satisfies Record<EntitySegment, ExportEntity>;

export type ExportTarget = keyof typeof EXPORT_ENTITIES;

/** An export's text, chunk by chunk, and how many records it has written so far. */
export function exportText(db: Db, target: ExportTarget, format: ExportFormat): { chunks: AsyncGenerator<string>; written(): number } {
  const entity: ExportEntity = EXPORT_ENTITIES[target];
  let count = 0;
  async function* counted() {
    for await (const record of entity.records(db)) {
      count += 1;
      yield record;
    }
  }
  return { chunks: exportChunks(counted(), format, entity.columns), written: () => count };
}
