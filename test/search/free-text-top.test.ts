import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaleDesigners } from '../../bench/support/scale-directory.generator.ts';
import { DesignerImportSchema } from '../../shared/domain/designer-import.schema.ts';
import type { PageWindow } from '../../shared/search/page-window.ts';
import { designerSearchSpec } from '../../shared/search/postgres/designer-query.builder.ts';
import { DESIGNER_ROLE_WEIGHT } from '../../shared/search/postgres/designer.search-text.ts';
import { PostgresSearchRepository } from '../../shared/search/postgres/pg-search.repository.ts';
import { lookUpQueryTerms } from '../../shared/search/postgres/query-terms.ts';
import { pageStatement, Params, type SearchSpec, topOfRanking } from '../../shared/search/postgres/sql-builder.ts';
import { understandQuery } from '../../shared/search/query-words.ts';
import { DesignerWriter } from '../../shared/store/designer.writer.ts';
import { importDesignerRecords } from '../../shared/store/import/designer-import.ts';
import { FUZZ_RUNS, FUZZ_TIMEOUT_MS, fuzzParams } from '../fuzz/fuzz-checks.ts';
import { requireServices } from '../support/services.ts';
import { designerRecord, type Engine, openTestStore, type TestStore } from '../store/test-store.ts';

const services = requireServices('postgres');
const engines: Engine[] = ['pglite', 'postgres'];
const DESIGNERS = 1500;

/** Queries of the kinds agents send: misspelt, a prefix last, names with titles, "former …", filler, concepts. */
const QUERIES = [
  'senor product desi',
  'product designer',
  'former product designer',
  'senior brand designer berlin',
  'ux research lead at spotify',
  'motion designer remote',
  'design systems lead',
  'product design lead',
  'lead prodct desig',
  // A concept held by a synonym in a title beside another unit (roleUnits): "creative director" at Lego.
  'art director lego',
  'motion graphics designer berlin',
];

type PageRow = { id: string; sort_values: unknown[] };

