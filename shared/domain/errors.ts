import type { z } from 'zod';
import { closestChoice } from './choice-message.ts';

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

/**
 * A service the request needs (the search engine, the job queue, the API an MCP client calls) is down, too slow
 * or full; the caller should retry later (503 with Retry-After). The messages say "search backend": they are
 * published answers, kept as they are.
 */
export class ServiceUnavailableError extends Error {
  readonly retryAfterSeconds: number;
  constructor(message: string, options?: { cause?: unknown; retryAfterSeconds?: number }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ServiceUnavailableError';
    this.retryAfterSeconds = options?.retryAfterSeconds ?? 5;
  }
}

/**
 * A search ran past its time limit (SEARCH_TIMEOUT_MS) and the engine was told to stop it: answered as the
 * engine being unavailable (503 with Retry-After), with a message that says why.
 */
export class SearchTimedOutError extends ServiceUnavailableError {
  readonly timeoutMs: number;
  constructor(timeoutMs: number, options?: { cause?: unknown }) {
    super(`The search did not finish within ${timeoutMs} ms and was stopped (the search backend is slow or unavailable); try again shortly, or search with fewer or shorter words.`, options);
    this.name = 'SearchTimedOutError';
    this.timeoutMs = timeoutMs;
  }
}

/**
 * Parameter names of other search APIs, offered as a did-you-mean when the endpoint has the parameter they
 * stand for (slips of the keys, `categroy`, are found by spelling distance).
 */
const PARAMETER_WORDS: Readonly<Record<string, string>> = {
  query: 'q',
  search: 'q',
  text: 'q',
  keywords: 'q',
  size: 'limit',
  per_page: 'limit',
  page_size: 'limit',
  count: 'limit',
  skip: 'offset',
  from: 'offset',
  city: 'location',
  country: 'location',
  place: 'location',
  employer: 'company',
  type: 'employment_type',
  specialty: 'category',
};

/** Turns zod issues into one problem per parameter, worded for a person or a model reading them. */
export function problemsFromZod(error: z.ZodError, allowedKeys: readonly string[] = []): ParameterProblem[] {
  const problems: ParameterProblem[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const meant = closestChoice(allowedKeys, key, PARAMETER_WORDS);
        const hint = meant === undefined ? '' : `did you mean "${meant}"? `;
        problems.push({
          parameter: key,
          message: `is not a known parameter; ${hint}${allowedKeys.length ? `allowed: ${allowedKeys.join(', ')}` : 'this endpoint takes none'}`,
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
