import pg from 'pg';
import type { Logger } from '../../logging/logger.ts';

export const CHANGE_CHANNEL = 'change_log';

/**
 * LISTEN on the outbox channel, as a wake-up only: a notification says "look now", never what changed,
 * and a lost one costs at most one polling interval. Reconnects by itself after a connection loss.
 */
export class ChangeNotifications {
  private client: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private listening = false;

  constructor(
    private readonly connectionString: string,
    private readonly onNotify: () => void,
    private readonly logger: Logger,
    private readonly reconnectMs = 2000,
  ) {}

  get isListening(): boolean {
    return this.listening;
  }

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.listening = false;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.connectionString, connectionTimeoutMillis: 5000 });
    this.client = client;
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      this.listening = false;
      if (error) this.logger.warn({ err: error }, 'change notifications lost; polling until they are back');
      void client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL) this.onNotify();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (this.client !== client) {
        await client.end().catch(() => undefined);
        return;
      }
      this.listening = true;
      // Anything committed while we were not listening is found by this first look.
      this.onNotify();
    } catch (error) {
      lost(error as Error);
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, this.reconnectMs);
  }
}
