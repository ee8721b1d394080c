// A process that opens an embedded store and keeps it open until it is killed: the other process of the
// embedded-lock test. Prints "open" once the store is its own.
import { createPgliteDb } from '../../../shared/store/db.ts';

await createPgliteDb(process.argv[2]!);
process.stdout.write('open\n');
setInterval(() => undefined, 60_000);
