import { hostHeaderValidation } from '@modelcontextprotocol/sdk/server/middleware/hostHeaderValidation.js';
import { MAX_BATCH_SIZE } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import express, { type ErrorRequestHandler, type RequestHandler, Router } from 'express';
import { createDirectoryMcpServer, MAX_CONCURRENT_TOOL_CALLS } from '../../../shared/mcp/directory-mcp-server.ts';
import { invalidParamsResponses } from '../../../shared/mcp/json-rpc-request-validator.ts';
import { bodyParserInputError, MAX_JSON_DEPTH, nestsDeeperThan, TOO_DEEP } from '../middleware/request-body.ts';
import { chargeUnits, unitsHeld } from '../middleware/traffic.ts';
import { TrafficRefusedError } from '../middleware/traffic-refused.errors.ts';
import type { Mount, MountContext } from '../mount/mount.ts';
import { allowedHostnames, originValidation } from './mcp-origin.middleware.ts';
import { clientKey } from '../middleware/client-key.ts';

/**
 * Messages one JSON-RPC batch may hold: the SDK transport's own limit, checked here before the batch is
 * charged to the client's share, so a batch too large is always the same 400, never a 503 or 429
 * depending on what else is in flight.
 */
export const MAX_BATCH_MESSAGES = MAX_BATCH_SIZE;

function jsonRpcError(code: number, message: string) {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}

/**
 * The hosted MCP server at /api/mcp: Streamable HTTP, stateless (a fresh server and transport for every
 * POST, no session), JSON responses rather than SSE, so any replica can answer any request.
 */
export function mcpMounts(ctx: MountContext): Mount[] {
  const logger = ctx.logger.child({ component: 'mcp' });
  const router = Router();

  router.use(hostHeaderValidation(allowedHostnames(ctx.config)), originValidation(ctx.config));

  const handle: RequestHandler = async (req, res, next) => {
    const invalid = invalidParamsResponses(req.body);
    if (invalid) {
      res.status(200).json(Array.isArray(req.body) ? invalid : invalid[0]);
      return;
    }
    // A batch runs no more tool calls at once than the places it holds of its client's share.
    const maxConcurrentCalls = Math.max(1, Math.min(MAX_CONCURRENT_TOOL_CALLS, unitsHeld(res)));
    // A client that hangs up frees its share at once (the traffic guard releases on close): the calls of its
    // batch still waiting must not run on uncounted.
    const hungUp = new AbortController();
    const server = createDirectoryMcpServer({ directory: ctx.directory, logger, client: clientKey(req), maxConcurrentCalls, signal: hungUp.signal });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      hungUp.abort();
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (error) {
      next(error);
    }
  };
  const bodyLimits: RequestHandler = (req, res, next) => {
    // Before the SDK, whose validation recurses and would answer a stack overflow's message as the error's data.
    if (nestsDeeperThan(req.body, MAX_JSON_DEPTH)) {
      res.setHeader('Cache-Control', 'no-store');
      res.status(400).json(jsonRpcError(-32600, `Invalid request: the body ${TOO_DEEP}.`));
      return;
    }
    if (Array.isArray(req.body) && req.body.length > MAX_BATCH_MESSAGES) {
      res.setHeader('Cache-Control', 'no-store');
      res
        .status(400)
        .json(jsonRpcError(-32600, `Invalid request: a batch holds at most ${MAX_BATCH_MESSAGES} messages; this one holds ${req.body.length}. Send the rest in another request.`));
      return;
    }
    next();
  };
  // Each message of a batch is a request of its own to the client's share, the in-flight bound and the rate limit.
  const messages = chargeUnits((req) => (Array.isArray(req.body) ? req.body.length : 1));
  // The body is read and the batch's size checked before the traffic guard (beforeGuard below).
  router.post('/', messages, handle);

  // Stateless: there is no server-initiated stream to GET and no session to DELETE.
  router.all('/', (_req, res) => {
    res.setHeader('Allow', 'POST');
    res.status(405).json(jsonRpcError(-32000, 'Method not allowed: this MCP server is stateless; send JSON-RPC messages with POST.'));
  });

  const errors: ErrorRequestHandler = (error, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    // The traffic guard's refusal (before this mount, or for a batch's messages): its status and
    // Retry-After, worded as JSON-RPC like every other answer of this endpoint.
    if (error instanceof TrafficRefusedError) {
      res.status(error.status).json(jsonRpcError(-32000, error.message));
      return;
    }
    const refused = bodyParserInputError(error);
    if (refused) {
      const parse = error.type === 'entity.parse.failed';
      res.status(refused.status).json(jsonRpcError(parse ? -32700 : -32600, `${parse ? 'Parse error' : 'Invalid request'}: ${refused.message}.`));
      return;
    }
    // Any other failure to read the body (a gzip header on a plain body, an aborted upload) is the
    // client's: body-parser marks it with a 4xx status.
    if (typeof error?.status === 'number' && error.status >= 400 && error.status < 500) {
      res.status(400).json(jsonRpcError(-32600, 'Invalid request: the body could not be read as JSON.'));
      return;
    }
    logger.error({ err: error }, 'mcp request failed');
    res.status(500).json(jsonRpcError(-32603, 'Internal error.'));
  };
  const json = express.json({ limit: '1mb' });
  const readBody: RequestHandler = (req, res, next) => (req.method === 'POST' ? json(req, res, next) : next());
  return [{ path: '/api/mcp', router, errors, beforeGuard: [readBody, bodyLimits], link: { rel: 'mcp', title: 'MCP server (Streamable HTTP) for AI agents: the same searches as tools' } }];
}
