import { errors } from '@elastic/elasticsearch';
import { describe, expect, it } from 'vitest';
import { ServiceLostError } from '../../../shared/config/unusable-service.errors.ts';
import { lostService } from './with-ingest.ts';

const urls = {
  databaseUrl: 'postgres://curator:secret@db.internal:5432/directory',
  redisUrl: 'redis://:secret@queue.internal:6379',
  elasticsearchUrl: ['https://elastic:secret@search.internal:9200'],
};

function responseError(statusCode: number): errors.ResponseError {
  return new errors.ResponseError({ body: { error: 'unavailable' }, statusCode, headers: {}, warnings: null, meta: {} as never });
}

/** Errors as each client raises them: the Elasticsearch client's classes, ioredis's and pg's messages and codes. */
describe('lostService: which service a sync command lost', () => {
  it.each([
    ['an Elasticsearch connection error', new errors.ConnectionError('connect ECONNREFUSED 10.0.0.9:9200'), 'Elasticsearch at search.internal:9200 (ELASTICSEARCH_URL)'],
    ['an Elasticsearch time-out', new errors.TimeoutError('Request timed out'), 'Elasticsearch at search.internal:9200 (ELASTICSEARCH_URL)'],
    ['an Elasticsearch 503', responseError(503), 'Elasticsearch at search.internal:9200 (ELASTICSEARCH_URL)'],
    ['Redis retries run out', Object.assign(new Error('Reached the max retries per request limit (which is 1).'), { name: 'MaxRetriesPerRequestError' }), 'Redis at queue.internal:6379 (REDIS_URL)'],
    ['a Redis command time-out', new Error('Command timed out'), 'Redis at queue.internal:6379 (REDIS_URL)'],
    ['a closed Redis connection', new Error('Connection is closed.'), 'Redis at queue.internal:6379 (REDIS_URL)'],
    ['a Postgres session ended', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }), 'Postgres at db.internal:5432/directory (DATABASE_URL)'],
    ['a Postgres socket reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), 'Postgres at db.internal:5432/directory (DATABASE_URL)'],
  ])('%s names the service and its setting, never a password', (_, error, named) => {
    const lost = lostService(error, urls);
    expect(lost).toBeInstanceOf(ServiceLostError);
    expect(lost!.message.startsWith(`Lost ${named} before the command finished: `)).toBe(true);
    expect(lost!.message).toMatch(/safe to run again/);
    expect(lost!.message).not.toMatch(/secret/);
    expect(lost!.cause).toBe(error);
  });

  it('names every node of a node pool, without their passwords', () => {
    const pool = { ...urls, elasticsearchUrl: ['https://elastic:secret@es-1.internal:9200', 'https://elastic:secret@es-2.internal:9200'] };
    const lost = lostService(new errors.ConnectionError('connect ECONNREFUSED 10.0.0.9:9200'), pool);
    expect(lost!.message).toMatch(/^Lost Elasticsearch at es-1\.internal:9200, es-2\.internal:9200 \(ELASTICSEARCH_URL\) before the command finished: /);
    expect(lost!.message).not.toMatch(/secret/);
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['an Elasticsearch 400', responseError(400)],
    ['an Elasticsearch 404 for a missing index', responseError(404)],
    ['a Postgres constraint error', Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })],
    ['a Redis reply error', new Error('WRONGTYPE Operation against a key holding the wrong kind of value')],
    ['a thrown string', 'boom'],
  ])('%s is no lost service: it stays a crash with its stack trace', (_, error) => {
    expect(lostService(error, urls)).toBeNull();
  });
});
