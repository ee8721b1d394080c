import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ConfigError } from '../config/config.schema.ts';

/** An express app, or any handler of Node's requests. */
type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

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
 * Listens on host:port, resolving once the server accepts connections. Every answer Node would give by
 * itself, outside the app, is given in JSON like the app's errors: requests the HTTP parser refuses
 * (answerClientError), an HTTP/1.1 request without Host (400), an Expect other than 100-continue (417), and
 * CONNECT (501; Node would close the connection without a word). A failure the operator fixes in the
 * environment (the port is taken, privileged, or HOST is not this machine's) is a ConfigError naming the
 * setting.
 */
export function listenOn(
  app: RequestListener,
  port: number,
  host: string,
  setting: string,
  options: { keepAliveTimeoutMs?: number } = {},
): Promise<Server> {
  // Node answers a missing Host with a bare 400 unless it is told to leave the request to the handler.
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    if (req.httpVersion === '1.1' && req.headers.host === undefined) {
      answerJson(res, 400, 'An HTTP/1.1 request must send a Host header.', { Connection: 'close' });
      return;
    }
    app(req, res);
  });
  server.on('clientError', answerClientError);
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    // Connection: close, since the body that was to follow the expectation is left unread.
    answerJson(res, 417, 'The only expectation this server meets is "Expect: 100-continue".', { Connection: 'close' });
  });
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    endWithJson(socket, 501, 'CONNECT is not supported: this server is not a proxy.');
  });
  // An idle connection is closed by the side whose timeout ends first; when that is the server, a request
  // the client or the load balancer in front sends on it at that moment is lost as a network error (a
  // 502 at the balancer). Node's 5 s is shorter than every balancer's idle timeout (60 s on most), so
  // the server keeps idle connections longer than they do and is never the one to close first.
  if (options.keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = options.keepAliveTimeoutMs;
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      const why = reason(error.code, setting);
      reject(why ? new ConfigError(`Cannot listen on ${host}:${port} (${setting}): ${why}.`) : error);
    };
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve(server);
    });
  });
}

function errorBody(message: string): string {
  return JSON.stringify({ success: false, error: message });
}

/** A response Node leaves to its caller, answered with the app's JSON error shape. */
function answerJson(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  const body = errorBody(message);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(body);
}

/** The same, written on a socket Node has handed over (no ServerResponse exists for it), then closed. */
function endWithJson(socket: Duplex, status: number, message: string): void {
  const body = errorBody(message);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
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
  endWithJson(socket, status, message);
}
