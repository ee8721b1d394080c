import { z } from 'zod';
import { type IndexedOpenRole, IndexedOpenRoleSchema } from '../domain/open-role.schema.ts';
import type { Db } from './db.ts';
import { OPEN_ROLE_SELECT, openRoleListed, type OpenRoleRow, type StoredOpenRole, toOpenRole, toStoredOpenRole } from './open-role.row.ts';
import { InvalidSourceRowError } from './row-state.ts';
import { TableReader } from './table.reader.ts';

/** The one reader of open roles. */
export class OpenRoleReader extends TableReader<OpenRoleRow & { listed: boolean }, IndexedOpenRole, StoredOpenRole> {
  /** now: the application's clock, which decides `listed` of a stored view (see ListedRule). */
  constructor(db: Db, now: () => Date = () => new Date()) {
    super(db, {
      entity: 'open_role',
      table: 'open_roles o',
      alias: 'o',
      columns: OPEN_ROLE_SELECT,
      // What the API lists. The reader takes a fixed predicate, so the database clock stands in for the
      // application's here: it decides only what the index holds; reads re-apply the rule at their instant.
      listed: openRoleListed('now()'),
      toIndexed: (row) => {
        const parsed = IndexedOpenRoleSchema.safeParse({ role: toOpenRole(row), version: Number(row.version) });
        if (!parsed.success) throw new InvalidSourceRowError('open role', row.id, z.prettifyError(parsed.error));
        return parsed.data;
      },
      toStored: (row) => toStoredOpenRole(row, now()),
    });
  }
}
