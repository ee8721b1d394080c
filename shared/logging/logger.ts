import { pino, type Logger } from 'pino';

export type { Logger };

/** Logs go to stderr so that a stdio MCP server keeps stdout for protocol messages. */
export function createLogger(level: string, name: string): Logger {
  return pino({ level, name }, pino.destination(2));
}
