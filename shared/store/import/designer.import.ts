import { type DesignerImport, DesignerImportSchema } from '../../domain/designer-import.schema.ts';
import { writeDesignerSearchDocuments } from '../../search/postgres/search-document.store.ts';
import type { Db } from '../db.ts';
import { upsertDesignerBatch } from '../designer-batch.repository.ts';
import { upsertDesignerRows } from '../designer.repository.ts';
import { importFileSource } from './import-file.stream.ts';
import { type ImportEntity, type ImportOptions, type ImportResult, importRecords, type RecordSource } from './record.importer.ts';

/**
 * Designers: matched by id, else by slug. In CSV, current_role holds one role as JSON
 * ({"title":…,"company":…,"company_url":…} or empty for none) and previous_roles a JSON array of them.
 */
export const designerImportEntity: ImportEntity<DesignerImport> = {
  noun: 'designer',
  schema: DesignerImportSchema,
  csv: { json: ['current_role', 'previous_roles'], boolean: ['opted_in'] },
  uniqueKeys: (r) => [...(r.id ? [{ field: 'id', value: r.id }] : []), { field: 'slug', value: r.slug }],
  upsert: upsertDesignerRows,
  upsertBatch: upsertDesignerBatch,
  refreshSearch: writeDesignerSearchDocuments,
};

export function importDesignerRecords(db: Db, records: RecordSource, options?: ImportOptions): Promise<ImportResult> {
  return importRecords(db, designerImportEntity, records, options);
}

export async function importDesignersFile(db: Db, path: string, options?: ImportOptions): Promise<ImportResult> {
  return importDesignerRecords(db, await importFileSource(path, designerImportEntity.csv), options);
}
