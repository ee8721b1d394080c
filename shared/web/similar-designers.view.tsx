/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { Designer } from '../domain/designer.schema.ts';
import { DesignerCard } from './designer-card.view.tsx';

/** The profile's "Similar designers": a plain list of cards, left out when there are none. */
export function SimilarDesigners({ designers }: { designers: readonly Designer[] }) {
  if (designers.length === 0) return null;
  return (
    <section class="similar" aria-labelledby="similar-title">
      <h2 id="similar-title">Similar designers</h2>
      <ul class="cards">
        {designers.map((d) => (
          <DesignerCard key={d.id} designer={d} />
        ))}
      </ul>
    </section>
  );
}