describe.each(engines)('a relevance page read from the matches that can rank highest (%s)', (engine) => {
  let store: TestStore;

  const specOf = async (q: string): Promise<SearchSpec> => {
    const { words, filler } = understandQuery(q);
    return designerSearchSpec({ q }, await lookUpQueryTerms(store.db, [...words, ...filler]));
  };
  const rows = async (spec: SearchSpec, window: PageWindow, top: boolean): Promise<PageRow[]> => {
    const statement = pageStatement(spec, window, { top });
    return (await store.db.query<PageRow>(statement.sql, statement.params)).rows.map((r) => ({ id: r.id, sort_values: r.sort_values }));
  };
  /** The best score among the matches outside the top: what the bound promises to cap. */
  const bestOutsideTop = async (spec: SearchSpec): Promise<number | null> => {
    const params = new Params();
    const all = spec.matched(params);
    const top = spec.matched(params, { top: true });
    const { rows: found } = await store.db.query<{ best: number | null }>(
      `SELECT max(m.score) AS best FROM (${all}) m WHERE m.id NOT IN (SELECT t.id FROM (${top}) t)`,
      params.values,
    );
    return found[0]!.best === null ? null : Number(found[0]!.best);
  };

  beforeAll(async () => {
    if (engine === 'postgres' && !services) return;
    store = await openTestStore(engine, 'free_text_top', services?.postgres ?? null);
    let line = 0;
    const chunk = [...scaleDesigners({ designers: DESIGNERS, seed: 7 })].map((value) => ({ line: ++line, value }));
    await importDesignerRecords(store.db, chunk);
    // Past Postgres' limits on one word: 256 positions kept per word, positions capped at 16,383.
    const writer = new DesignerWriter(store.db);
    const repeated = (word: string, max: number) => `${word} `.repeat(Math.floor(max / (word.length + 1))).trim();
    const manyRoles = Array.from({ length: 50 }, (_, i) => ({
      title: repeated('product', 200),
      company: `${repeated('designer', 190)} ${i}`,
      company_url: null,
    }));
    await writer.upsert(
      DesignerImportSchema.parse(
        designerRecord('word-limits', {
          name: repeated('product', 200),
          description: repeated('designer', 2000),
          current_role: { title: 'Senior Product Designer', company: repeated('lead', 200), company_url: null },
          previous_roles: manyRoles,
        }),
      ),
    );
    await new PostgresSearchRepository(store.db, { publicBaseUrl: 'https://d.example/', timeoutMs: 30_000 }).prepare();
  }, 300_000);
  afterAll(async () => {
    await store?.close();
  });

  it.skipIf(engine === 'postgres' && !services)(
    'every word of every role is in the search text at the role weight, also past the limits on one word',
    async () => {
      const { rows: missing } = await store.db.query<{ designer_id: string; word: string }>(
        `SELECT s.designer_id, w AS word
           FROM designer_search s
           CROSS JOIN LATERAL unnest(s.role_tsvs || s.current_role_tsv) AS r
           CROSS JOIN LATERAL unnest(tsvector_to_array(r)) AS w
          WHERE NOT s.text_tsv @@ (quote_literal(w) || ':' || $1)::tsquery`,
        [DESIGNER_ROLE_WEIGHT],
      );
      expect(missing).toEqual([]);
      const { rows: roles } = await store.db.query<{ n: string }>(
        `SELECT sum(cardinality(role_tsvs))::text AS n FROM designer_search s JOIN designers d ON d.id = s.designer_id WHERE d.slug = 'word-limits'`,
      );
      expect(Number(roles[0]!.n)).toBe(51);
    },
  );

  it.skipIf(engine === 'postgres' && !services)(
    'no match outside the top scores above the bound, and a page the top settles is the page of all matches (fixed queries)',
    async () => {
      let settled = 0;
      for (const q of QUERIES) {
        const spec = await specOf(q);
        expect(spec.top, q).toBeDefined();
        const best = await bestOutsideTop(spec);
        if (best !== null) expect(best, q).toBeLessThanOrEqual(spec.top!.bound);
        for (const window of [
          { limit: 50, offset: 0 },
          { limit: 10, offset: 0 },
          { limit: 5, offset: 7 },
        ]) {
          const full = await rows(spec, window, false);
          const top = await rows(spec, window, true);
          if (!topOfRanking(top.map((r) => Number(r.sort_values[0])), window, spec.top!.bound)) continue;
          settled += 1;
          expect(top, `${q} ${JSON.stringify(window)}`).toEqual(full);
          // A cursor page (one row more, as the search reads it) after the page's third row.
          const after = { limit: 6, offset: 0, after: full[2]!.sort_values as PageWindow['after'] };
          const fullAfter = await rows(spec, after, false);
          const topAfter = await rows(spec, after, true);
          if (topOfRanking(topAfter.map((r) => Number(r.sort_values[0])), after, spec.top!.bound)) expect(topAfter).toEqual(fullAfter);
        }
      }
      // The misspelt query of the bench settles its first page from the top alone.
      const misspelt = await specOf('senor product desi');
      const page = await rows(misspelt, { limit: 20, offset: 0 }, true);
      expect(topOfRanking(page.map((r) => Number(r.sort_values[0])), { limit: 20 }, misspelt.top!.bound)).toBe(true);
      // Not vacuous: a fair share of these pages (8 of 27 on this directory) come from the top alone.
      expect(settled).toBeGreaterThanOrEqual(5);
    },
    120_000,
  );

  it.skipIf(engine === 'postgres' && !services)(
    'the same holds for queries made of the directory’s own words, misspelt, cut short, as initials or asking for past roles (property)',
    async () => {
      // Words of one designer's text (so they meet in records, often in one role), with one word of another's.
      const { rows: texts } = await store.db.query<{ words: string[] }>(
        `SELECT tsvector_to_array(text_tsv) AS words FROM designer_search ORDER BY designer_id LIMIT 400`,
      );
      const held = texts.map((t) => t.words.filter((w) => /^[a-z]{3,}$/.test(w)));
      const word = (words: string[]) =>
        fc.record({ term: fc.nat({ max: words.length - 1 }).map((i) => words[i]!), typo: fc.nat(), cut: fc.boolean(), initial: fc.nat({ max: 5 }) }).map(({ term, typo, cut, initial }) => {
          // Now and then an initial: one letter, a prefix of a name word where it is not the last word.
          if (initial === 0) return term[0]!;
          const misspelt = term.length >= 5 && typo % 3 === 0 ? term.slice(0, typo % term.length) + term.slice((typo % term.length) + 1) : term;
          return cut && misspelt.length > 4 ? misspelt.slice(0, misspelt.length - 2) : misspelt;
        });
      const query = fc
        .nat({ max: held.length - 1 })
        .chain((i) =>
          fc.record({
            own: fc.array(word(held[i]!), { minLength: 2, maxLength: 3 }),
            other: fc.option(word(held[(i + 1) % held.length]!)),
            former: fc.boolean(),
          }),
        )
        .map(({ own, other, former }) => `${former ? 'former ' : ''}${[...own, ...(other ? [other] : [])].join(' ')}`);
      let capped = 0;
      await fc.assert(
        fc.asyncProperty(query, fc.constantFrom(10, 50), async (q, limit) => {
          const spec = await specOf(q);
          if (!spec.top) return;
          const best = await bestOutsideTop(spec);
          if (best !== null) {
            capped += 1;
            expect(best).toBeLessThanOrEqual(spec.top.bound);
          }
          const window = { limit, offset: 0 };
          const top = await rows(spec, window, true);
          if (topOfRanking(top.map((r) => Number(r.sort_values[0])), window, spec.top.bound)) expect(top).toEqual(await rows(spec, window, false));
        }),
        fuzzParams,
      );
      // Random words seldom settle a page from the top alone; the bound is what this property is about, so
      // runs must have had matches outside the top to hold against it: about one in three do (19 to 29 of 60
      // over ten runs, 14 the fewest seen). An eighth leaves no room for chance: at 60 runs, 7.5 is nearly
      // four standard deviations below the 21 expected.
      expect(capped).toBeGreaterThanOrEqual(FUZZ_RUNS / 8);
    },
    Math.max(240_000, FUZZ_TIMEOUT_MS),
  );

  it.skipIf(engine === 'postgres' && !services)(
    'the search serves the page of all matches and walks them with cursors, each once',
    async () => {
      const search = new PostgresSearchRepository(store.db, { publicBaseUrl: 'https://d.example/', timeoutMs: 30_000 });
      for (const q of ['senor product desi', 'former product designer', 'lead prodct desig']) {
        const spec = await specOf(q);
        const first = await search.searchDesigners({ q }, { limit: 50, offset: 0 });
        expect(first.items.map((d) => d.id), q).toEqual((await rows(spec, { limit: 50, offset: 0 }, false)).map((r) => r.id));
        const seen: string[] = first.items.map((d) => d.id);
        let cursor = first.nextCursor;
        for (let pages = 0; cursor && pages < 200; pages++) {
          const next = await search.searchDesigners({ q }, { limit: 50, offset: 0, cursor });
          seen.push(...next.items.map((d) => d.id));
          cursor = next.nextCursor;
        }
        expect(new Set(seen).size, q).toBe(seen.length);
        expect(seen.length, q).toBe(first.total);
      }
    },
    240_000,
  );
});
