import type { RequestHandler, Response } from 'express';
import { TrafficRefusedError } from './traffic-refused.error.ts';

export interface LoadSheddingOptions {
  /** Requests served at once; the next one is refused at once rather than queued. */
  maxInFlight: number;
  /** How long the event loop may have been kept from its timers before requests are refused. */
  maxLoopDelayMs: number;
  retryAfterSeconds: number;
  onShed?: (reason: 'in-flight' | 'loop-delay') => void;
  onChange?: (inFlight: number) => void;
}

export interface LoadShedder {
  handler: RequestHandler;
  /**
   * Counts `units` more requests in flight for an admitted response until it ends (a JSON-RPC batch is
   * one HTTP request doing the work of many), or refuses it as the handler would: returns the refusal to
   * pass on, else null. A batch larger than the whole bound counts as the bound, so it is served when
   * nothing else is in flight rather than never.
   */
  charge(res: Response, units: number): TrafficRefusedError | null;
  close(): void;
}

const BUSY = 'The server is busy; retry after the time in the Retry-After header.';

const HEARTBEAT_MS = 20;

/**
 * Refuses work the process cannot take in time, with a 503 and Retry-After in microseconds, instead of
 * letting requests wait until every client times out. Two signals, because the engines queue differently:
 *  - in flight: Elasticsearch searches are asynchronous, so the excess piles up as requests in progress;
 *  - event-loop delay: the embedded engine computes on this thread, so the excess piles up unread in the
 *    sockets while one request after another holds the loop. A heartbeat timer stamps each turn of the
 *    loop; a request read long after the last stamp is behind a queue and is refused, which drains the
 *    backlog in microseconds per request. (Libraries such as toobusy-js sample the lag periodically and so
 *    react a sample late; this check reads the delay at the very request.)
 */
export function loadShedding(options: LoadSheddingOptions): LoadShedder {
  let inFlight = 0;
  let lastBeat = performance.now();
  const heartbeat = setInterval(() => {
    lastBeat = performance.now();
  }, HEARTBEAT_MS).unref();

  const refuse = (res: Response, reason: 'in-flight' | 'loop-delay') => {
    options.onShed?.(reason);
    res.setHeader('Retry-After', String(options.retryAfterSeconds));
    res.setHeader('Cache-Control', 'no-store');
    return new TrafficRefusedError(503, BUSY);
  };

  const hold = (res: Response, units: number) => {
    inFlight += units;
    options.onChange?.(inFlight);
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      inFlight -= units;
      options.onChange?.(inFlight);
    };
    // close covers clients that hang up before the response finishes.
    res.once('finish', release);
    res.once('close', release);
  };

  const handler: RequestHandler = (_req, res, next) => {
    if (inFlight >= options.maxInFlight) return next(refuse(res, 'in-flight'));
    if (performance.now() - lastBeat > options.maxLoopDelayMs + HEARTBEAT_MS) return next(refuse(res, 'loop-delay'));
    hold(res, 1);
    next();
  };

  const charge = (res: Response, units: number) => {
    // The response already holds one unit: the bound applies to the whole of it.
    const extra = Math.min(units, options.maxInFlight) - 1;
    if (extra <= 0) return null;
    if (inFlight + extra > options.maxInFlight) return refuse(res, 'in-flight');
    hold(res, extra);
    return null;
  };
  return { handler, charge, close: () => clearInterval(heartbeat) };
}
