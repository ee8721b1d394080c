import { OPEN_ROLE_COLUMNS, OPEN_ROLE_STATE } from '../../domain/open-role.fields.ts';
import { type OpenRoleImport, OpenRoleImportSchema } from '../../domain/open-role-import.schema.ts';
import { OpenRoleWriter } from '../open-role.writer.ts';
import { csvColumns } from './import-file.reader.ts';
import { type ImportEntity, importersOf } from './record-importer.ts';

/** Open roles: matched by id, else by apply_url. In CSV, remote is true/false. */
export const openRoleImportEntity: ImportEntity<OpenRoleImport> = {
  noun: 'open role',
  schema: OpenRoleImportSchema,
  csv: csvColumns({ ...OPEN_ROLE_COLUMNS, ...OPEN_ROLE_STATE }, []),
  uniqueKeys: (r) => (r.id ? [{ field: 'id', value: r.id }] : [{ field: 'apply_url', value: r.apply_url }]),
  writer: (tx) => new OpenRoleWriter(tx),
};

export const { records: importOpenRoleRecords, file: importOpenRolesFile } = importersOf(openRoleImportEntity);
