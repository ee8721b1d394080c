import { describe, expect, it } from 'vitest';
import { problemsFromZod } from './errors.ts';
import { SimilarDesignersQuerySchema } from './similar-designers.schema.ts';
import { lastWord, SuggestQuerySchema } from './suggest.schema.ts';

const problems = (schema: typeof SuggestQuerySchema | typeof SimilarDesignersQuerySchema, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : problemsFromZod(parsed.error).map((p) => p.parameter);
};

describe('SuggestQuerySchema', () => {
  it('takes q of 1 to 100 characters and limit 1 to 8', () => {
    expect(SuggestQuerySchema.parse({ q: ' product des ', limit: '3' })).toEqual({ q: 'product des', limit: 3 });
    expect(problems(SuggestQuerySchema, { q: 'a'.repeat(100) })).toEqual([]);
  });

  it('refuses, once each and by name, a q over 100 characters, a missing or wordless q, and a limit out of 1..8', () => {
    expect(problems(SuggestQuerySchema, { q: '!'.repeat(101) })).toEqual(['q']);
    expect(problems(SuggestQuerySchema, {})).toEqual(['q']);
    expect(problems(SuggestQuerySchema, { q: '--' })).toEqual(['q']);
    expect(problems(SuggestQuerySchema, { q: ['a', 'b'] })).toEqual(['q']);
    for (const limit of ['0', '9', 'x', '1.5']) expect(problems(SuggestQuerySchema, { q: 'a', limit })).toEqual(['limit']);
    expect(problems(SuggestQuerySchema, { q: 'a', other: '1' })).toEqual(['other']);
  });
});

describe('SimilarDesignersQuerySchema', () => {
  it('takes limit 1 to 20 and refuses anything else by name', () => {
    expect(SimilarDesignersQuerySchema.parse({ limit: '20' })).toEqual({ limit: 20 });
    for (const limit of ['0', '21', '-1', '', '1e3']) expect(problems(SimilarDesignersQuerySchema, { limit })).toEqual(['limit']);
  });
});

describe('lastWord', () => {
  it('is the last folded word of the text', () => {
    expect(lastWord('Lead Designer ZÜR')).toBe('zur');
    expect(lastWord('canva, ')).toBe('canva');
    expect(lastWord('!!')).toBe('');
  });
});
