/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { PagerLinks } from './pager.ts';

export function Pager({ links }: { links: PagerLinks }) {
  if (!links.previous && !links.next) return null;
  return (
    <nav class="pager" aria-label="Pages">
      <ul>
        <li>{links.previous ? <a href={links.previous.href} rel="prev">← {links.previous.label}</a> : null}</li>
        <li>{links.next ? <a href={links.next.href} rel="next">{links.next.label} →</a> : null}</li>
      </ul>
    </nav>
  );
}
