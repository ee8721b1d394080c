import { type Command, Option } from 'commander';
import { PUBLICATION_STATUSES, type PublicationStatus } from '../../../shared/domain/publication-status.schema.ts';
import { type RecordState, RecordStateSchema, setRecordState } from '../../../shared/store/curate/record-state.writer.ts';
import { KEYED_ENTITIES, type KeyedTarget } from '../../../shared/store/curate/record-keys.ts';
import { recordList, withRecordKeys } from './record-keys-arguments.ts';
import { withStore } from './with-store.ts';

interface SetOptions {
  status?: PublicationStatus;
  optedIn?: 'yes' | 'no';
  dryRun: boolean;
}

export function registerSetCommand(program: Command): void {
  withRecordKeys(
    program
      .command('set')
      .description(
        'Publish, hide or draft designers or open roles, or record a designer opting in or out, all or none; only ' +
          'published (and opted-in) records are listed. Records that already have the state are left as they are.',
      ),
  )
    .addOption(new Option('--status <status>', 'publication status').choices(PUBLICATION_STATUSES))
    .addOption(new Option('--opted-in <answer>', 'whether the designer agrees to be listed').choices(['yes', 'no']))
    .action(async function (this: Command, target: KeyedTarget, keys: string[], options: SetOptions) {
      const state: RecordState = {
        ...(options.status ? { status: options.status } : {}),
        ...(options.optedIn ? { opted_in: options.optedIn === 'yes' } : {}),
      };
      // A usage mistake, answered as commander answers one (before the store is opened).
      if (!RecordStateSchema.safeParse(state).success) this.error('error: give --status or --opted-in (or both)');
      await withStore(async ({ db }) => {
        const { changed, unchanged } = await setRecordState(db, target, keys, state, { dryRun: options.dryRun });
        const { noun } = KEYED_ENTITIES[target];
        const what = Object.entries(state)
          .map(([name, value]) => `${name} ${String(value)}`)
          .join(' and ');
        const lines = [
          ...(options.dryRun ? ['Dry run, nothing was changed.'] : []),
          ...(changed.length > 0 ? [`${options.dryRun ? 'Would set' : 'Set'} ${what} on ${recordList(noun, changed)}.`] : []),
          ...(unchanged.length > 0 ? [`Already ${what}, ${options.dryRun ? 'would be ' : ''}left as they were: ${recordList(noun, unchanged)}.`] : []),
        ];
        process.stdout.write(`${lines.join('\n')}\n`);
      });
    });
}
