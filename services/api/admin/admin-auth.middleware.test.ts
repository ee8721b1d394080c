import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth } from './admin-auth.middleware.ts';

describe('adminAuth', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const app = express();
    app.use(adminAuth('the-right-token-0123456789'));
    app.get('/x', (_req, res) => {
      res.json({ ok: true });
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('lets the right bearer token through, case-insensitive scheme', async () => {
    expect((await fetch(url, { headers: { authorization: 'Bearer the-right-token-0123456789' } })).status).toBe(200);
    expect((await fetch(url, { headers: { authorization: 'bearer the-right-token-0123456789' } })).status).toBe(200);
  });

  it.each([
    ['no header', undefined],
    ['a wrong token', 'Bearer the-wrong-token-0123456789'],
    ['a prefix of the token', 'Bearer the-right'],
    ['the token without the scheme', 'the-right-token-0123456789'],
    ['another scheme', 'Basic the-right-token-0123456789'],
  ])('refuses %s with 401 and a Bearer challenge', async (_label, header) => {
    const response = await fetch(url, { headers: header ? { authorization: header } : {} });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="admin"');
    expect(await response.json()).toEqual({ success: false, error: 'A valid admin bearer token is required.' });
  });
});
