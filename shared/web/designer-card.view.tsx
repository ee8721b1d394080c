/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { Designer } from '../domain/designer.schema.ts';
import { categoryLabel } from './category-options.ts';

export function DesignerCard({ designer }: { designer: Designer }) {
  const role = designer.current_role;
  return (
    <li class="card">
      <h3>
        <a href={`/designer/${designer.slug}`}>{designer.name}</a>
      </h3>
      <p class="meta-line">
        <span class="tag">{categoryLabel(designer.category)}</span>
        {designer.location ? <span>{designer.location}</span> : null}
      </p>
      {role ? (
        <p>
          {role.title} at {role.company}
        </p>
      ) : null}
      <p class="desc">{designer.description}</p>
    </li>
  );
}
