/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { ParameterProblem } from '../domain/errors.ts';
import { EMPLOYMENT_TYPES, type EmploymentType, type OpenRole } from '../domain/open-role.schema.ts';
import type { Page } from '../domain/pagination.ts';
import { CATEGORY_OPTIONS, categoryLabel } from './category-options.ts';
import { ErrorSummary, SelectField, SubmitActions, TextField } from './form-fields.view.tsx';
import type { PagerLinks } from './pager.ts';
import { ResultsSection } from './results-section.view.tsx';

export const OPEN_ROLE_FORM_FIELDS = ['q', 'category', 'location', 'company', 'remote', 'employment_type'] as const;

const EMPLOYMENT_LABELS: Record<EmploymentType, string> = {
  full_time: 'Full time',
  part_time: 'Part time',
  contract: 'Contract',
  freelance: 'Freelance',
  internship: 'Internship',
};

export interface OpenRolesPageProps {
  values: Record<string, string>;
  problems: ParameterProblem[];
  result: { page: Page<OpenRole>; pager: PagerLinks; apiHref: string } | null;
}

function RoleCard({ role }: { role: OpenRole }) {
  const posted = role.posted_at.slice(0, 10);
  return (
    <li class="card">
      <h3>
        <a href={role.apply_url} rel="noopener">
          {role.title}
        </a>
      </h3>
      <p>{role.company_url ? <a href={role.company_url}>{role.company}</a> : role.company}</p>
      <p class="meta-line">
        {role.placement === 'featured' ? <span class="tag featured">Featured</span> : null}
        <span class="tag">{categoryLabel(role.category)}</span>
        <span>{EMPLOYMENT_LABELS[role.employment_type]}</span>
        <span>{role.remote ? `Remote${role.location ? ` · ${role.location}` : ''}` : role.location}</span>
      </p>
      <p class="desc">{role.description}</p>
      <p class="muted">
        Posted <time dateTime={role.posted_at}>{posted}</time> ·{' '}
        <a href={role.apply_url} rel="noopener" aria-label={`Apply: ${role.title} at ${role.company}`}>
          Apply
        </a>
      </p>
    </li>
  );
}

export function OpenRolesPage({ values, problems, result }: OpenRolesPageProps) {
  return (
    <>
      <h1>Open design roles</h1>
      <p class="lead">Current listings, featured first. Each links to the employer’s application page.</p>
      <ErrorSummary problems={problems.filter((p) => !(OPEN_ROLE_FORM_FIELDS as readonly string[]).includes(p.parameter))} fields={OPEN_ROLE_FORM_FIELDS} />
      <form class="search-form" method="get" action="/open-roles" role="search" aria-label="Open roles">
        <TextField name="q" type="search" label="Keywords" value={values.q} problems={problems} maxLength={200} />
        <SelectField name="category" label="Category" value={values.category} problems={problems} options={CATEGORY_OPTIONS} />
        <TextField name="location" label="Location" value={values.location} problems={problems} />
        <TextField name="company" label="Company" value={values.company} problems={problems} />
        <SelectField
          name="remote"
          label="Remote"
          value={values.remote}
          problems={problems}
          options={[
            { value: '', label: 'Remote or on-site' },
            { value: 'true', label: 'Remote only' },
            { value: 'false', label: 'On-site only' },
          ]}
        />
        <SelectField
          name="employment_type"
          label="Employment type"
          value={values.employment_type}
          problems={problems}
          options={[{ value: '', label: 'Any type' }, ...EMPLOYMENT_TYPES.map((t) => ({ value: t, label: EMPLOYMENT_LABELS[t] }))]}
        />
        <SubmitActions label="Show roles" />
      </form>
      <ResultsSection result={result} noun={['open role', 'open roles']} empty={<NoRolesMatch />} card={(r) => <RoleCard key={r.id} role={r} />} />
    </>
  );
}

function NoRolesMatch() {
  return (
    <div class="empty">
      <p>
        <strong>No open roles match.</strong> Remove a filter, or <a href="/open-roles">see every open role</a>.
      </p>
    </div>
  );
}
