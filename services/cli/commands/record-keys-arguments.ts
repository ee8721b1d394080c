import type { Command } from 'commander';
import { KEYED_ENTITIES } from '../../../shared/store/curate/record-keys.ts';

/** The arguments of a command that names records by key: what kind, then the keys. */
export function withRecordKeys(command: Command): Command {
  return command
    .addArgument(command.createArgument('<target>', 'designers or open-roles').choices(Object.keys(KEYED_ENTITIES)))
    .argument('<keys...>', 'a slug or id of each designer; an id or apply_url of each open role')
    .option('--dry-run', 'report what would change, changing nothing', false);
}

/** "2 designer record(s): a (A), b (B)" */
export const recordList = (noun: string, labels: string[]) => `${labels.length} ${noun} record(s): ${labels.join(', ')}`;
