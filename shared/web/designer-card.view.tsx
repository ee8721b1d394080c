/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { Designer } from '../domain/designer.schema.ts';
import { categoryLabel } from './category-options.ts';
import { Avatar, Preview } from './designer-images.view.tsx';
import type { DesignerHit, DesignerMatch, MatchFragment } from '../domain/designer-facets.schema.ts';

/** A fragment with its matched words in <mark>, built from the offsets (never from HTML). */
export function Marked({ text, offsets }: Pick<MatchFragment, 'text' | 'offsets'>) {
  const parts = [];
  let at = 0;
  for (const [start, end] of [...offsets].sort((a, b) => a[0] - b[0])) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

/** The fragment the card shows under the role: the description's match, else the description. */
function Summary({ designer, match }: { designer: Designer; match: DesignerMatch | undefined }) {
  const fragment = match?.fields.find((f) => f.field === 'description');
  return <p class="desc">{fragment ? <Marked text={fragment.text} offsets={fragment.offsets} /> : designer.description}</p>;
}

function RoleLine({ designer, match }: { designer: Designer; match: DesignerMatch | undefined }) {
  const role = designer.current_role;
  if (!role) return <p class="role muted">Freelance</p>;
  const title = match?.fields.find((f) => f.field === 'title' && (f.role?.current ?? true));
  const company = match?.fields.find((f) => f.field === 'company' && (f.role?.current ?? true));
  return (
    <p class="role">
      {title ? <Marked text={title.text} offsets={title.offsets} /> : role.title} at{' '}
      {company ? <Marked text={company.text} offsets={company.offsets} /> : role.company}
    </p>
  );
}

export function DesignerCard({ designer }: { designer: DesignerHit }) {
  const match = designer.match;
  const name = match?.fields.find((f) => f.field === 'name');
  const place = match?.fields.find((f) => f.field === 'location');
  return (
    <li class="card designer-card">
      <div class="card-main">
        <div class="card-head">
          <Avatar slug={designer.slug} size={44} />
          <div>
            <h3>
              <a href={`/designer/${designer.slug}`}>{name ? <Marked text={name.text} offsets={name.offsets} /> : designer.name}</a>
            </h3>
            <RoleLine designer={designer} match={match} />
          </div>
        </div>
        <p class="meta-line">
          <span class="tag">{categoryLabel(designer.category)}</span>
          {designer.location ? <span>{place ? <Marked text={place.text} offsets={place.offsets} /> : designer.location}</span> : null}
        </p>
        {match?.reason ? <p class="why">Matched: {match.reason}</p> : null}
        <Summary designer={designer} match={match} />
      </div>
      <Preview designer={designer} className="thumb" width={128} height={96} alt="" lazy />
    </li>
  );
}
