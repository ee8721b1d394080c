import { describe, expect, it } from 'vitest';
import { designerSearchSpec } from './designer-query.builder.ts';
import { facetStatement, facetStatementNames } from './designer-facets.builder.ts';
import { NO_QUERY_TERMS } from './query-terms.ts';

describe('designer facet statements', () => {
  it('country and remote share the one count per location', () => {
    expect(facetStatementNames(['country', 'remote', 'category'])).toEqual(['location', 'category']);
    expect(facetStatementNames(['company'])).toEqual(['company']);
  });

  it('count over the search matching set, with its filters bound as parameters', () => {
    const spec = designerSearchSpec({ category: 'brand' }, NO_QUERY_TERMS);
    const company = facetStatement(spec, 'company');
    expect(company.sql).toContain('count(DISTINCT r.designer_id)');
    expect(company.sql).toMatch(/ORDER BY count\(DISTINCT r.designer_id\) DESC, r.company COLLATE "C" ASC LIMIT \$\d+::int$/);
    expect(company.params).toEqual(['brand', 10]);
    const location = facetStatement(spec, 'location');
    expect(location.sql).toContain('GROUP BY d.location');
    expect(location.sql).not.toContain('LIMIT');
    expect(facetStatement(spec, 'category').sql).toContain('GROUP BY d.category');
  });

  it('leave out what the request excludes, as the word filters name it in whole words', () => {
    const company = facetStatement(designerSearchSpec({ q: 'brand designers not in london' }, NO_QUERY_TERMS), 'company');
    const [, n] = /NOT coalesce\(s\.location_tsv @@ \$(\d+)::tsquery, false\)/.exec(company.sql)!;
    // A whole word: no prefix (":*").
    expect(company.params[Number(n) - 1]).toBe("( 'london' )");
    expect(facetStatement(designerSearchSpec({ q: 'brand designers in london' }, NO_QUERY_TERMS), 'company').sql).not.toContain('NOT coalesce');
  });
});
