import { describe, expect, it } from 'vitest';
import { keysetAfter, orderBy, pageStatement, Params, type SortKey } from './sql-builder.ts';

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
});
