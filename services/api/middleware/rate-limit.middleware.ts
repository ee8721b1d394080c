import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { Redis } from 'ioredis';
import { RedisStore } from 'rate-limit-redis';
import { TrafficRefusedError } from './traffic-refused.errors.ts';

export interface ClientRateLimit {
  handler: RequestHandler;
  /**
   * Counts `units - 1` more requests for a request the handler already counted (a JSON-RPC batch: one
   * per message), then calls `done`, with the 429 refusal once the client is over its rate.
   */
  charge(req: Request, res: Response, units: number, done: NextFunction): void;
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
    // charge() counts one request several times on purpose.
    validate: { singleCount: false },
    ...(redis
      ? {
          store: new RedisStore({
            prefix: `${options.prefix}:ratelimit:`,
            sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<never>,
          }),
        }
      : {}),
    handler: (_req, res, next) => {
      options.onLimited?.();
      res.setHeader('Cache-Control', 'no-store');
      next(
        new TrafficRefusedError(
          429,
          `Too many requests: at most ${options.perMinute} a minute per client; retry after the time in the Retry-After header.`,
        ),
      );
    },
  });
  return {
    handler,
    charge(req, res, units, done) {
      let left = units - 1;
      const step: NextFunction = (error?: unknown) => {
        if (error !== undefined || left <= 0) return done(error);
        left -= 1;
        void handler(req, res, step);
      };
      step();
    },
    async close() {
      redis?.disconnect();
    },
  };
}
