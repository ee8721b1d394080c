import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import fc from 'fast-check';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminJob, AdminJobResponseSchema, ReindexAcceptedResponseSchema, RetryFailedResponseSchema } from '../../../shared/admin/admin-job.schema.ts';
import { type AdminJobsPort, AdminJobsUnsupportedError } from '../../../shared/admin/admin-jobs.port.ts';
import { ServiceUnavailableError } from '../../../shared/domain/errors.ts';
import { errorMiddleware } from '../middleware/error.middleware.ts';
import { adminJobsRouter, adminUnavailable } from './admin-jobs.routes.ts';

const job: AdminJob = {
  id: 'reindex-1',
  queue: null,
  name: 'reindex',
  state: 'completed',
  target: 'designers',
  data: { target: 'designers' },
  progress: { done: 3, total: 3 },
  attempts_made: 1,
  stalled_count: 0,
  failed_reason: null,
  result: { designers: 3, open_roles: 0 },
  created_at: '2026-01-31T09:00:00.000Z',
  finished_at: '2026-01-31T09:00:01.000Z',
};

/** A port that answers from one job, and whose retry is what the test sets. */
function fakePort(retryFailed: () => Promise<number>): AdminJobsPort & { enqueued: string[] } {
  const enqueued: string[] = [];
  return {
    enqueued,
    enqueueReindex: async (target) => {
      enqueued.push(target);
      return 'reindex 1/x';
    },
    getJob: async (id) => (id === job.id ? job : null),
    retryFailed,
  };
}

