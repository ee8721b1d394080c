/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { ParameterProblem } from '../domain/errors.ts';
import type { Page } from '../domain/pagination.ts';
import { CATEGORY_OPTIONS } from './category-options.ts';
import { DesignerCard } from './designer-card.view.tsx';
import { ErrorSummary, SelectField, SubmitActions, TextField } from './form-fields.view.tsx';
import type { PagerLinks } from './pager.ts';
import { ResultsSection } from './results-section.view.tsx';
import type { DesignerFacets, DesignerHit } from '../domain/designer-facets.schema.ts';
import { pathWithQuery } from './site-urls.ts';

export const DESIGNER_FORM_FIELDS = ['q', 'category', 'location', 'company'] as const;

export interface SearchPageProps {
  values: Record<string, string>;
  problems: ParameterProblem[];
  result: { page: Page<DesignerHit>; pager: PagerLinks; apiHref: string } | null;
  /** Counts per filter value over the whole result, when the search gave them. */
  facets?: DesignerFacets | undefined;
}

const FILTER_FIELDS = ['category', 'location', 'company'] as const;

/** One facet: each value a link that sets (or, when set, clears) its filter, with its count. */
function Facet({ title, field, buckets, values, label }: { title: string; field: (typeof FILTER_FIELDS)[number]; buckets: { value: string; count: number }[]; values: Record<string, string>; label?: (value: string) => string }) {
  if (!buckets.length) return null;
  const current = values[field]?.toLowerCase();
  const base = Object.fromEntries(DESIGNER_FORM_FIELDS.map((f) => [f, values[f]]));
  return (
    <div class="facet">
      <h3>{title}</h3>
      <ul>
        {buckets.map((b) => {
          const active = current === b.value.toLowerCase();
          return (
            <li key={b.value}>
              <a href={pathWithQuery('/', { ...base, [field]: active ? undefined : b.value })} aria-current={active ? 'true' : undefined}>
                <span>{label ? label(b.value) : b.value}</span>
                <span class="count">{b.count.toLocaleString('en-US')}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** "GB" as "United Kingdom"; anything that is no region code as given. */
function countryName(code: string): string {
  try {
    return /^[A-Z]{2}$/.test(code) ? (REGION_NAMES.of(code) ?? code) : code;
  } catch {
    return code;
  }
}

function Facets({ facets, values }: { facets: DesignerFacets; values: Record<string, string> }) {
  const remote = facets.remote?.filter((b) => b.value === true).map((b) => ({ value: 'remote', count: b.count })) ?? [];
  return (
    <aside class="facets" aria-labelledby="facets-title">
      <h2 id="facets-title">Refine</h2>
      {/* Folded on a phone, where the counts come before the results; always shown beside them on a wide screen. */}
      <details class="refine">
        <summary>Refine by category, place, company</summary>
        <Facet title="Category" field="category" buckets={facets.category ?? []} values={values} label={(v) => CATEGORY_OPTIONS.find((o) => o.value === v)?.label.replace(/ \(.*\)$/, '') ?? v} />
        <Facet title="Place" field="location" buckets={[...remote.map((b) => ({ ...b, value: 'Remote' })), ...(facets.country ?? [])]} values={values} label={countryName} />
        <Facet title="Company" field="company" buckets={facets.company ?? []} values={values} />
      </details>
    </aside>
  );
}

const FILTER_LABELS: Record<string, string> = { q: 'the search words', category: 'the category', location: 'the location', company: 'the company' };

function EmptyState({ values }: { values: Record<string, string> }) {
  const active = DESIGNER_FORM_FIELDS.filter((f) => values[f]);
  return (
    <div class="empty">
      <p>
        <strong>No designers match this search.</strong>
      </p>
      {active.length ? (
        <>
          <p>Try a broader search:</p>
          <ul>
            {active.map((field) => {
              const rest = Object.fromEntries(DESIGNER_FORM_FIELDS.filter((f) => f !== field).map((f) => [f, values[f]]));
              return (
                <li key={field}>
                  <a href={pathWithQuery('/', rest)}>search without {FILTER_LABELS[field]}</a>
                </li>
              );
            })}
            <li>check the spelling of names, or use a word prefix such as “Ber” for Berlin</li>
          </ul>
        </>
      ) : (
        <p>The directory is empty for now.</p>
      )}
    </div>
  );
}

export function SearchPage({ values, problems, result, facets }: SearchPageProps) {
  const active = FILTER_FIELDS.filter((f) => values[f]).length;
  // Closed on a phone even with filters set (the summary counts them), so the results come first; open
  // when a filter is wrong, so its message is in view.
  const open = problems.some((p) => (FILTER_FIELDS as readonly string[]).includes(p.parameter));
  return (
    <>
      <h1>Find a designer</h1>
      <p class="lead">Curated designers by name, specialty, place and company. Every search here is also a JSON API call.</p>
      <ErrorSummary problems={problems.filter((p) => !(DESIGNER_FORM_FIELDS as readonly string[]).includes(p.parameter))} fields={DESIGNER_FORM_FIELDS} />
      <form class="search-form" method="get" action="/" role="search" aria-label="Designers" data-suggest="/api/v1/suggest">
        <div class="search-row">
          <TextField name="q" type="search" label="Name or keywords" value={values.q} problems={problems} maxLength={200} />
          <SubmitActions label="Search" />
        </div>
        <details class="filters" open={open}>
          <summary>
            Filters{active ? <span class="count"> ({active} set)</span> : null}
          </summary>
          <div class="filter-fields">
            <SelectField name="category" label="Category" value={values.category} problems={problems} options={CATEGORY_OPTIONS} />
            <TextField name="location" label="Location" value={values.location} problems={problems} hint="A city, country, region (“Europe”) or “remote”" />
            <TextField name="company" label="Company" value={values.company} problems={problems} hint="Current or previous" />
          </div>
        </details>
      </form>
      <div class={facets ? 'directory with-facets' : 'directory'}>
        <ResultsSection result={result} noun={['designer', 'designers']} showRange empty={<EmptyState values={values} />} card={(d) => <DesignerCard key={d.id} designer={d} />} />
        {facets && result ? <Facets facets={facets} values={values} /> : null}
      </div>
    </>
  );
}
