/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import { h } from 'preact';
import type { SiteUrls } from './site-urls.ts';

const TOOLS: { name: string; summary: string }[] = [
  { name: 'search_designers', summary: 'q, category, location, company, limit (default 10, at most 50), offset or cursor' },
  { name: 'get_designer', summary: 'one designer by slug or id' },
  { name: 'list_open_roles', summary: 'q, category, location, company, remote, employment_type, limit, offset, cursor' },
];

/** How to use the API and connect an MCP client, then the reference rendered from the served OpenAPI document. */
export function DocsPage({ urls }: { urls: SiteUrls }) {
  const mcpUrl = urls.absolute('/api/mcp');
  const desktopConfig = JSON.stringify(
    {
      mcpServers: {
        'designer-directory': {
          // Through npm, which puts the checkout's own Node first: the client's Node may be older (docs/mcp.md).
          command: 'npm',
          args: ['--prefix', '/path/to/designer-directory', 'run', '-s', 'mcp:stdio'],
          env: { DIRECTORY_API_URL: urls.base },
        },
      },
    },
    null,
    2,
  );
  return (
    <>
      <div class="docs-section">
        <h1>API and MCP</h1>
        <p class="lead">
          A public, read-only JSON API under <code>{urls.absolute('/api/v1')}</code> and MCP tools for AI agents. No authentication.
        </p>
        <h2 id="rest">REST</h2>
        <pre>
          <code>{`curl '${urls.absolute('/api/v1/designers?category=brand&location=US&limit=3')}'\ncurl '${urls.absolute('/api/v1/designers/')}<slug>'\ncurl '${urls.absolute('/api/v1/open-roles?remote=true&limit=3')}'`}</code>
        </pre>
        <p>
          The <a href="/api/v1/openapi.json">OpenAPI 3.1 document</a> describes every parameter; the reference below is rendered from it.
        </p>
        <h2 id="mcp">Connect an MCP client</h2>
        <p>
          Hosted server (Streamable HTTP, stateless, no authentication): <code>{mcpUrl}</code>. In Claude: Settings → Connectors → Add
          custom connector, and paste that URL; in other clients, add it as a “Streamable HTTP” remote server.
        </p>
        <pre>
          <code>{`npx @modelcontextprotocol/inspector --cli ${mcpUrl} --transport http --method tools/list`}</code>
        </pre>
        <p>
          Desktop clients can run the local stdio server from a checkout instead, pointed at this directory (in{' '}
          <code>claude_desktop_config.json</code> or another client’s <code>mcpServers</code> file):
        </p>
        <pre>
          <code>{desktopConfig}</code>
        </pre>
        <h3>Tools</h3>
        <ul>
          {TOOLS.map((t) => (
            <li key={t.name}>
              <code>{t.name}</code>: {t.summary}
            </li>
          ))}
        </ul>
      </div>
      <section class="api-reference" aria-label="API reference">
        {/* Redoc's standalone bundle renders every <redoc spec-url> element it finds: no inline script needed. */}
        {h('redoc', { 'spec-url': '/api/v1/openapi.json' })}
        <noscript>
          <p>
            The interactive reference needs JavaScript; read the <a href="/api/v1/openapi.json">OpenAPI document</a> directly.
          </p>
        </noscript>
      </section>
    </>
  );
}