describe('adminJobsRouter', () => {
  let server: Server;
  let base: string;
  let retry: () => Promise<number>;
  const port = fakePort(() => retry());

  beforeAll(async () => {
    const app = express();
    app.use('/api/admin', adminJobsRouter(port, '/api/admin'), adminUnavailable('only reindex and jobs here'));
    app.use(errorMiddleware(pino({ level: 'silent' })));
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/admin`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });

  it('starts a reindex: 202, the job id, and where to read the job (its id escaped)', async () => {
    const response = await post('/reindex', { target: 'open-roles' });
    expect(response.status).toBe(202);
    expect(response.headers.get('location')).toBe('/api/admin/jobs/reindex%201%2Fx');
    expect(ReindexAcceptedResponseSchema.parse(await response.json())).toEqual({ success: true, data: { job_id: 'reindex 1/x', target: 'open-roles' } });
    const all = await post('/reindex');
    expect(((await all.json()) as { data: { target: string } }).data.target).toBe('all');
    expect(port.enqueued.slice(-2)).toEqual(['open-roles', 'all']);
  });

  it('refuses an unknown target or field with a 400 naming it', async () => {
    for (const [body, parameter] of [
      [{ target: 'everything' }, 'target'],
      [{ target: 'all', force: true }, 'force'],
    ] as const) {
      const response = await post('/reindex', body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { details: { parameter: string }[] }).details[0]?.parameter).toBe(parameter);
    }
  });

  it('refuses a body it cannot read with the status it calls for, naming what to change, and starts nothing', async () => {
    const before = port.enqueued.length;
    const cases: [string, Record<string, string>, string | Uint8Array<ArrayBuffer>, number, { parameter: string; message: string }][] = [
      ['malformed JSON', { 'content-type': 'application/json' }, '{"target":', 400, { parameter: 'body', message: 'is not a JSON object or array' }],
      ['a bare JSON value', { 'content-type': 'application/json' }, 'null', 400, { parameter: 'body', message: 'is not a JSON object or array' }],
      // Left unread, it would have started a reindex of everything, its default target.
      ['JSON sent as text/plain', { 'content-type': 'text/plain' }, '{"target":"designers"}', 415, { parameter: 'content-type', message: 'must be application/json' }],
      // Bytes: fetch gives a string body a text/plain type of its own.
      ['a body with no content type', {}, new TextEncoder().encode('{"target":"designers"}'), 415, { parameter: 'content-type', message: 'must be application/json' }],
      ['a charset other than UTF-8', { 'content-type': 'application/json; charset=latin1' }, '{"target":"all"}', 415, { parameter: 'content-type', message: 'charset must be utf-8' }],
      ['an unknown Content-Encoding', { 'content-type': 'application/json', 'content-encoding': 'bogus' }, '{"target":"all"}', 415, { parameter: 'content-encoding', message: 'must be identity, gzip, deflate or br' }],
      ['a body over the limit', { 'content-type': 'application/json' }, `{"target":"all","pad":"${'x'.repeat(120_000)}"}`, 413, { parameter: 'body', message: 'is larger than 102400 bytes' }],
    ];
    for (const [what, headers, body, status, problem] of cases) {
      const response = await fetch(`${base}/reindex`, { method: 'POST', headers, body });
      expect(response.status, what).toBe(status);
      expect(await response.json(), what).toEqual({ success: false, error: `Invalid parameter: ${problem.parameter}: ${problem.message}`, details: [problem] });
    }
    expect(port.enqueued.length).toBe(before);
  });

  it('answers any content type, encoding and body with a 202 or an error naming what to change, never a 5xx, and enqueues only on a 202', async () => {
    const request = fc.record({
      contentType: fc.option(
        fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/vnd.api+json', 'bogus'),
        { nil: undefined },
      ),
      encoding: fc.option(fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'bogus'), { nil: undefined }),
      body: fc.oneof(
        fc.constantFrom('', '{', 'null', '[]', '"all"', '{"target":"all"}', '{"target":"designers"}', '{"target":"nope"}', '{"__proto__":{"target":"all"}}'),
        fc.record({ target: fc.oneof(fc.constantFrom('designers', 'open-roles', 'all'), fc.string()) }, { requiredKeys: [] }).map((b) => JSON.stringify(b)),
        fc.string({ unit: 'binary', maxLength: 60 }),
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ contentType, encoding, body }) => {
        const before = port.enqueued.length;
        const headers: Record<string, string> = { ...(contentType ? { 'content-type': contentType } : {}), ...(encoding ? { 'content-encoding': encoding } : {}) };
        // Bytes, so that fetch adds no content type of its own.
        const response = await fetch(`${base}/reindex`, { method: 'POST', headers, body: new TextEncoder().encode(body) });
        const what = `${JSON.stringify(headers)} ${body.slice(0, 80)} → ${response.status}`;
        const answer = (await response.json()) as { success: boolean; details?: { parameter: string; message: string }[] };
        expect(response.status, what).toBeLessThan(500);
        expect(port.enqueued.length - before, what).toBe(response.status === 202 ? 1 : 0);
        if (response.status === 202) return;
        expect(answer.success, what).toBe(false);
        expect(answer.details?.[0], what).toEqual({ parameter: expect.any(String), message: expect.any(String) });
      }),
      { numRuns: 300 },
    );
  });

  it('reads a job, or answers 404 for an unknown id', async () => {
    const found = await fetch(`${base}/jobs/reindex-1`);
    expect(found.status).toBe(200);
    expect(AdminJobResponseSchema.parse(await found.json())).toEqual({ success: true, data: job });
    const missing = await fetch(`${base}/jobs/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, error: 'No job nope.' });
  });

  it('answers an id that is not valid percent-encoded UTF-8 with a 400 naming id; an escaped "/" still reads', async () => {
    const broken = await fetch(`${base}/jobs/reindex-%ZZ`);
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({
      success: false,
      error: 'Invalid parameter: id: is not valid percent-encoded UTF-8',
      details: [{ parameter: 'id', message: 'is not valid percent-encoded UTF-8' }],
    });
    const escaped = await fetch(`${base}/jobs/${encodeURIComponent('reindex 1/x')}`);
    expect(escaped.status).toBe(404);
    expect(await escaped.json()).toEqual({ success: false, error: 'No job reindex 1/x.' });
  });

  it('retries: the count; a mode without retries: 503 saying why, no Retry-After; a queue away: 503 with Retry-After', async () => {
    retry = async () => 4;
    const ok = await post('/retry-failed');
    expect(RetryFailedResponseSchema.parse(await ok.json())).toEqual({ success: true, data: { retried: 4 } });

    retry = () => Promise.reject(new AdminJobsUnsupportedError('no queue here'));
    const unsupported = await post('/retry-failed');
    expect(unsupported.status).toBe(503);
    expect(unsupported.headers.get('retry-after')).toBeNull();
    expect(unsupported.headers.get('cache-control')).toBe('no-store');
    expect(await unsupported.json()).toEqual({ success: false, error: 'no queue here' });

    retry = () => Promise.reject(new ServiceUnavailableError('The job queue is unavailable; try again shortly.'));
    const away = await post('/retry-failed');
    expect(away.status).toBe(503);
    expect(away.headers.get('retry-after')).toBe('5');
    expect(await away.json()).toEqual({ success: false, error: 'The job queue is unavailable; try again shortly.' });
  });

  it('hands any other admin path to what is mounted after it', async () => {
    const response = await fetch(`${base}/queues`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ success: false, error: 'only reindex and jobs here' });
  });
});
