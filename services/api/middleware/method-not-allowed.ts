import type { RequestHandler } from 'express';

/**
 * The path names a resource of this server, but the resource does not take the request's method (RFC 9110
 * §15.5.6). A 404 there would tell a client that POSTs to /api/v1/designers the endpoint does not exist;
 * the 405 names the methods it takes, in the Allow header and in the message.
 */
export class MethodNotAllowedError extends Error {
  readonly allow: string;
  constructor(method: string, path: string, allow: string) {
    super(`${path} does not take ${method}; it takes ${allow}.`);
    this.name = 'MethodNotAllowedError';
    this.allow = allow;
  }
}

/**
 * Ends a route (`router.route(path).get(…).all(otherMethods('GET'))`): every method the route's handlers
 * did not take is refused by name, and OPTIONS lists the methods, as express does for a route without
 * `.all`. GET implies HEAD, which express answers with the GET handler.
 */
export function otherMethods(...methods: ('GET' | 'POST')[]): RequestHandler {
  const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  return (req, res, next) => {
    res.setHeader('Allow', allow);
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    next(new MethodNotAllowedError(req.method, req.originalUrl.split('?')[0]!, allow));
  };
}
