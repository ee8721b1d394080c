import { z } from 'zod';
import { type IndexedOpenRole, IndexedOpenRoleSchema } from '../domain/open-role.schema.ts';
import type { Db } from '../store/db.ts';
import { OPEN_ROLE_PUBLISHED, OPEN_ROLE_SELECT, type OpenRoleRow, toOpenRole } from '../store/open-role.row.ts';
import { RowSource } from './row.source.ts';
import { InvalidSourceRowError } from './source-state.ts';

/** Reads open roles from Postgres as search-ready IndexedOpenRole values. */
export class OpenRoleSource extends RowSource<OpenRoleRow & { listed: boolean }, IndexedOpenRole> {
  constructor(db: Db) {
    super(db, {
      entity: 'open_role',
      table: 'open_roles o',
      alias: 'o',
      columns: OPEN_ROLE_SELECT,
      // Published and not yet expired: what the API lists.
      listed: `(${OPEN_ROLE_PUBLISHED} AND o.expires_at > now())`,
      toIndexed: (row) => {
        const parsed = IndexedOpenRoleSchema.safeParse({ role: toOpenRole(row), version: Number(row.version) });
        if (!parsed.success) throw new InvalidSourceRowError('open role', row.id, z.prettifyError(parsed.error));
        return parsed.data;
      },
    });
  }
}
