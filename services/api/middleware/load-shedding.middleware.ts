import type { RequestHandler, Response } from 'express';
import { clientKey } from './client-key.ts';
import { TrafficRefusedError } from './traffic-refused.errors.ts';

export type ShedReason = 'in-flight' | 'client-share' | 'loop-delay';

export interface LoadSheddingOptions {
  /** Requests served at once; the next one is refused at once rather than queued. */
  maxInFlight: number;
  /** Of those, the ones one client (clientKey: its address, or its IPv6 /56) holds at most. */
  maxInFlightPerClient: number;
  /** How long the event loop may have been kept from its timers before requests are refused. */
  maxLoopDelayMs: number;
  retryAfterSeconds: number;
  /**
   * Requests of a client at its bound that wait for one of its own to end, rather than being refused at
   * once: a client opening more connections than its share is slowed to its share instead of answered
   * 429 as fast as it can ask again (which would spend the CPU the other clients need). Past it, 429.
   */
  maxWaitingPerClient: number;
  /** Waiting requests of all clients together (each holds only a socket and a closure). */
  maxWaiting: number;
  /** How long a request may wait for its client's place before it is refused with 429. */
  maxWaitMs: number;
  onShed?: (reason: ShedReason) => void;
  onChange?: (inFlight: number) => void;
}

export interface LoadShedder {
  handler: RequestHandler;
  /**
   * Counts `units` requests in flight, in all, for an admitted response until it ends (a JSON-RPC batch is
   * one HTTP request doing the work of many), or refuses it as the handler would: returns the refusal to
   * pass on, else null. A batch larger than the client's bound counts as the whole bound, so it is served
   * when the client has nothing else in flight rather than never.
   */
  charge(res: Response, units: number): TrafficRefusedError | null;
  /** The units a response holds in flight (0 for one the handler did not admit). */
  held(res: Response): number;
  close(): void;
}

export interface InFlight {
  /** Units in flight in all. */
  total: number;
  /** Units in flight for the asking client. */
  held: number;
}

/**
 * Whether `units` more fit, the heaviest clients refused first:
 *  - past the global bound everyone is refused (`in-flight`, 503), which, with the reserve below, only
 *    happens once that many clients ask at the same moment;
 *  - no client holds more than its bound (`client-share`, 429);
 *  - the last places of the global bound (one client's bound, or what that bound leaves to others if
 *    less) are kept for clients that hold nothing yet: a client already served is refused them
 *    (`client-share`), so clients at their bound fill the server only up to that reserve, and a client
 *    asking for its first request is still served.
 */
export function admission(now: InFlight, units: number, bounds: { maxInFlight: number; maxInFlightPerClient: number }): 'admit' | 'client-share' | 'in-flight' {
  const total = now.total + units;
  if (total > bounds.maxInFlight) return 'in-flight';
  if (now.held + units > bounds.maxInFlightPerClient) return 'client-share';
  const reserve = Math.min(bounds.maxInFlightPerClient, bounds.maxInFlight - bounds.maxInFlightPerClient);
  if (now.held > 0 && total > bounds.maxInFlight - reserve) return 'client-share';
  return 'admit';
}

interface Waiter {
  client: string;
  res: Response;
  next: (error?: unknown) => void;
  timer: NodeJS.Timeout;
}

const BUSY = 'The server is busy; retry after the time in the Retry-After header.';

const HEARTBEAT_MS = 20;

/**
 * Refuses work the process cannot take in time, with a 503 and Retry-After in microseconds, instead of
 * letting requests wait until every client times out, and shares what it takes between clients: each holds
 * at most its bound, and the last places are kept for clients holding none (429 to the others). Two signals of overload,
 * because the engines queue differently:
 *  - in flight: Elasticsearch searches are asynchronous, so the excess piles up as requests in progress;
 *  - event-loop delay: the embedded engine computes on this thread, so the excess piles up unread in the
 *    sockets while one request after another holds the loop. A heartbeat timer stamps each turn of the
 *    loop; a request read long after the last stamp is behind a queue and is refused, which drains the
 *    backlog in microseconds per request. (Libraries such as toobusy-js sample the lag periodically and so
 *    react a sample late; this check reads the delay at the very request.)
 */
