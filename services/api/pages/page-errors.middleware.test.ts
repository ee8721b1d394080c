import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSitePages } from '../../../shared/web/site-pages.tsx';
import { pageErrors } from './page-errors.middleware.ts';

/** pageErrors alone, behind a route that throws whatever the test names: the HTML status and page for each. */
describe('pageErrors', () => {
  let server: Server;
  let base: string;
  const logged: { level: number; msg: string }[] = [];
  const errors: Record<string, unknown> = {
    'client-413': Object.assign(new Error('request entity too large in /srv/app/node_modules/raw-body'), { status: 413 }),
    'status-600': Object.assign(new Error('odd status'), { status: 600 }),
    plain: new TypeError("Cannot read properties of undefined (reading 'slug')"),
  };

  beforeAll(async () => {
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _enc, done) {
          logged.push(JSON.parse(String(chunk)) as { level: number; msg: string });
          done();
        },
      }),
    );
    const app = express();
    app.get('/throw/:name', (req) => {
      throw errors[req.params.name];
    });
    app.use(pageErrors(createSitePages({ publicBaseUrl: 'https://directory.test', stylesheet: '/assets/site.css' }), logger));
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const get = async (name: string) => {
    const response = await fetch(`${base}/throw/${name}`);
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };

  it('a client error express raised keeps its 4xx status, as a page saying the address could not be read, and is not logged as a failure', async () => {
    const before = logged.length;
    const { status, type, text } = await get('client-413');
    expect(status).toBe(413);
    expect(type).toBe('text/html; charset=utf-8');
    expect(text).toContain('<h1>This address is not valid</h1>');
    expect(text).toContain('The address could not be read.');
    expect(text).not.toMatch(/entity too large|\/srv\/|node_modules/);
    expect(logged.slice(before).filter((l) => l.level >= 50)).toEqual([]);
  });

  it('anything else is a 500 page with nothing of the internals, logged once at error level', async () => {
    for (const name of ['status-600', 'plain']) {
      const before = logged.length;
      const { status, text } = await get(name);
      expect(status, name).toBe(500);
      expect(text).toContain('<h1>Something went wrong</h1>');
      expect(text).not.toMatch(/odd status|TypeError|Cannot read/);
      expect(logged.slice(before).map((l) => [l.level, l.msg])).toEqual([[50, 'unhandled page error']]);
    }
  });
});
