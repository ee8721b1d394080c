import { type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
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
 * Listens on host:port, resolving once the server accepts connections; requests the HTTP parser refuses
 * are answered in JSON too (answerClientError). A failure the operator fixes in the environment (the port
 * is taken, privileged, or HOST is not this machine's) is a ConfigError naming the setting; before,
 * express 5 called the "listening" callback with the error, the process announced itself as up, and then
 * exited without a word.
 */
export function listenOn(
  app: Listener,
  port: number,
  host: string,
  setting: string,
  options: { keepAliveTimeoutMs?: number } = {},
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (error?: Error) => {
      if (!error) {
        resolve(server);
        return;
      }
      const why = reason((error as NodeJS.ErrnoException).code, setting);
      reject(why ? new ConfigError(`Cannot listen on ${host}:${port} (${setting}): ${why}.`) : error);
    });
    server.on('clientError', answerClientError);
    // An idle connection is closed by the side whose timeout ends first; when that is the server, a request
    // the client or the load balancer in front sends on it at that moment is lost as a network error (a
    // 502 at the balancer). Node's 5 s is shorter than every balancer's idle timeout (60 s on most), so
    // the server keeps idle connections longer than they do and is never the one to close first.
    if (options.keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = options.keepAliveTimeoutMs;
  });
}

/** The status and words for a request Node refused before any route saw it, by its parser's error code. */
function clientErrorAnswer(code: string | undefined): [number, string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'The request line and headers are longer than this server reads (16 KB). Shorten the URL: q, location and company take at most 200 characters.'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'The request did not arrive in time. Send it again.'];
    default:
      return [400, 'The request is not valid HTTP/1.1.'];
  }
}

/**
 * Node answers a request its parser refuses (headers over 16 KB, a malformed request line, both
 * Content-Length and Transfer-Encoding) with a bare status line before express sees it; this answers the
 * same statuses with the JSON error body every other failure has.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = clientErrorAnswer(error.code);
  const body = JSON.stringify({ success: false, error: message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}
