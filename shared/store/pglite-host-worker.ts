import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types as pgliteTypes, type Transaction } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { type PgliteRequest, type PgliteResponse, type PgliteThreadData, serializeError } from './pglite-thread-protocol.ts';

/**
 * The embedded engine's own thread. PGlite computes synchronously on the thread that calls it; here that
 * is this thread, so the process's event loop keeps accepting connections, reading requests and shedding
 * load while a statement runs (on the event loop itself one statement per loop turn let in one new
 * connection, and a burst of clients waited seconds to be accepted).
 */

/**
 * PGlite's own parsers differ from node-pg's in one place the store relies on: bigint. node-pg returns
 * it as a string (it may exceed 2^53); PGlite as a number. Both engines now answer alike.
 */
const PG_COMPATIBLE_PARSERS = { [pgliteTypes.INT8]: (value: string) => value };

/**
 * The engine's memory is one WebAssembly memory, which grows and never shrinks, and its buffer pool is
 * touched whole at start: Postgres's default 128 MB of shared_buffers would be 128 MB resident before the first
 * request, for a sample directory of 12 MB. Pages beyond the pool are read from the files (the OS's cache).
 * Index builds (migrations, imports) take at most 16 MB, not 64. Measured on the embedded soak's load: the
 * engine's memory 128 MiB (55 resident) with these, 189 MiB (161 resident) with the defaults; the API's RSS
 * 616 MiB against ~750 (RELIABILITY.md).
 */
const MEMORY_SETTINGS = ['-c', 'shared_buffers=32MB', '-c', 'maintenance_work_mem=16MB'];

const port = parentPort!;
const { dataDir } = workerData as PgliteThreadData;
const pglite = await PGlite.create({
  dataDir,
  extensions: { fuzzystrmatch },
  parsers: PG_COMPATIBLE_PARSERS,
  startParams: [...PGlite.defaultStartParams, ...MEMORY_SETTINGS],
});
// Every page PGlite reads is in this process's memory, so a random read costs what a sequential one does.
// With the default (4, for spinning disks) the planner scanned all 10k search rows for a one-name search
// instead of reading the 190 matches through the GIN index: 20 ms against 7 (BENCHMARKS.md). The engine
// has one session, so the setting holds for every statement it runs.
await pglite.exec('SET random_page_cost = 1.1');

let nextHandle = 1;
const transactions = new Map<number, { tx: Transaction; finish: (commit: boolean) => void; settled: Promise<void> }>();
const loans = new Map<number, () => void>();

function answer(id: number, work: () => Promise<unknown>): void {
  work().then(
    (value) => port.postMessage({ id, ok: true, value } satisfies PgliteResponse),
    (error: unknown) => port.postMessage({ id, ok: false, error: serializeError(error) } satisfies PgliteResponse),
  );
}

/** Opens a transaction that stays open, on this thread, until the process ends it. */
function begin(): Promise<number> {
  return new Promise((resolve, reject) => {
    const handle = nextHandle++;
    let finish!: (commit: boolean) => void;
    const decided = new Promise<boolean>((r) => (finish = r));
    const settled = pglite.transaction(async (tx) => {
      transactions.set(handle, { tx, finish, settled });
      resolve(handle);
      if (!(await decided)) await tx.rollback();
    });
    settled.catch(reject);
  });
}

async function end(handle: number, commit: boolean): Promise<void> {
  const open = transactions.get(handle);
  if (!open) throw new Error(`no open transaction ${handle}`);
  transactions.delete(handle);
  open.finish(commit);
  await open.settled;
}

function lend(): Promise<number> {
  return new Promise((resolve, reject) => {
    const handle = nextHandle++;
    pglite
      .runExclusive(
        () =>
          new Promise<void>((giveBack) => {
            loans.set(handle, giveBack);
            resolve(handle);
          }),
      )
      .catch(reject);
  });
}

async function protocol(loan: number, message: Uint8Array): Promise<unknown[]> {
  if (!loans.has(loan)) throw new Error(`no open loan ${loan}`);
  const messages = await pglite.execProtocolStream(message, { throwOnError: false });
  // Backend error messages are Errors whose fields a clone would drop: send them as data.
  return messages.map((m) => (m instanceof Error ? { ...serializeError(m), isError: true } : m));
}

port.on('message', (request: PgliteRequest) => {
  const { id } = request;
  switch (request.op) {
    case 'query': {
      const { sql, params, tx } = request;
      return answer(id, async () => {
        const target = tx === undefined ? pglite : transactions.get(tx)?.tx;
        if (!target) throw new Error(`no open transaction ${tx}`);
        return (await target.query(sql, params)).rows;
      });
    }
    case 'begin':
      return answer(id, begin);
    case 'end':
      return answer(id, () => end(request.tx, request.commit));
    case 'lend':
      return answer(id, lend);
    case 'protocol':
      return answer(id, () => protocol(request.loan, request.message));
    case 'return':
      return answer(id, async () => {
        loans.get(request.loan)?.();
        loans.delete(request.loan);
      });
    case 'close':
      return answer(id, () => pglite.close());
  }
});
port.postMessage({ id: 0, ok: true } satisfies PgliteResponse);
