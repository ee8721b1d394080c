import { type OpenRoleImport, OpenRoleImportSchema } from '../../domain/open-role-import.schema.ts';
import { writeOpenRoleSearchDocuments } from '../../search/postgres/search-document.store.ts';
import type { Db } from '../db.ts';
import { upsertOpenRoleRows } from '../open-role.repository.ts';
import { importFileSource } from './import-file.stream.ts';
import { type ImportEntity, type ImportOptions, type ImportResult, importRecords, type RecordSource } from './record.importer.ts';

/** Open roles: matched by id, else by apply_url. In CSV, remote is true/false. */
export const openRoleImportEntity: ImportEntity<OpenRoleImport> = {
  noun: 'open role',
  schema: OpenRoleImportSchema,
  csv: { json: [], boolean: ['remote'] },
  uniqueKeys: (r) => (r.id ? [{ field: 'id', value: r.id }] : [{ field: 'apply_url', value: r.apply_url }]),
  upsert: upsertOpenRoleRows,
  refreshSearch: writeOpenRoleSearchDocuments,
};

export function importOpenRoleRecords(db: Db, records: RecordSource, options?: ImportOptions): Promise<ImportResult> {
  return importRecords(db, openRoleImportEntity, records, options);
}

export async function importOpenRolesFile(db: Db, path: string, options?: ImportOptions): Promise<ImportResult> {
  return importOpenRoleRecords(db, await importFileSource(path, openRoleImportEntity.csv), options);
}
