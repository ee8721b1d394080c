import type { z } from 'zod';
import { choiceMessage } from '../../domain/choice-message.ts';

export interface FieldProblem {
  field: string;
  message: string;
}

type Issue = z.core.$ZodIssue;

/**
 * A record's zod issues as a curator reads them: one per field, "is required" for a field the record
 * leaves out, the allowed values of a choice, the kind of value a field takes, and for a field that may be
 * one of several shapes (a role or null) the problems of the shape it was meant to be. zod's defaults read
 * "Invalid input: expected string, received undefined", `expected one of "product"|"brand"` and, for a
 * role missing its company, only "Invalid input".
 */
export function recordProblems(error: z.ZodError, input: unknown): FieldProblem[] {
  return error.issues.flatMap((issue) => problemsOf(issue, [], input));
}

function problemsOf(issue: Issue, prefix: readonly PropertyKey[], input: unknown): FieldProblem[] {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ field: [...path, key].join('.'), message: 'is not a known field' }));
  }
  if (path.length === 0) return [{ field: '(record)', message: issue.code === 'invalid_type' ? 'must be an object' : issue.message }];
  const field = path.join('.');
  if (valueAt(input, path) === undefined) return [{ field, message: 'is required' }];
  if (issue.code === 'invalid_value') return [{ field, message: choiceMessage(issue.values.map(String), valueAt(input, path)) }];
  if (issue.code === 'invalid_union') {
    // Branches the value is not even the type of say nothing; the one branch it is the type of says what is wrong.
    const wrongType = issue.errors.filter((branch) => branch.length === 1 && branch[0]!.code === 'invalid_type' && branch[0]!.path.length === 0);
    const meant = issue.errors.filter((branch) => !wrongType.includes(branch));
    if (meant.length === 1) return meant[0]!.flatMap((inner) => problemsOf(inner, path, input));
    if (meant.length === 0) {
      const kinds = wrongType.map((branch) => KIND[(branch[0] as { expected: string }).expected] ?? (branch[0] as { expected: string }).expected);
      return [{ field, message: `must be ${kinds.join(' or ')}` }];
    }
  }
  if (issue.code === 'invalid_type' && issue.message.startsWith('Invalid input')) {
    return [{ field, message: `must be ${KIND[issue.expected] ?? issue.expected}` }];
  }
  return [{ field, message: issue.message }];
}

const KIND: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
