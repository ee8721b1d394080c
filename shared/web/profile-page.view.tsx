/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { Designer } from '../domain/designer.schema.ts';
import type { Role } from '../domain/role.schema.ts';
import { categoryLabel } from './category-options.ts';
import { pathWithQuery } from './site-urls.ts';

function Company({ role }: { role: Role }) {
  return role.company_url ? <a href={role.company_url}>{role.company}</a> : <>{role.company}</>;
}

/** Hostname of the portfolio for the link text; the URL itself when it does not parse. */
function displayHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function ProfilePage({ designer, backHref }: { designer: Designer; backHref: string }) {
  const role = designer.current_role;
  return (
    <>
      <a class="back" href={backHref}>
        ← Back to search
      </a>
      <article class="profile" aria-labelledby="profile-name">
        <div>
          <h1 id="profile-name">{designer.name}</h1>
          <p class="meta-line">
            <a class="tag" href={pathWithQuery('/', { category: designer.category })}>
              {categoryLabel(designer.category)}
            </a>
            {designer.location ? <span>{designer.location}</span> : null}
          </p>
          <p class="lead">{designer.description}</p>
          <dl>
            <dt>Current role</dt>
            <dd>
              {role ? (
                <>
                  {role.title} at <Company role={role} />
                </>
              ) : (
                'None listed'
              )}
            </dd>
            <dt>Portfolio</dt>
            <dd>
              <a href={designer.website} rel="me noopener">
                {displayHost(designer.website)}
              </a>
            </dd>
          </dl>
          <h2>Previous roles</h2>
          {designer.previous_roles.length ? (
            <ul class="roles">
              {designer.previous_roles.map((r, i) => (
                <li key={i}>
                  {r.title} at <Company role={r} />
                </li>
              ))}
            </ul>
          ) : (
            <p class="muted">None listed.</p>
          )}
        </div>
        <aside aria-label="Portfolio preview">
          <img
            class="preview"
            src={designer.portfolio_preview}
            alt={`Portfolio preview of ${designer.name}`}
            width={640}
            height={480}
            loading="lazy"
            decoding="async"
          />
        </aside>
      </article>
    </>
  );
}
