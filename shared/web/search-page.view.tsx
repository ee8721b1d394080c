/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { Designer } from '../domain/designer.schema.ts';
import type { ParameterProblem } from '../domain/errors.ts';
import type { Page } from '../domain/pagination.ts';
import { CATEGORY_OPTIONS } from './category-options.ts';
import { DesignerCard } from './designer-card.view.tsx';
import { ErrorSummary, SelectField, SubmitActions, TextField } from './form-fields.view.tsx';
import type { PagerLinks } from './pager.ts';
import { ResultsSection } from './results-section.view.tsx';
import { pathWithQuery } from './site-urls.ts';

export const DESIGNER_FORM_FIELDS = ['q', 'category', 'location', 'company'] as const;

export interface SearchPageProps {
  values: Record<string, string>;
  problems: ParameterProblem[];
  result: { page: Page<Designer>; pager: PagerLinks; apiHref: string } | null;
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

export function SearchPage({ values, problems, result }: SearchPageProps) {
  return (
    <>
      <h1>Find a designer</h1>
      <p class="lead">Curated designers by name, specialty, place and company. Every search here is also a JSON API call.</p>
      <ErrorSummary problems={problems.filter((p) => !(DESIGNER_FORM_FIELDS as readonly string[]).includes(p.parameter))} fields={DESIGNER_FORM_FIELDS} />
      <form class="search-form" method="get" action="/" role="search" aria-label="Designers">
        <TextField name="q" type="search" label="Name or keywords" value={values.q} problems={problems} maxLength={200} />
        <SelectField name="category" label="Category" value={values.category} problems={problems} options={CATEGORY_OPTIONS} />
        <TextField name="location" label="Location" value={values.location} problems={problems} hint="A city, country, region (“Europe”) or “remote”" />
        <TextField name="company" label="Company" value={values.company} problems={problems} hint="Current or previous" />
        <SubmitActions label="Search" />
      </form>
      <ResultsSection result={result} noun={['designer', 'designers']} showRange empty={<EmptyState values={values} />} card={(d) => <DesignerCard key={d.id} designer={d} />} />
    </>
  );
}
