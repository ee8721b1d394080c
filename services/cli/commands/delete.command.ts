import type { Command } from 'commander';
import { deleteRecords } from '../../../shared/store/curate/record-deleter.ts';
import { KEYED_ENTITIES, type KeyedTarget } from '../../../shared/store/curate/record-keys.ts';
import { recordList, withRecordKeys } from './record-keys-arguments.ts';
import { withStore } from './with-store.ts';

export function registerDeleteCommand(program: Command): void {
  withRecordKeys(
    program
      .command('delete')
      .description(
        'Delete designers (by slug or id) or open roles (by id or apply_url) from the store, all or none: a key that ' +
          'names no record refuses the run. The ingest worker then removes them from search.',
      ),
  ).action(async (target: KeyedTarget, keys: string[], { dryRun }: { dryRun: boolean }) => {
    await withStore(async ({ db }) => {
      const { deleted } = await deleteRecords(db, target, keys, { dryRun });
      const list = recordList(KEYED_ENTITIES[target].noun, deleted);
      // Searching the store itself, they are gone now; the CLI cannot tell whether the API searches an index.
      process.stdout.write(
        dryRun
          ? `Dry run, nothing was deleted: would delete ${list}.\n`
          : `Deleted ${list}. With Elasticsearch, the ingest worker removes them from the index (\`status\` shows what it has still to sync).\n`,
      );
    });
  });
}
