/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { PagerLinks } from './pager.ts';

/** One compact row: previous, the range shown, next. */
export function Pager({ links }: { links: PagerLinks }) {
  if (!links.previous && !links.next) return null;
  return (
    <nav class="pager" aria-label="Pages">
      {links.previous ? (
        <a href={links.previous.href} rel="prev">
          ← {links.previous.label}
        </a>
      ) : (
        <span />
      )}
      <span class="muted">
        {links.from}–{links.to}
      </span>
      {links.next ? (
        <a href={links.next.href} rel="next">
          {links.next.label} →
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
