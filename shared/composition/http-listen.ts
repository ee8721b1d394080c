import type { Server } from 'node:http';
import { ConfigError } from '../config/config.schema.ts';

/** What express's listen takes: since express 5 its callback also receives the error when listening fails. */
interface Listener {
  listen(port: number, host: string, callback: (error?: Error) => void): Server;
}

/** Why the address cannot be listened on, in the operator's terms, by the system's error code. */
function reason(code: string | undefined, setting: string): string | null {
  switch (code) {
    case 'EADDRINUSE':
      return `another process listens there: stop it, or set ${setting} to a free port`;
    case 'EACCES':
      return `this user may not listen there (ports below 1024 need privileges): set ${setting} to 1024 or above`;
    case 'EADDRNOTAVAIL':
      return 'HOST is no address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all';
    default:
      return null;
  }
}

/**
 * Listens on host:port, resolving once the server accepts connections. A failure the operator fixes in
 * the environment (the port is taken, privileged, or HOST is not this machine's) is a ConfigError naming
 * the setting; before, express 5 called the "listening" callback with the error, the process announced
 * itself as up, and then exited without a word.
 */
export function listenOn(app: Listener, port: number, host: string, setting: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (error?: Error) => {
      if (!error) {
        resolve(server);
        return;
      }
      const why = reason((error as NodeJS.ErrnoException).code, setting);
      reject(why ? new ConfigError(`Cannot listen on ${host}:${port} (${setting}): ${why}.`) : error);
    });
  });
}