export function loadShedding(options: LoadSheddingOptions): LoadShedder {
  let inFlight = 0;
  // Only clients with something in flight have an entry, so it holds at most maxInFlight of them: no
  // eviction (an LRU) is needed, and none may happen, since a release must find its count.
  const perClient = new Map<string, number>();
  const held = new WeakMap<Response, { client: string; units: number; open: boolean }>();
  let lastBeat = performance.now();
  const heartbeat = setInterval(() => {
    lastBeat = performance.now();
  }, HEARTBEAT_MS).unref();
  const bounds = { maxInFlight: options.maxInFlight, maxInFlightPerClient: Math.min(options.maxInFlightPerClient, options.maxInFlight) };

  const refuse = (res: Response, reason: ShedReason, counted = false) => {
    if (!counted) options.onShed?.(reason);
    res.setHeader('Retry-After', String(options.retryAfterSeconds));
    res.setHeader('Cache-Control', 'no-store');
    if (reason === 'client-share') {
      return new TrafficRefusedError(
        429,
        `Too many requests at once from this client (at most ${bounds.maxInFlightPerClient}; each message of a JSON-RPC batch counts): wait for an answer, or retry after the time in the Retry-After header.`,
      );
    }
    return new TrafficRefusedError(503, BUSY);
  };

  const add = (client: string, units: number) => {
    inFlight += units;
    const left = (perClient.get(client) ?? 0) + units;
    if (left > 0) perClient.set(client, left);
    else perClient.delete(client);
    options.onChange?.(inFlight);
  };

  const state = (client: string): InFlight => ({ total: inFlight, held: perClient.get(client) ?? 0 });

  // Requests waiting for a place of their own client, first come first served; an entry only while any wait.
  const waiting = new Map<string, Waiter[]>();
  let waitingCount = 0;
  let delayed = 0;
  const unwait = (waiter: Waiter) => {
    const queue = waiting.get(waiter.client);
    const at = queue?.indexOf(waiter) ?? -1;
    if (at < 0) return false;
    queue!.splice(at, 1);
    if (queue!.length === 0) waiting.delete(waiter.client);
    waitingCount -= 1;
    clearTimeout(waiter.timer);
    return true;
  };
  const admitWaiting = (client: string) => {
    for (let head = waiting.get(client)?.[0]; head && admission(state(client), 1, bounds) === 'admit'; head = waiting.get(client)?.[0]) {
      unwait(head);
      hold(client, head.res);
      head.next();
    }
  };

  const hold = (client: string, res: Response) => {
    const holding = { client, units: 1, open: true };
    held.set(res, holding);
    add(client, 1);
    const release = () => {
      if (!holding.open) return;
      holding.open = false;
      add(client, -holding.units);
      admitWaiting(client);
    };
    // close covers clients that hang up before the response finishes.
    res.once('finish', release);
    res.once('close', release);
  };

  const handler: RequestHandler = (req, res, next) => {
    const client = clientKey(req) ?? '';
    const now = state(client);
    const verdict = admission(now, 1, bounds);
    if (performance.now() - lastBeat > options.maxLoopDelayMs + HEARTBEAT_MS) return next(refuse(res, 'loop-delay'));
    if (verdict === 'client-share' && now.held > 0 && waitingCount < options.maxWaiting && (waiting.get(client)?.length ?? 0) < options.maxWaitingPerClient) {
      const waiter: Waiter = {
        client,
        res,
        next,
        timer: setTimeout(() => {
          if (unwait(waiter)) next(refuse(res, 'client-share'));
        }, options.maxWaitMs),
      };
      waiting.set(client, [...(waiting.get(client) ?? []), waiter]);
      waitingCount += 1;
      res.once('close', () => unwait(waiter));
      return;
    }
    if (verdict === 'client-share' && now.held > 0 && delayed < options.maxWaiting) {
      // Past its waiting requests too: refused, but when the Retry-After the refusal gives has passed, which
      // costs a client that honours it nothing and keeps one that asks again at once from spinning.
      delayed += 1;
      // Counted now: a client asking again at once often hangs up before the refusal is sent.
      options.onShed?.('client-share');
      let pending = true;
      const settle = () => {
        if (!pending) return false;
        pending = false;
        delayed -= 1;
        return true;
      };
      const timer = setTimeout(() => {
        if (settle()) next(refuse(res, 'client-share', true));
      }, options.retryAfterSeconds * 1000);
      res.once('close', () => {
        if (settle()) clearTimeout(timer);
      });
      return;
    }
    if (verdict !== 'admit') return next(refuse(res, verdict));
    hold(client, res);
    next();
  };

  const charge = (res: Response, units: number) => {
    const holding = held.get(res);
    if (!holding?.open) return null;
    const extra = Math.min(units, bounds.maxInFlightPerClient) - holding.units;
    if (extra <= 0) return null;
    // The response's own units count as released for the question, so that a batch is judged as a whole.
    const now = state(holding.client);
    const verdict = admission({ total: now.total - holding.units, held: now.held - holding.units }, holding.units + extra, bounds);
    if (verdict !== 'admit') return refuse(res, verdict);
    holding.units += extra;
    add(holding.client, extra);
    return null;
  };
  return {
    handler,
    charge,
    held: (res) => (held.get(res)?.open ? held.get(res)!.units : 0),
    close: () => {
      clearInterval(heartbeat);
      for (const queue of waiting.values()) for (const waiter of queue) clearTimeout(waiter.timer);
    },
  };
}
