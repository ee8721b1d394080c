import { ClientRequestSchema, ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod/v4';

/** A JSON-RPC error response we answer ourselves, before the SDK sees the message. */
export interface JsonRpcErrorResponse {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string };
}

type RequestSchema = (typeof ClientRequestSchema.options)[number];

// Each client request method with the SDK's own schema for it.
const SCHEMAS = new Map<string, RequestSchema>(
  ClientRequestSchema.options.map((schema) => [(schema.shape.method as z.ZodLiteral<string>).value, schema]),
);

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(message)'}: ${issue.message}`)
    .join('; ');
}

function validate(message: unknown): JsonRpcErrorResponse | null {
  if (typeof message !== 'object' || message === null || !('method' in message) || !('id' in message)) return null;
  const { id, method } = message as { id: unknown; method: unknown };
  const answerId = typeof id === 'string' || typeof id === 'number' ? id : null;
  const schema = typeof method === 'string' ? SCHEMAS.get(method) : undefined;
  // Unknown methods are the SDK's to answer (-32601); only the params of known ones are checked here.
  if (!schema) return null;
  const result = schema.safeParse(message);
  if (result.success) return null;
  return {
    jsonrpc: '2.0',
    id: answerId,
    error: { code: ErrorCode.InvalidParams, message: `Invalid params for ${method}: ${describeIssues(result.error)}` },
  };
}

/**
 * The SDK parses a request's params inside its handler and reports a failure as -32603 Internal error
 * with the raw validation dump. A client that sent bad params must hear -32602 Invalid params, worded
 * so it can fix the call: this checks each request against the SDK's own schema first. Returns the
 * answers when any request is invalid (a batch is answered whole, its valid requests refused as not
 * processed), or null when the body may go on to the transport.
 */
export function invalidParamsResponses(body: unknown): JsonRpcErrorResponse[] | null {
  const messages = Array.isArray(body) ? body : [body];
  const answers = messages.map(validate);
  if (answers.every((a) => a === null)) return null;
  return messages.flatMap((message, i) => {
    const answer = answers[i];
    if (answer) return [answer];
    const id = (message as Partial<JSONRPCMessage> & { id?: unknown })?.id;
    if (typeof id !== 'string' && typeof id !== 'number') return [];
    return [
      {
        jsonrpc: '2.0' as const,
        id,
        error: { code: ErrorCode.InvalidRequest, message: 'Not processed: another message in the same batch has invalid params.' },
      },
    ];
  });
}
