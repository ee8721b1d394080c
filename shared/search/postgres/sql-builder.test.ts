import { describe, expect, it } from 'vitest';
import { keysetAfter, orderBy, pageStatement, Params, type SortKey, topOfRanking } from './sql-builder.ts';

const keys: SortKey[] = [
  { column: 'score', desc: true, cast: 'int' },
  { column: 'listed_us', desc: true, cast: 'bigint' },
  { column: 'id', desc: false, cast: 'text' },
];

describe('sql-builder', () => {
  it('builds a keyset condition for mixed directions, values as parameters', () => {
    const params = new Params();
    expect(keysetAfter(keys, [7, '1700000000000000', 'd01'], params, 'm')).toBe(
      '(m.score < $1::int OR (m.score = $1::int AND (m.listed_us < $2::bigint OR (m.listed_us = $2::bigint AND (m.id > $3::text)))))',
    );
    expect(params.values).toEqual([7, '1700000000000000', 'd01']);
    expect(orderBy(keys, 'p')).toBe('p.score DESC, p.listed_us DESC, p.id ASC');
  });

  it('pages after the cursor values and returns bigint sort values as text', () => {
    const statement = pageStatement(
      { keys, table: 'designers d', alias: 'd', select: 'd.id', matched: (p) => `SELECT id FROM x WHERE a = ${p.add('v')}` },
      { limit: 5, offset: 0, after: [1, '2', 'z'] },
    );
    expect(statement.params).toEqual(['v', 1, '2', 'z', 5, 0]);
    expect(statement.sql).toContain('json_build_array(p.score, p.listed_us::text, p.id)');
    expect(statement.sql).toContain('LIMIT $5::int OFFSET $6::int');
  });

  it('reads only the top when asked to', () => {
    const spec = {
      keys,
      table: 'designers d',
      alias: 'd',
      select: 'd.id',
      matched: (p: Params, options: { top?: boolean } = {}) => `SELECT id FROM x WHERE a = ${p.add('v')}${options.top ? ` AND b = ${p.add('t')}` : ''}`,
    };
    expect(pageStatement(spec, { limit: 5 }, { top: true }).params).toEqual(['v', 't', 5, 0]);
    expect(pageStatement(spec, { limit: 5 }).params).toEqual(['v', 5, 0]);
  });

  it('takes a page from the top alone only when it fills the window and its last row scores above the bound', () => {
    expect(topOfRanking([90, 80, 71], { limit: 3 }, 70)).toBe(true);
    // The last row could tie with (and lose its place to) a match outside the top, or be passed by one.
    expect(topOfRanking([90, 80, 70], { limit: 3 }, 70)).toBe(false);
    expect(topOfRanking([90, 80, 60], { limit: 3 }, 70)).toBe(false);
    // Fewer rows than the window: the rest of the page is outside the top.
    expect(topOfRanking([90, 80], { limit: 3 }, 70)).toBe(false);
    expect(topOfRanking([], { limit: 0 }, 70)).toBe(false);
  });
});
