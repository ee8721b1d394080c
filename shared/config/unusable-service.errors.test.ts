import { describe, expect, it } from 'vitest';
import { serviceAddress, UnusableServiceError, usingPostgres, usingService } from './unusable-service.errors.ts';

const failWith = (error: unknown) => () => Promise.reject(error);

describe('serviceAddress', () => {
  it('keeps host, port and path, never credentials or a query', () => {
    expect(serviceAddress('postgres://app:secretpw@db.internal:5432/directory?sslmode=require')).toBe('db.internal:5432/directory');
    expect(serviceAddress('redis://:secretpw@127.0.0.1:6379')).toBe('127.0.0.1:6379');
    expect(serviceAddress('https://elastic:secretpw@search.example/')).toBe('search.example');
    expect(serviceAddress('not a url')).toBe('an address that is not a URL');
  });
});

describe('usingService', () => {
  it('passes a result through untouched', async () => {
    await expect(usingService('Redis at x', 'REDIS_URL', () => Promise.resolve(42))).resolves.toBe(42);
  });

  it('names the service and its setting, keeps the cause, and reads only the first line of the reason', async () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1\n    at TCPConnectWrap'), { code: 'ECONNREFUSED' });
    const error = await usingPostgres('postgres://u:secretpw@127.0.0.1:1/db', failWith(cause)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnusableServiceError);
    expect((error as Error).message).toBe('Cannot use Postgres at 127.0.0.1:1/db (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:1');
    expect((error as Error).cause).toBe(cause);
  });

  it('words the reasons that have no message of their own', async () => {
    const reason = async (cause: unknown) => ((await usingService('X', 'X_URL', failWith(cause)).catch((e: unknown) => e)) as Error).message;
    // What Node reports for a name with two addresses (localhost: ::1 and 127.0.0.1), with an empty message.
    const both = new AggregateError([new Error('connect ECONNREFUSED ::1:1'), new Error('connect ECONNREFUSED 127.0.0.1:1')], '');
    expect(await reason(both)).toBe('Cannot use X (X_URL): connect ECONNREFUSED ::1:1; connect ECONNREFUSED 127.0.0.1:1');
    expect(await reason(AbortSignal.abort(new DOMException('x', 'TimeoutError')).reason)).toBe('Cannot use X (X_URL): no answer in time');
    expect(await reason('plain text')).toBe('Cannot use X (X_URL): plain text');
  });

  it('does not wrap twice', async () => {
    const inner = new UnusableServiceError('Redis at a', 'REDIS_URL', new Error('down'));
    await expect(usingService('Postgres at b', 'DATABASE_URL', failWith(inner))).rejects.toBe(inner);
  });
});
