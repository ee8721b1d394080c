/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { jsonForScript } from './person-json-ld.ts';

export type NavSection = 'designers' | 'open-roles' | 'docs' | null;

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of this page's canonical address. */
  canonical: string;
  ogType?: 'website' | 'profile';
  image?: string;
  jsonLd?: Record<string, unknown>;
  /** Error pages must not be indexed. */
  noindex?: boolean;
}

export interface LayoutProps {
  head: PageHead;
  section: NavSection;
  stylesheet: string;
  /** A same-origin script at the end of body (the image fallback). */
  script?: string | undefined;
  siteName: string;
  children: ComponentChildren;
  /** Extra elements at the end of body (the API reference script on /docs). */
  tail?: ComponentChildren;
}

const NAV: { section: Exclude<NavSection, null>; href: string; label: string }[] = [
  { section: 'designers', href: '/', label: 'Designers' },
  { section: 'open-roles', href: '/open-roles', label: 'Open roles' },
  { section: 'docs', href: '/docs', label: 'API & MCP' },
];

export function Layout({ head, section, stylesheet, script, siteName, children, tail }: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        {head.noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={head.canonical} />}
        <meta property="og:site_name" content={siteName} />
        <meta property="og:type" content={head.ogType ?? 'website'} />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        <meta property="og:url" content={head.canonical} />
        {head.image ? <meta property="og:image" content={head.image} /> : null}
        <meta name="twitter:card" content={head.image ? 'summary_large_image' : 'summary'} />
        {/* No favicon file: an empty data: icon saves every page a 404 request. */}
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href={stylesheet} />
        {head.jsonLd ? (
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(head.jsonLd) }} />
        ) : null}
      </head>
      <body>
        <a class="skip-link" href="#main">
          Skip to content
        </a>
        <header class="site-header">
          <div class="wrap">
            <a class="brand" href="/">
              {siteName}
            </a>
            <nav class="site-nav" aria-label="Main">
              <ul>
                {NAV.map((item) => (
                  <li key={item.href}>
                    <a href={item.href} aria-current={item.section === section ? 'page' : undefined}>
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </header>
        <main id="main" class="wrap">
          {children}
        </main>
        <footer class="site-footer">
          <div class="wrap">
            <ul>
              <li>
                <a href="/api/v1/openapi.json">OpenAPI document</a>
              </li>
              <li>
                <a href="/llms.txt">llms.txt</a>
              </li>
              <li>
                <a href="/sitemap.xml">Sitemap</a>
              </li>
            </ul>
          </div>
        </footer>
        {script ? <script src={script} /> : null}
        {tail}
      </body>
    </html>
  );
}
