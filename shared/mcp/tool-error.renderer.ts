import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ServiceUnavailableError, InvalidInputError, NotFoundError } from '../domain/errors.ts';
import type { Logger } from '../logging/logger.ts';

export interface ToolErrorHints {
  /** Extra advice per parameter, appended when that parameter is at fault. */
  parameters?: Readonly<Record<string, string>>;
  /** What to do when the thing asked for does not exist. */
  notFound?: string;
}

function errorResult(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/**
 * Every failure becomes a tool result with isError, worded so that a model can correct itself: which
 * argument is wrong and what is allowed, what to call instead, or that the same call can be retried.
 * Nothing is thrown to the SDK, so no failure turns into a JSON-RPC error.
 */
export function toolErrorResult(tool: string, error: unknown, logger: Logger, hints: ToolErrorHints = {}): CallToolResult {
  if (error instanceof InvalidInputError) {
    const lines = error.problems.map((p) => {
      const hint = hints.parameters?.[p.parameter];
      return `- ${p.parameter}: ${p.message}${hint ? ` (${hint})` : ''}`;
    });
    const noun = error.problems.length === 1 ? 'argument' : 'arguments';
    return errorResult(
      `Invalid ${noun} for ${tool}:\n${lines.join('\n')}\nCorrect the ${noun} above and call ${tool} again.`,
    );
  }
  if (error instanceof NotFoundError) {
    return errorResult(`${error.message}${hints.notFound ? ` ${hints.notFound}` : ''}`);
  }
  if (error instanceof ServiceUnavailableError) {
    logger.warn({ err: error.cause ?? error, tool }, 'directory engine unavailable');
    return errorResult(
      `The directory is temporarily unavailable: ${error.message} Retry the same ${tool} call in about ` +
        `${error.retryAfterSeconds} seconds; the arguments were valid.`,
    );
  }
  logger.error({ err: error, tool }, 'tool failed');
  return errorResult(
    `${tool} failed because of an internal error in the directory, not because of your arguments. ` +
      'Retry once; if it fails again, tell the user the Designer Directory is having problems.',
  );
}
