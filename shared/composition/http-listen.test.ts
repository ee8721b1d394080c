import type { Server } from 'node:http';
import { connect, createServer } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config.schema.ts';
import { listenOn } from './http-listen.ts';

/** Sends raw bytes to the server and reads everything it answers until it closes the connection. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parse(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  return { status: Number(head!.split(' ')[1]), head: head!, body: JSON.parse(body!) as unknown };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function serve(): Promise<number> {
  const app = express();
  app.get('/ok', (_req, res) => res.json({ ok: true }));
  const server = await listenOn(app, 0, '127.0.0.1', 'PORT');
  servers.push(server);
  return (server.address() as { port: number }).port;
}

describe('listenOn', () => {
  it('serves the app once listening', async () => {
    const port = await serve();
    expect(await (await fetch(`http://127.0.0.1:${port}/ok`)).json()).toEqual({ ok: true });
  });

  it('keeps idle connections as long as it is told, and says so in Keep-Alive, so that the client closes first', async () => {
    const app = express();
    app.get('/ok', (_req, res) => res.json({ ok: true }));
    const server = await listenOn(app, 0, '127.0.0.1', 'PORT', { keepAliveTimeoutMs: 65_000 });
    servers.push(server);
    expect(server.keepAliveTimeout).toBe(65_000);
    const kept = await new Promise<string>((resolve, reject) => {
      const socket = connect((server.address() as { port: number }).port, '127.0.0.1', () => socket.write('GET /ok HTTP/1.1\r\nHost: x\r\n\r\n'));
      socket.once('data', (chunk) => {
        resolve(chunk.toString());
        socket.destroy();
      });
      socket.on('error', reject);
    });
    expect(kept).toMatch(/\r\nKeep-Alive: timeout=65\r\n/i);
  });

  it('a port another process holds is a ConfigError naming the setting', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    try {
      await expect(listenOn(express(), port, '127.0.0.1', 'WORKER_PORT')).rejects.toEqual(
        new ConfigError(`Cannot listen on 127.0.0.1:${port} (WORKER_PORT): another process listens there: stop it, or set WORKER_PORT to a free port.`),
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('answers a request the HTTP parser refuses with its status and a JSON error body, not a bare status line', async () => {
    const port = await serve();
    const long = parse(await raw(port, `GET /ok?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(long.status).toBe(431);
    expect(long.head).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(long.body).toEqual({ success: false, error: expect.stringContaining('longer than this server reads (16 KB)') });
    const smuggled = parse(await raw(port, 'GET /ok HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'));
    expect(smuggled.status).toBe(400);
    expect(smuggled.body).toEqual({ success: false, error: 'The request is not valid HTTP/1.1.' });
    const garbage = parse(await raw(port, 'NOT HTTP AT ALL\r\n\r\n'));
    expect(garbage.status).toBe(400);
  });

  it('answers an HTTP/1.1 request without Host with a JSON 400 and closes; HTTP/1.0 needs none', async () => {
    const port = await serve();
    const hostless = parse(await raw(port, 'POST /ok HTTP/1.1\r\nContent-Length: 0\r\n\r\n'));
    expect(hostless.status).toBe(400);
    expect(hostless.head).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(hostless.head).toMatch(/connection: close/i);
    expect(hostless.body).toEqual({ success: false, error: 'An HTTP/1.1 request must send a Host header.' });
    expect(parse(await raw(port, 'GET /ok HTTP/1.0\r\n\r\n'))).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('answers an Expect it cannot meet with a JSON 417, and still meets 100-continue', async () => {
    const port = await serve();
    const refused = parse(await raw(port, 'POST /ok HTTP/1.1\r\nHost: x\r\nExpect: foo\r\nContent-Length: 2\r\n\r\n{}'));
    expect(refused.status).toBe(417);
    expect(refused.head).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(refused.body).toEqual({ success: false, error: 'The only expectation this server meets is "Expect: 100-continue".' });
    const continued = await raw(port, 'GET /ok HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n');
    expect(continued).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK/);
  });

  it('refuses CONNECT with a JSON 501 instead of closing the connection without an answer', async () => {
    const port = await serve();
    const connectRequest = parse(await raw(port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'));
    expect(connectRequest.status).toBe(501);
    expect(connectRequest.head).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(connectRequest.body).toEqual({ success: false, error: 'CONNECT is not supported: this server is not a proxy.' });
  });
});
