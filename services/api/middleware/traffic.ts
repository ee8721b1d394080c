import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { pinoHttp } from 'pino-http';
import type { Config } from '../../../shared/config/config.schema.ts';
import type { Logger } from '../../../shared/logging/logger.ts';
import { ApiMetrics } from '../observability/api-metrics.ts';
import { loadShedding } from './load-shedding.middleware.ts';
import { clientRateLimit } from './rate-limit.middleware.ts';

export type TrafficConfig = Partial<Pick<Config, 'MAX_IN_FLIGHT_REQUESTS' | 'MAX_IN_FLIGHT_PER_CLIENT' | 'MAX_EVENT_LOOP_DELAY_MS' | 'RATE_LIMIT_PER_MINUTE' | 'REDIS_URL' | 'QUEUE_PREFIX'>>;

export interface Traffic {
  /** Request ids (X-Request-Id, an incoming one kept when sane), access logs, request metrics. */
  observe: RequestHandler[];
  /**
   * Before every route that does work (the API, the pages that search, the sitemaps): overload shedding
   * (503) and each client's share of what is in flight (429), then the per-client rate limit (429) when set. A refusal is passed on as a TrafficRefusedError
   * for the surface's own error handler to word.
   */
  guard: RequestHandler[];
  metrics: RequestHandler;
  close(): Promise<void>;
}

type Charge = (req: Request, res: Response, units: number, next: NextFunction) => void;
/** Each guarded response's way to count itself as several requests (see chargeUnits), and what it holds. */
const charges = new WeakMap<Response, { charge: Charge; held: () => number }>();

/**
 * How many requests' worth of work a guarded response may do at once: the units it holds in flight (a
 * batch larger than the client's share holds the share, and must not run more at once than that).
 * Unguarded responses (apps built without the traffic guard) are not limited here.
 */
export function unitsHeld(res: Response): number {
  return charges.get(res)?.held() ?? Number.POSITIVE_INFINITY;
}

/**
 * After the guard and a body parser: counts the request as `unitsOf(req)` requests, for the rate limit and
 * the in-flight bound alike. A JSON-RPC batch of a hundred tool calls is a hundred searches, and must not
 * pass as one request.
 */
export function chargeUnits(unitsOf: (req: Request) => number): RequestHandler {
  return (req, res, next) => {
    const charge = charges.get(res)?.charge;
    const units = unitsOf(req);
    if (!charge || units <= 1) return next();
    charge(req, res, units, next);
  };
}

const REQUEST_ID = /^[\w.:-]{1,100}$/;
/** Defaults for apps built without the full configuration (tests): generous, rate limit off. */
const DEFAULT_MAX_IN_FLIGHT = 256;
const DEFAULT_MAX_LOOP_DELAY_MS = 500;
/**
 * A client's requests past its share wait for its own to end, up to about the connections an HTTP client
 * or an agent opens to one host; 2 s at most, then 429 with Retry-After.
 */
const WAITING_PER_CLIENT = 16;
const MAX_WAIT_MS = 2000;

export function createTraffic(config: TrafficConfig, logger: Logger): Traffic {
  const metrics = new ApiMetrics();
  const log = pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // An access line is no error report: the error middleware logs a failure itself, once, at error level.
    // Shedding and rate limiting are the server working as designed under load.
    customLogLevel: (_req, res) => (res.statusCode >= 500 || res.statusCode === 429 ? 'warn' : 'info'),
    // Query strings are public search input, not secrets; headers may carry tokens: leave them out.
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
  const count: RequestHandler = (req, res, next) => {
    const end = metrics.duration.startTimer();
    res.once('finish', () => {
      // The matched pattern keeps the label set small; unmatched paths share one label.
      const route = routeLabel(req.baseUrl, req.route?.path);
      metrics.requests.inc({ method: req.method, route, status: String(res.statusCode) });
      end({ route });
    });
    next();
  };
  const maxInFlight = config.MAX_IN_FLIGHT_REQUESTS ?? DEFAULT_MAX_IN_FLIGHT;
  const shedder = loadShedding({
    maxInFlight,
    // Apps built without the full configuration (benchmarks) let one client use the whole bound.
    maxInFlightPerClient: config.MAX_IN_FLIGHT_PER_CLIENT ?? maxInFlight,
    maxLoopDelayMs: config.MAX_EVENT_LOOP_DELAY_MS ?? DEFAULT_MAX_LOOP_DELAY_MS,
    maxWaitingPerClient: WAITING_PER_CLIENT,
    maxWaiting: Math.max(4 * WAITING_PER_CLIENT, 4 * maxInFlight),
    maxWaitMs: MAX_WAIT_MS,
    retryAfterSeconds: 1,
    onShed: (reason) => metrics.shed.inc({ reason }),
    onChange: (n) => metrics.inFlight.set(n),
  });
  const guard: RequestHandler[] = [shedder.handler];
  const limiter = config.RATE_LIMIT_PER_MINUTE
    ? clientRateLimit({
        perMinute: config.RATE_LIMIT_PER_MINUTE,
        redisUrl: config.REDIS_URL,
        prefix: config.QUEUE_PREFIX ?? 'dd',
        onLimited: () => metrics.shed.inc({ reason: 'rate-limit' }),
      })
    : null;
  if (limiter) guard.push(limiter.handler);
  const charge: Charge = (req, res, units, next) => {
    const refused = shedder.charge(res, units);
    if (refused) return next(refused);
    if (!limiter) return next();
    limiter.charge(req, res, units, next);
  };
  guard.push((_req, res, next) => {
    charges.set(res, { charge, held: () => shedder.held(res) });
    next();
  });
  return {
    observe: [log, count],
    guard,
    metrics: async (_req, res) => {
      res.setHeader('Content-Type', metrics.registry.contentType);
      res.send(await metrics.registry.metrics());
    },
    close: async () => {
      shedder.close();
      await limiter?.close();
    },
  };
}

/**
 * `<mount><route pattern>`: a mount's own root is the mount path alone (`/api/mcp`, not `/api/mcp/`); a
 * request no route matched is labelled by the mount that answered it, else `unmatched`.
 */
export function routeLabel(baseUrl: string, routePath: unknown): string {
  if (typeof routePath !== 'string') return baseUrl || 'unmatched';
  if (routePath === '/' && baseUrl) return baseUrl;
  return `${baseUrl}${routePath}`;
}
