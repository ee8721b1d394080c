import { z } from 'zod';
import { type Designer, type IndexedDesigner, IndexedDesignerSchema } from '../domain/designer.schema.ts';
import type { Db } from './db.ts';
import { DESIGNER_LISTED, DESIGNER_SELECT, type DesignerRow, type StoredDesigner, toDesigner, toStoredDesigner } from './designer.row.ts';
import { InvalidSourceRowError } from './row-state.ts';
import { TableReader } from './table.reader.ts';

/**
 * The one reader of designers with their roles. The roles and the version come from one statement: a
 * role change bumps its designer's version in the same transaction.
 */
export class DesignerReader extends TableReader<DesignerRow & { listed: boolean }, IndexedDesigner, StoredDesigner> {
  constructor(
    db: Db,
    private readonly publicBaseUrl: string,
  ) {
    super(db, {
      entity: 'designer',
      table: 'designers d',
      alias: 'd',
      columns: DESIGNER_SELECT,
      listed: DESIGNER_LISTED,
      toIndexed: (row) => {
        const candidate = { designer: toDesigner(row, publicBaseUrl), listed_at: row.listed_at.toISOString(), version: Number(row.version) };
        const parsed = IndexedDesignerSchema.safeParse(candidate);
        if (!parsed.success) throw new InvalidSourceRowError('designer', row.id, z.prettifyError(parsed.error));
        return parsed.data;
      },
      toStored: (row) => toStoredDesigner(row, publicBaseUrl),
    });
  }

  /** A listed designer's public profile, by slug or id; null when there is none or it is not listed. */
  async findListed(key: { slug: string } | { id: string }): Promise<Designer | null> {
    const [column, value] = 'slug' in key ? ['slug', key.slug] : ['id', key.id];
    const { rows } = await this.db.query<DesignerRow>(`SELECT ${DESIGNER_SELECT} FROM designers d WHERE d.${column} = $1 AND ${DESIGNER_LISTED}`, [value]);
    return rows[0] ? toDesigner(rows[0], this.publicBaseUrl) : null;
  }
}
