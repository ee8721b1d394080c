/** @jsxRuntime automatic */
/** @jsxImportSource preact */
// Every .tsx file names its JSX runtime itself: the API image runs tsx without a tsconfig.json.
import type { ComponentChildren } from 'preact';
import { render } from 'preact-render-to-string';
import { Layout, type NavSection, type PageHead } from './page-layout.view.tsx';

export const SITE_NAME = 'Designer Directory';

export interface PageShell {
  stylesheet: string;
  /** The pages' one, optional script (image fallback); absent, the pages work the same. */
  script?: string;
}

/** A complete HTML document; preact-render-to-string escapes every text and attribute value. */
export function renderPage(
  shell: PageShell,
  page: { head: PageHead; section: NavSection; body: ComponentChildren; tail?: ComponentChildren },
): string {
  return `<!doctype html>${render(
    <Layout head={page.head} section={page.section} stylesheet={shell.stylesheet} script={shell.script} siteName={SITE_NAME} tail={page.tail}>
      {page.body}
    </Layout>,
  )}`;
}
