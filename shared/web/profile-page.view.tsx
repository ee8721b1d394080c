/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { Designer } from '../domain/designer.schema.ts';
import type { Role } from '../domain/role.schema.ts';
import { categoryLabel } from './category-options.ts';
import { Avatar, Preview } from './designer-images.view.tsx';
import { pathWithQuery } from './site-urls.ts';
import { SimilarDesigners } from './similar-designers.view.tsx';

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

/** The roles newest first: the current one marked, then the previous ones in the order the record keeps. */
function RoleHistory({ designer }: { designer: Designer }) {
  const roles = [...(designer.current_role ? [{ role: designer.current_role, current: true }] : []), ...designer.previous_roles.map((role) => ({ role, current: false }))];
  if (!roles.length) return <p class="muted">No roles listed.</p>;
  return (
    <ol class="roles">
      {roles.map(({ role, current }, i) => (
        <li key={i} class={current ? 'current' : undefined}>
          <span class="role-title">{role.title}</span>
          <span>
            <Company role={role} />
          </span>
          <span class="muted">{current ? 'Current role' : 'Previous role'}</span>
        </li>
      ))}
    </ol>
  );
}

export function ProfilePage({ designer, backHref, similar = [] }: { designer: Designer; backHref: string; similar?: readonly Designer[] }) {
  const role = designer.current_role;
  return (
    <>
      <a class="back" href={backHref}>
        ← Back to search
      </a>
      <article class="profile" aria-labelledby="profile-name">
        <header class="profile-head">
          <Avatar slug={designer.slug} size={88} />
          <div>
            <h1 id="profile-name">{designer.name}</h1>
            <p class="role">{role ? `${role.title} at ${role.company}` : 'Freelance'}</p>
            <p class="meta-line">
              <a class="tag" href={pathWithQuery('/', { category: designer.category })}>
                {categoryLabel(designer.category)}
              </a>
              {designer.location ? <span>{designer.location}</span> : null}
              <a href={designer.website} rel="me noopener">
                {displayHost(designer.website)}
              </a>
            </p>
          </div>
        </header>
        <figure class="profile-preview">
          <Preview designer={designer} className="preview" width={960} height={720} alt={`Portfolio preview of ${designer.name}`} />
        </figure>
        <div class="profile-text">
          <h2>About</h2>
          <p class="lead">{designer.description || 'No description yet.'}</p>
          <h2>Roles</h2>
          <RoleHistory designer={designer} />
        </div>
      </article>
      <SimilarDesigners designers={similar} />
    </>
  );
}
