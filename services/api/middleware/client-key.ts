import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';

/**
 * The client a request counts against, for shares of what the API holds per client (search snapshots):
 * its address, or for IPv6 its /56, since one subscriber is commonly given a whole prefix and could
 * otherwise be a new client per request. The same key the rate limit uses.
 */
export function clientKey(req: Request): string | undefined {
  return req.ip ? ipKeyGenerator(req.ip) : undefined;
}
