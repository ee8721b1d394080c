import { z } from 'zod';
import { type IndexedDesigner, IndexedDesignerSchema } from '../domain/designer.schema.ts';
import type { Db } from '../store/db.ts';
import { DESIGNER_LISTED, DESIGNER_SELECT, type DesignerRow, toDesigner } from '../store/designer.row.ts';
import { RowSource } from './row.source.ts';
import { InvalidSourceRowError } from './source-state.ts';

/**
 * Reads designers with their roles from Postgres as search-ready IndexedDesigner values. The roles and
 * the version come from one statement: a role change bumps its designer's version in the same transaction.
 */
export class DesignerSource extends RowSource<DesignerRow & { listed: boolean }, IndexedDesigner> {
  constructor(db: Db, publicBaseUrl: string) {
    super(db, {
      entity: 'designer',
      table: 'designers d',
      alias: 'd',
      columns: DESIGNER_SELECT,
      listed: DESIGNER_LISTED,
      toIndexed: (row) => {
        const candidate = { designer: toDesigner(row, publicBaseUrl), listed_at: row.created_at.toISOString(), version: Number(row.version) };
        const parsed = IndexedDesignerSchema.safeParse(candidate);
        if (!parsed.success) throw new InvalidSourceRowError('designer', row.id, z.prettifyError(parsed.error));
        return parsed.data;
      },
    });
  }
}
