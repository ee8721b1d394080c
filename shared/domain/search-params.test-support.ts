import { expect } from 'vitest';
import type { z } from 'zod';
import { InvalidInputError, type ParameterProblem, parseOrThrow } from './errors.ts';

/** For tests: the problems the call refuses its input with (it must throw InvalidInputError). */
export function problems(fn: () => unknown): ParameterProblem[] {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return (error as InvalidInputError).problems;
  }
  throw new Error('expected an InvalidInputError');
}

/** For tests: the filters a REST route makes of a query string with a search's query schema (paging left out). */
export function filtersFromQueryString<S extends z.ZodObject>(schema: S, qs: string): Omit<z.output<S>, 'limit' | 'offset' | 'cursor'> {
  const { limit: _l, offset: _o, cursor: _c, ...filters } = parseOrThrow(schema, Object.fromEntries(new URLSearchParams(qs)));
  return filters;
}
