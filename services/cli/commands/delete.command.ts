import type { Command } from 'commander';
import { DELETE_ENTITIES, type DeleteTarget, deleteRecords } from '../../../shared/store/delete/record.deleter.ts';
import { withStore } from './with-store.ts';

export function registerDeleteCommand(program: Command): void {
  program
    .command('delete')
    .description(
      'Delete designers (by slug or id) or open roles (by id or apply_url) from the store, all or none: a key that ' +
        'names no record refuses the run. The ingest worker then removes them from search.',
    )
    .addArgument(program.createArgument('<target>', 'what to delete').choices(Object.keys(DELETE_ENTITIES)))
    .argument('<keys...>', 'a slug or id of each designer; an id or apply_url of each open role')
    .option('--dry-run', 'report what would be deleted, deleting nothing', false)
    .action(async (target: DeleteTarget, keys: string[], { dryRun }: { dryRun: boolean }) => {
      await withStore(async ({ db }) => {
        const { deleted } = await deleteRecords(db, target, keys, { dryRun });
        const list = `${deleted.length} ${DELETE_ENTITIES[target].noun} record(s): ${deleted.join(', ')}`;
        // Searching the store itself, they are gone now; the CLI cannot tell whether the API searches an index.
        process.stdout.write(
          dryRun
            ? `Dry run, nothing was deleted: would delete ${list}.\n`
            : `Deleted ${list}. With Elasticsearch, the ingest worker removes them from the index (\`status\` shows what it has still to sync).\n`,
        );
      });
    });
}
