/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { ParameterProblem } from '../domain/errors.ts';

export interface FieldProps {
  name: string;
  label: string;
  value: string | undefined;
  problems: ParameterProblem[];
  hint?: string;
}

const errorId = (name: string) => `${name}-error`;
const hintId = (name: string) => `${name}-hint`;

function describedBy(name: string, hint: string | undefined, problem: ParameterProblem | undefined) {
  const ids = [hint ? hintId(name) : null, problem ? errorId(name) : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function FieldMessages({ name, hint, problem }: { name: string; hint?: string | undefined; problem?: ParameterProblem | undefined }) {
  return (
    <>
      {hint ? (
        <span class="muted" id={hintId(name)}>
          {hint}
        </span>
      ) : null}
      {problem ? (
        <span class="field-error" id={errorId(name)}>
          {problem.message}
        </span>
      ) : null}
    </>
  );
}

export function TextField({ name, label, value, problems, hint, type = 'text', maxLength }: FieldProps & { type?: 'text' | 'search'; maxLength?: number }) {
  const problem = problems.find((p) => p.parameter === name);
  return (
    <div class="field">
      <label for={`f-${name}`}>{label}</label>
      <input
        id={`f-${name}`}
        name={name}
        type={type}
        value={value ?? ''}
        maxLength={maxLength}
        aria-invalid={problem ? 'true' : undefined}
        aria-describedby={describedBy(name, hint, problem)}
      />
      <FieldMessages name={name} hint={hint} problem={problem} />
    </div>
  );
}

export function SelectField({ name, label, value, problems, hint, options }: FieldProps & { options: { value: string; label: string }[] }) {
  const problem = problems.find((p) => p.parameter === name);
  // An invalid value typed into the URL stays visible as its own option, next to its error.
  const known = value === undefined || value === '' || options.some((o) => o.value === value);
  return (
    <div class="field">
      <label for={`f-${name}`}>{label}</label>
      <select id={`f-${name}`} name={name} aria-invalid={problem ? 'true' : undefined} aria-describedby={describedBy(name, hint, problem)}>
        {options.map((o) => (
          <option key={o.value} value={o.value} selected={o.value === (value ?? '')}>
            {o.label}
          </option>
        ))}
        {known ? null : (
          <option value={value} selected>
            {value}
          </option>
        )}
      </select>
      <FieldMessages name={name} hint={hint} problem={problem} />
    </div>
  );
}

/** Problems with parameters that have no field of their own (unknown or repeated parameters, cursor, offset). */
export function ErrorSummary({ problems, fields }: { problems: ParameterProblem[]; fields: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <div class="error-summary" role="alert" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">This search could not run</h2>
      <ul>
        {problems.map((p) => (
          <li key={`${p.parameter}:${p.message}`}>
            {fields.includes(p.parameter) ? <a href={`#f-${p.parameter}`}>{p.parameter}</a> : <code>{p.parameter}</code>} {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The form's one button. */
export function SubmitActions({ label }: { label: string }) {
  return (
    <div class="actions">
      <button class="button" type="submit">
        {label}
      </button>
    </div>
  );
}
