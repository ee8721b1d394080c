import { createRuntime } from '../../shared/composition/runtime.factory.ts';
import { loadConfig } from '../../shared/config/config.schema.ts';
import { listenOn } from '../../shared/composition/http-listen.ts';
import { startOrExit } from '../../shared/composition/startup-failure.ts';
import { createLogger } from '../../shared/logging/logger.ts';
import { adminMounts, closeAdminMounts } from './admin/admin.mount.ts';
import { createApp } from './app.ts';
import { fillStoreInChildProcess } from './fill-store.ts';
import { mcpMounts } from './mcp/mcp.mount.ts';
import type { Mount } from './mount/mount.ts';

const { config, logger, runtime } = await startOrExit(async () => {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'api');
  return { config, logger, runtime: await createRuntime(config, logger, { fillNewStore: fillStoreInChildProcess }) };
});

let admin: Mount[] = [];
const { app, close: closeApp } = createApp({
  search: runtime.search,
  ...(runtime.synonyms ? { synonyms: runtime.synonyms } : {}),
  config,
  logger,
  mounts: (directory): Mount[] => {
    const ctx = { runtime, config, logger, directory };
    admin = adminMounts(ctx);
    return [...mcpMounts(ctx), ...admin];
  },
});

const server = await startOrExit(() =>
  listenOn(app, config.PORT, config.HOST, 'PORT', { keepAliveTimeoutMs: config.KEEP_ALIVE_TIMEOUT_SECONDS * 1000 }),
);
const base = config.PUBLIC_BASE_URL.replace(/\/+$/, '');
logger.info({ port: config.PORT, search: config.SEARCH_BACKEND }, 'api listening');
process.stderr.write(
  `\nDesigner Directory is up (search: ${config.SEARCH_BACKEND}). Open ${base}/ in a browser, or try:\n` +
    `  curl '${base}/api/v1/designers?category=brand&location=US&limit=3'\n` +
    `  curl '${base}/api/v1/open-roles?remote=true&limit=3'\n` +
    `  ${base}/api/v1/openapi.json\n` +
    `  MCP (Streamable HTTP): ${base}/api/mcp\n\n`,
);

function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  server.close(() => {
    void closeAdminMounts(admin)
      .then(() => closeApp())
      .then(() => runtime.close())
      .finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
