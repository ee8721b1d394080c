import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { ErrorResponse } from '../../../shared/domain/envelope.schema.ts';

/** Both sides hashed first: equal lengths for timingSafeEqual, and the token's length does not leak. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Bearer-token guard of the admin routes, compared in constant time. */
export function adminAuth(token: string): RequestHandler {
  const expected = digest(token);
  return (req, res, next) => {
    const match = /^Bearer (.+)$/i.exec(req.get('authorization') ?? '');
    if (match && timingSafeEqual(digest(match[1]!.trim()), expected)) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('WWW-Authenticate', 'Bearer realm="admin"');
    res.status(401).json({ success: false, error: 'A valid admin bearer token is required.' } satisfies ErrorResponse);
  };
}
