import express, { type RequestHandler } from 'express';
import { InvalidInputError } from '../../../shared/domain/errors.ts';
import { clientErrorStatus } from './error.middleware.ts';

/** What body-parser's refusals mean to the caller: which part of the request to change, and how. */
const BODY_PARSER_PROBLEMS: Record<string, (error: { limit?: unknown }) => InvalidInputError> = {
  // Strict JSON parsing refuses a malformed body and a bare value (null, "x") alike.
  'entity.parse.failed': () => new InvalidInputError([{ parameter: 'body', message: 'is not a JSON object or array' }]),
  'entity.too.large': ({ limit }) =>
    new InvalidInputError([{ parameter: 'body', message: `is larger than ${typeof limit === 'number' ? `${limit} bytes` : 'allowed'}` }], { status: 413 }),
  'charset.unsupported': () => new InvalidInputError([{ parameter: 'content-type', message: 'charset must be utf-8' }], { status: 415 }),
  'encoding.unsupported': () =>
    new InvalidInputError([{ parameter: 'content-encoding', message: 'must be identity, gzip, deflate or br' }], { status: 415 }),
};

/** A body-parser refusal as input the caller can fix, or null for any other error. */
export function bodyParserInputError(error: unknown): InvalidInputError | null {
  const type = (error as { type?: unknown } | null)?.type;
  return typeof type === 'string' && Object.hasOwn(BODY_PARSER_PROBLEMS, type) ? BODY_PARSER_PROBLEMS[type]!(error as { limit?: unknown }) : null;
}

/**
 * How deep a JSON body may nest. JSON.parse takes any depth, but what reads the value afterwards (zod, the
 * MCP SDK, loggers) recurses, and a body of 10,000 nested arrays overflows the stack there. No request of
 * this API nests beyond a handful of levels.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether a parsed JSON value nests deeper than `max` arrays and objects, read without recursion. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

export const TOO_DEEP = `nests deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`;

/**
 * A body sent as anything but JSON is refused: express.json() leaves such a body unread, and the route
 * would otherwise act on its defaults as if nothing had been sent.
 */
const jsonBodyOnly: RequestHandler = (req, _res, next) => {
  const sent = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (sent && !req.is('application/json')) {
    next(new InvalidInputError([{ parameter: 'content-type', message: 'must be application/json' }], { status: 415 }));
    return;
  }
  next();
};

/**
 * A route's JSON body: express.json() whose refusals are InvalidInputErrors naming what to change (the body,
 * its content type or its encoding), then the refusal of a body sent as anything but JSON.
 */
export function jsonBody(options?: Parameters<typeof express.json>[0]): RequestHandler[] {
  const parse = express.json(options);
  const read: RequestHandler = (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      if (error === undefined) next();
      // Any other 4xx of body-parser: a body cut short, or one that does not inflate as its Content-Encoding says.
      else next(bodyParserInputError(error) ?? (clientErrorStatus(error) ? new InvalidInputError([{ parameter: 'body', message: UNREADABLE }]) : error));
    });
  };
  return [read, jsonBodyOnly];
}

const UNREADABLE = 'could not be read: it was cut short, or is not encoded as its Content-Encoding says';
