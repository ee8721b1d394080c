import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * An HTTP proxy in front of Elasticsearch whose bulk writes are slow, for "the engine cannot keep up"
 * tests, so that nobody throttles the shared node: `_bulk` requests pass one at a time (a node with a
 * one-thread write pool), each held `delayMs` before it goes on. Every other request passes at once.
 * A held request's body is not read meanwhile, so the client meets TCP backpressure as it would from a
 * node that is busy.
 */
export class SlowBulkProxy {
  /** Bulk requests forwarded so far, and the most that were waiting or running at once. */
  readonly stats = { bulks: 0, mostWaiting: 0 };
  private waiting = 0;
  private turn: Promise<void> = Promise.resolve();

  private constructor(
    private readonly server: Server,
    private readonly target: URL,
    private readonly delayMs: number,
  ) {}

  static async start(target: string, delayMs: number): Promise<SlowBulkProxy> {
    const server = createServer();
    const proxy = new SlowBulkProxy(server, new URL(target), delayMs);
    server.on('request', (req, res) => void proxy.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!/\/_bulk(\?|$)/.test(req.url ?? '')) {
      this.forward(req, res);
      return;
    }
    this.waiting += 1;
    this.stats.mostWaiting = Math.max(this.stats.mostWaiting, this.waiting);
    const previous = this.turn;
    let done!: () => void;
    this.turn = new Promise((resolve) => (done = resolve));
    await previous;
    await sleep(this.delayMs);
    this.stats.bulks += 1;
    res.on('close', () => {
      this.waiting -= 1;
      done();
    });
    this.forward(req, res);
  }

  private forward(req: IncomingMessage, res: ServerResponse): void {
    const upstream = request(
      { host: this.target.hostname, port: this.target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.on('error', () => upstream.destroy());
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  }
}
