import { EventEmitter } from 'node:events';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { serialize } from 'pg-protocol';
import {
  deserializeError,
  type PgliteRequest,
  type PgliteResponse,
  type PgliteThreadData,
  type SerializedError,
} from './pglite-thread-protocol.ts';

/** A request before the client numbers it: Omit applied to each member of the union. */
type WithoutId<R> = R extends unknown ? Omit<R, 'id'> : never;
type Request = WithoutId<PgliteRequest>;

/** The thread hosting PGlite, as calls that answer with a promise. */
export interface PgliteThread {
  call<T>(request: Request): Promise<T>;
  /** Closes the engine (its files are complete afterwards) and ends the thread. */
  close(): Promise<void>;
}

// Built code runs as .js next to a .js worker; the sources run as .ts (tsx, vitest, node's type stripping).
const WORKER_URL = new URL(`./pglite-host-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/**
 * The thread's young generation: three semi-spaces of 8 MiB. V8's default for a thread is sized from the machine's memory; on 24 GB its heap sat at
 * 170–210 MiB for a live set of 30–100 MiB after a few thousand requests, and never shrank. The old
 * generation keeps its default: a hard cap would end the thread, and with it every query, at its first
 * large result.
 */
const YOUNG_GENERATION_MB = 24;

export async function startPgliteThread(dataDir: string): Promise<PgliteThread> {
  const worker = new Worker(WORKER_URL, {
    workerData: { dataDir } satisfies PgliteThreadData,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let stopped: Error | null = null;

  // The thread keeps the process alive only while a call waits on it, as a socket with a request in flight would.
  const settle = () => {
    if (pending.size === 0) worker.unref();
  };
  const failAll = (error: Error) => {
    stopped = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  const ready = new Promise<void>((resolve, reject) => pending.set(0, { resolve: () => resolve(), reject }));
  worker.on('message', (response: PgliteResponse) => {
    const waiter = pending.get(response.id);
    if (!waiter) return;
    pending.delete(response.id);
    if (response.ok) waiter.resolve(response.value);
    else waiter.reject(deserializeError(response.error));
    settle();
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`the embedded database thread stopped (exit code ${code})`)));
  await ready;
  settle();

  const call = <T>(request: Request): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id } as PgliteRequest);
    });
  };
  return {
    call,
    async close() {
      if (stopped) return;
      await call({ op: 'close' });
      await worker.terminate();
    },
  };
}

/**
 * A node-postgres connection that speaks the wire protocol to the engine on its thread, during a loan
 * (the engine serves no one else meanwhile). The same surface as PGlite's own adapter
 * (@electric-sql/pglite/node-postgres), which only works on PGlite's own thread.
 */
export class PgliteThreadConnection extends EventEmitter {
  readonly stream = { destroy: () => this.end() };
  _connecting = false;
  parsedStatements: Record<string, unknown> = {};
  submittedNamedStatements: Record<string, unknown> = {};
  #sent: Promise<void> = Promise.resolve();
  #thread: PgliteThread;
  #loan: number;

  constructor(thread: PgliteThread, loan: number) {
    super();
    this.#thread = thread;
    this.#loan = loan;
  }

  /** Messages go one after another; each one's answers are emitted as node-postgres' own connection would. */
  #send(message: Uint8Array): void {
    this.#sent = this.#sent
      .then(() => this.#thread.call<Array<{ name: string; isError?: boolean }>>({ op: 'protocol', loan: this.#loan, message }))
      .then((answers) => {
        for (const answer of answers) {
          if (answer.isError) this.emit('errorMessage', deserializeError(answer as unknown as SerializedError));
          else this.emit(answer.name, answer);
        }
      })
      .catch((error: unknown) => {
        this.emit('error', error);
      });
  }

  connect(): void {
    this._connecting = true;
    process.nextTick(() => this.emit('readyForQuery'));
  }
  requestSsl(): void {}
  startup(): void {}
  cancel(): void {}
  password(): void {}
  sendSASLInitialResponseMessage(mechanism: string, initialResponse: string): void {
    this.#send(serialize.sendSASLInitialResponseMessage(mechanism, initialResponse));
  }
  sendSCRAMClientFinalMessage(additionalData: string): void {
    this.#send(serialize.sendSCRAMClientFinalMessage(additionalData));
  }
  query(text: string): void {
    this.#send(serialize.query(text));
  }
  parse(query: Parameters<typeof serialize.parse>[0]): void {
    this.#send(serialize.parse(query));
  }
  bind(config: Parameters<typeof serialize.bind>[0]): void {
    this.#send(serialize.bind(config));
  }
  execute(config: Parameters<typeof serialize.execute>[0]): void {
    this.#send(serialize.execute(config));
  }
  flush(): void {
    this.#send(serialize.flush());
  }
  sync(): void {
    this.#send(serialize.sync());
  }
  close(msg: Parameters<typeof serialize.close>[0]): void {
    this.#send(serialize.close(msg));
  }
  describe(msg: Parameters<typeof serialize.describe>[0]): void {
    this.#send(serialize.describe(msg));
  }
  sendCopyFromChunk(chunk: Buffer): void {
    this.#send(serialize.copyData(chunk));
  }
  endCopyFrom(): void {
    this.#send(serialize.copyDone());
  }
  sendCopyFail(message: string): void {
    this.#send(serialize.copyFail(message));
  }
  end(): void {
    this.#sent = this.#sent.then(() => {
      this.emit('end');
    });
    for (const event of this.eventNames()) if (event !== 'newListener') this.removeAllListeners(event);
  }
  ref(): void {}
  unref(): void {}
}
