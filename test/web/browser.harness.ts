import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo, type Server } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../services/api/app.ts';
import { createRuntime, type Runtime } from '../../shared/composition/runtime.factory.ts';
import { loadConfig } from '../../shared/config/config.schema.ts';
import { createLogger } from '../../shared/logging/logger.ts';

/** Debian's chromium package (installed by .ci/run), driven by playwright-core without a bundled browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Null when the browser can run; else why not. In CI a missing browser fails the suite instead. */
export function chromiumUnavailable(): string | null {
  if (existsSync(CHROMIUM_PATH)) return null;
  const reason = `${CHROMIUM_PATH} is missing (apt-get install -y chromium)`;
  if (process.env.CI === 'true' || process.env.REQUIRE_SERVICES === '1') throw new Error(`Browser tests are required: ${reason}`);
  console.warn(`[skip] browser tests: ${reason}`);
  return reason;
}

async function freePort(): Promise<number> {
  const probe: Server = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * What `npm start` serves on a fresh clone: the embedded store with the deterministic sample directory,
 * behind the real app on a real port, plus a headless Chromium.
 */
export class BrowserSite {
  private constructor(
    readonly baseUrl: string,
    readonly browser: Browser,
    private readonly server: HttpServer,
    private readonly runtime: Runtime,
    private readonly dataDir: string,
  ) {}

  static async start(): Promise<BrowserSite> {
    const dataDir = await mkdtemp(join(tmpdir(), 'dd-browser-'));
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const config = loadConfig({ DATA_DIR: dataDir, PORT: String(port), PUBLIC_BASE_URL: baseUrl, LOG_LEVEL: 'silent' });
    const logger = createLogger('silent', 'browser-test');
    const runtime = await createRuntime(config, logger);
    const { app } = createApp({ search: runtime.search, config, logger });
    const server = await new Promise<HttpServer>((resolve) => {
      const s = app.listen(port, '127.0.0.1', () => resolve(s));
    });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    return new BrowserSite(baseUrl, browser, server, runtime, dataDir);
  }

  async api<T>(path: string): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`);
    return (await response.json()) as T;
  }

  async close(): Promise<void> {
    await this.browser?.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await this.runtime.close();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

/** axe-core's browser build, injected as source (the page's CSP is bypassed for this context only). */
export async function runAxe(page: Page): Promise<{ id: string; impact: string | null; help: string; nodes: unknown[] }[]> {
  const require = createRequire(import.meta.url);
  const source = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: source });
  return page.evaluate(async () => {
    // Runs in the page: the test's tsconfig has no DOM types, so the globals are described here.
    const page = globalThis as unknown as {
      document: unknown;
      axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: unknown[] }[] }> };
    };
    const result = await page.axe.run(page.document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => (n as { target: unknown }).target) }));
  });
}

export interface ImageState {
  src: string;
  naturalWidth: number;
}

/** Every image of the page loaded, lazy ones too: scrolled through, then each waited for. */
export async function loadedImages(page: Page): Promise<ImageState[]> {
  return page.evaluate(async () => {
    // Runs in the page: the test's tsconfig has no DOM types, so the globals are described here.
    const g = globalThis as unknown as {
      document: { images: ArrayLike<{ src: string; naturalWidth: number; complete: boolean; decode(): Promise<void> }>; documentElement: { scrollHeight: number } };
      scrollTo(x: number, y: number): void;
      innerHeight: number;
    };
    for (let y = 0; y < g.document.documentElement.scrollHeight; y += g.innerHeight) {
      g.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    g.scrollTo(0, 0);
    const images = Array.from(g.document.images);
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    return images.map((img) => ({ src: img.src, naturalWidth: img.naturalWidth }));
  });
}

/** Screenshots land here (git-ignored) for a person to look at; the suites do not compare them. */
export const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'test-artifacts', 'screenshots');

/** The embedded site and its browser, started before a suite's tests and closed after them. */
export function browserSite(): () => BrowserSite {
  let site: BrowserSite | undefined;
  beforeAll(async () => {
    site = await BrowserSite.start();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await site?.close();
  });
  return () => site!;
}
