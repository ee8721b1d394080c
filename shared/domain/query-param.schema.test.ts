import { describe, expect, it } from 'vitest';
import { SearchDesignersInputSchema, ListOpenRolesInputSchema } from '../mcp/tool-input.schema.ts';
import { DesignerSearchQuerySchema, DesignerSearchSchema } from './designer-search.schema.ts';
import { parseOrThrow } from './errors.ts';
import { OpenRoleSearchQuerySchema, OpenRoleSearchSchema } from './open-role-search.schema.ts';
import { problems } from './search-params.test-support.ts';

const SCHEMAS = {
  DesignerSearchQuerySchema,
  DesignerSearchSchema,
  OpenRoleSearchQuerySchema,
  OpenRoleSearchSchema,
  SearchDesignersInputSchema,
  ListOpenRolesInputSchema,
} as const;

/** Every parameter matched by its folded words: each one's value is bounded after folding, not only by its characters. */
const FOLDED = ['q', 'location', 'company'] as const;

describe('free-text parameters: cost bounded after folding, on every search schema', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    for (const parameter of FOLDED) {
      it(`${name}: ${parameter} of 171 × ㍿ (one folded word of 684 letters) is refused by name`, () => {
        const refused = problems(() => parseOrThrow(schema, { [parameter]: '\u337f'.repeat(171) }));
        expect(refused).toEqual([{ parameter, message: expect.stringMatching(/^must be at most 240 characters once folded for matching \(this value has 684;/) }]);
      });

      it(`${name}: ${parameter} that folds to too many words or too long a word is refused by name; within the limits it is read`, () => {
        expect(problems(() => parseOrThrow(schema, { [parameter]: '\ufdfa '.repeat(11) }))).toEqual([
          { parameter, message: expect.stringMatching(/^must have at most 40 words/) },
        ]);
        expect(problems(() => parseOrThrow(schema, { [parameter]: 'ﬃ'.repeat(11) }))).toEqual([
          { parameter, message: expect.stringMatching(/^must have words of at most 32 letters or digits \(one has 33;/) },
        ]);
        expect(parseOrThrow(schema, { [parameter]: 'ﬃ'.repeat(10) })).toEqual({ [parameter]: 'ﬃ'.repeat(10) });
      });
    }
  }

  it('a value over the character limit is refused for that alone, not also for its folded cost', () => {
    expect(problems(() => parseOrThrow(DesignerSearchQuerySchema, { q: '\u337f'.repeat(201) }))).toEqual([{ parameter: 'q', message: 'must be at most 200 characters' }]);
  });
});
