import type { DesignerImportInput } from '../domain/designer-import.schema.ts';
import type { OpenRoleImportInput } from '../domain/open-role-import.schema.ts';
import type { Db } from '../store/db.ts';
import { importDesignerRecords } from '../store/import/designer-import.ts';
import { importOpenRoleRecords } from '../store/import/open-role-import.ts';
import type { ImportResult } from '../store/import/record-importer.ts';
import type { SampleOptions } from './sample-directory.ts';

export interface SeedResult {
  designers: ImportResult;
  openRoles: ImportResult;
}

/**
 * Writes the deterministic sample directory into the store through the curator import (the same
 * validation and upserts), so it reaches the search index the way every curated record does: the
 * Postgres search engine reads it at once, the ingest worker syncs it to Elasticsearch. Seeding again
 * changes nothing but the open roles' dates, which follow the clock so that open roles stay listed.
 */
export async function seedStore(db: Db, options: Omit<SampleOptions, 'seed'> & { seed?: number }): Promise<SeedResult> {
  // Imported here, not at the top: the generator pulls in Faker (about 16 MiB of heap), which an API
  // restarting on a filled store never needs.
  const { generateSampleDirectory } = await import('./sample-directory.ts');
  const sample = generateSampleDirectory(options);
  const designers = sample.designers.map(({ designer, listed_at }, i) => {
    const { profile_url: _derived, ...fields } = designer;
    const record: DesignerImportInput = { ...fields, listed_at, opted_in: true, status: 'published' };
    return { line: i + 1, value: record };
  });
  const openRoles = sample.openRoles.map(({ role }, i) => {
    const record: OpenRoleImportInput = { ...role, status: 'published' };
    return { line: i + 1, value: record };
  });
  return {
    designers: await importDesignerRecords(db, designers),
    openRoles: await importOpenRoleRecords(db, openRoles),
  };
}
