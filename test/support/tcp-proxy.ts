import { createServer, type Server, type Socket, connect } from 'node:net';

export type ProxyMode = 'pass' | 'refuse' | 'blackhole';

/**
 * A toggleable TCP proxy for "the service is down or slow" tests, so that nobody stops a shared server.
 *   pass:      pipes bytes both ways to the target;
 *   refuse:    closes every new connection at once (and drops open ones), like a dead server;
 *   blackhole: accepts connections and reads nothing back, like a server that hangs.
 * Switching mode drops the connections opened under the previous one, so keep-alive sockets
 * cannot carry traffic past a switch.
 */
export class TcpProxy {
  private mode: ProxyMode = 'pass';
  private closing = false;
  private readonly sockets = new Set<Socket>();
  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(targetHost: string, targetPort: number, listenHost = '127.0.0.1'): Promise<TcpProxy> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, listenHost, () => resolve());
    });
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('proxy has no TCP address');
    const proxy = new TcpProxy(server, address.port);
    server.on('connection', (client) => proxy.accept(client, targetHost, targetPort));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get currentMode(): ProxyMode {
    return this.mode;
  }

  setMode(mode: ProxyMode): void {
    this.mode = mode;
    this.dropAll();
  }

  async close(): Promise<void> {
    // Clients that reconnect by themselves must not keep the server open past close().
    this.closing = true;
    this.dropAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket, targetHost: string, targetPort: number): void {
    this.track(client);
    client.on('error', () => client.destroy());
    if (this.mode === 'refuse' || this.closing) {
      client.destroy();
      return;
    }
    if (this.mode === 'blackhole') {
      // Read and discard, never answer: the caller's own timeout has to fire.
      client.on('data', () => undefined);
      return;
    }
    const upstream = connect(targetPort, targetHost);
    this.track(upstream);
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
  }

  private dropAll(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }
}
