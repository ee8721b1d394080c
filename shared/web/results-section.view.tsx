/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { JSX } from 'preact';
import type { Page } from '../domain/pagination.ts';
import type { PagerLinks } from './pager.ts';
import { Pager } from './pager.view.tsx';

export interface ResultsSectionProps<T> {
  /** Null before a search: nothing is shown. */
  result: { page: Page<T>; pager: PagerLinks; apiHref: string } | null;
  /** What the results are, singular and plural: "designer", "designers". */
  noun: [string, string];
  /** Say which results of the total this page shows. */
  showRange?: boolean;
  card: (item: T) => JSX.Element;
  /** Shown when nothing matches. */
  empty: JSX.Element;
}

/** A page of search results: the count, a link to the same page as JSON, the cards and the pager. */
export function ResultsSection<T>({ result, noun, showRange, card, empty }: ResultsSectionProps<T>) {
  if (!result) return null;
  const { page, pager } = result;
  return (
    <section aria-labelledby="results-title">
      <div class="results-head">
        <h2 id="results-title">{page.total === 1 ? `1 ${noun[0]}` : `${page.total.toLocaleString('en-US')} ${noun[1]}`}</h2>
        <p class="muted">
          {showRange && page.items.length ? `Showing ${pager.from}–${pager.to}. ` : null}
          <a href={result.apiHref}>This page as JSON</a>
        </p>
      </div>
      {page.items.length ? <ul class="cards">{page.items.map(card)}</ul> : page.total === 0 ? empty : null}
      <Pager links={pager} />
    </section>
  );
}
