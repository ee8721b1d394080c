import type { z } from 'zod';

export interface ParameterProblem {
  parameter: string;
  message: string;
}

/**
 * Input the caller can fix: maps to HTTP 400 (413 or 415 where the body is too large or of a type the
 * server does not read) and to an MCP tool error the model can act on.
 */
export class InvalidInputError extends Error {
  readonly problems: ParameterProblem[];
  readonly status: 400 | 413 | 415;
  constructor(problems: ParameterProblem[], options: { status?: 400 | 413 | 415 } = {}) {
    super(problems.map((p) => `${p.parameter}: ${p.message}`).join('; '));
    this.name = 'InvalidInputError';
    this.problems = problems;
    this.status = options.status ?? 400;
  }
}

export class NotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

/** The search backend is down or too slow; the caller should retry later. */
export class BackendUnavailableError extends Error {
  readonly retryAfterSeconds: number;
  constructor(message: string, options?: { cause?: unknown; retryAfterSeconds?: number }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'BackendUnavailableError';
    this.retryAfterSeconds = options?.retryAfterSeconds ?? 5;
  }
}

/**
 * A search ran past its time limit (SEARCH_TIMEOUT_MS) and the engine was told to stop it: answered as the
 * backend being unavailable (503 with Retry-After), with a message that says why.
 */
export class SearchTimedOutError extends BackendUnavailableError {
  readonly timeoutMs: number;
  constructor(timeoutMs: number, options?: { cause?: unknown }) {
    super(`The search did not finish within ${timeoutMs} ms and was stopped (the search backend is slow or unavailable); try again shortly, or search with fewer or shorter words.`, options);
    this.name = 'SearchTimedOutError';
    this.timeoutMs = timeoutMs;
  }
}

/** Turns zod issues into one problem per parameter, worded for a person or a model reading them. */
export function problemsFromZod(error: z.ZodError, allowedKeys: readonly string[] = []): ParameterProblem[] {
  const problems: ParameterProblem[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        problems.push({
          parameter: key,
          message: `is not a known parameter; ${allowedKeys.length ? `allowed: ${allowedKeys.join(', ')}` : 'this endpoint takes none'}`,
        });
      }
      continue;
    }
    problems.push({ parameter: issue.path.join('.') || '(input)', message: issue.message });
  }
  return problems;
}

export function parseOrThrow<S extends z.ZodObject>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new InvalidInputError(problemsFromZod(result.error, Object.keys(schema.shape)));
  return result.data;
}
