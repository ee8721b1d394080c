import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { Redis } from 'ioredis';
import { RedisStore } from 'rate-limit-redis';
import type { ErrorResponse } from '../../../shared/domain/envelope.schema.ts';

export interface ClientRateLimit {
  handler: RequestHandler;
  close(): Promise<void>;
}

/**
 * Requests per client IP per minute (express-rate-limit), with the IETF RateLimit headers on every answer
 * and a 429 with Retry-After past the limit. With Redis configured the counts are shared by every API
 * replica (rate-limit-redis); else each process counts alone.
 */
export function clientRateLimit(options: { perMinute: number; redisUrl?: string | undefined; prefix: string; onLimited?: () => void }): ClientRateLimit {
  const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1 }) : null;
  redis?.on('error', () => undefined); // a Redis outage lets requests through (passOnStoreError)
  const handler = rateLimit({
    windowMs: 60_000,
    limit: options.perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    passOnStoreError: true,
    ...(redis
      ? {
          store: new RedisStore({
            prefix: `${options.prefix}:ratelimit:`,
            sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<never>,
          }),
        }
      : {}),
    handler: (_req, res, _next, used) => {
      options.onLimited?.();
      res.setHeader('Cache-Control', 'no-store');
      res.status(used.statusCode).json({
        success: false,
        error: `Too many requests: at most ${options.perMinute} a minute per client; retry after the time in the Retry-After header.`,
      } satisfies ErrorResponse);
    },
  });
  return {
    handler,
    async close() {
      redis?.disconnect();
    },
  };
}
