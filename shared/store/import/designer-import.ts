import { DESIGNER_COLUMNS, DESIGNER_STATE } from '../../domain/designer.fields.ts';
import { type DesignerImport, DesignerImportSchema } from '../../domain/designer-import.schema.ts';
import { DesignerWriter } from '../designer.writer.ts';
import { csvColumns } from './import-file.reader.ts';
import { type ImportEntity, importersOf } from './record-importer.ts';

/**
 * Designers: matched by id, else by slug. In CSV, current_role holds one role as JSON
 * ({"title":…,"company":…,"company_url":…} or empty for none) and previous_roles a JSON array of them.
 */
export const designerImportEntity: ImportEntity<DesignerImport> = {
  noun: 'designer',
  schema: DesignerImportSchema,
  csv: csvColumns({ ...DESIGNER_COLUMNS, ...DESIGNER_STATE }, ['current_role', 'previous_roles']),
  uniqueKeys: (r) => [...(r.id ? [{ field: 'id', value: r.id }] : []), { field: 'slug', value: r.slug }],
  writer: (tx) => new DesignerWriter(tx),
};

export const { records: importDesignerRecords, file: importDesignersFile } = importersOf(designerImportEntity);
