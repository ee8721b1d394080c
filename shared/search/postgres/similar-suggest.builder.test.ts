import { describe, expect, it } from 'vitest';
import { similarDesignersStatement, suggestStatement } from './similar-suggest.builder.ts';

const ana = {
  id: 'd01',
  category: 'product' as const,
  description: 'Builds calm interfaces for fintech.',
  current_role: { title: 'Product Designer', company: 'Acme Studio', company_url: null },
  previous_roles: [{ title: 'Designer', company: 'Globex Corporation', company_url: null }],
};

describe('similarDesignersStatement', () => {
  it('ORs the designer’s role and description words, restricted to their weights, listed only, never itself', () => {
    const { sql, params } = similarDesignersStatement(ana, 6);
    expect(params).toEqual([
      'd01',
      'product',
      6,
      "( 'product':BC | 'designer':BC | 'acme':BC | 'studio':BC | 'globex':BC | 'corporation':BC | 'builds':BC | 'calm':BC | 'interfaces':BC | 'fintech':BC )",
    ]);
    expect(sql).toContain('s.listed AND s.designer_id <> $1');
    expect(sql).toContain("ts_rank('{0, 0.2, 1, 0}', s.text_tsv, $4::tsquery) + CASE WHEN s.category = $2 THEN 0.1 ELSE 0 END DESC, s.listed_us DESC, s.designer_id");
    expect(sql).toContain('LIMIT $3');
  });

  it('leaves stop words out, and matches nothing when no telling word is left', () => {
    const { sql, params } = similarDesignersStatement({ ...ana, description: 'and the of', current_role: null, previous_roles: [] }, 3);
    expect(params).toEqual(['d01', 'product', 3]);
    expect(sql).toContain('AND (false)');
  });
});

describe('suggestStatement', () => {
  it('reads a prefix range of the listed designers’ words, counted per word and kind', () => {
    const { sql, params } = suggestStatement('des', 8);
    expect(params).toEqual(['des%', ['name', 'title', 'company', 'place'], 8]);
    expect(sql).toContain('w.word LIKE $1 AND s.listed');
    expect(sql).toContain('GROUP BY w.word, w.kind');
    expect(sql).toContain('ORDER BY count(*) DESC, w.word, array_position($2::text[], w.kind)');
  });

  it('escapes LIKE wildcards', () => {
    expect(suggestStatement('a_%', 1).params[0]).toBe('a\\_\\%%');
  });
});
