import { createElasticsearchBackend } from '../../shared/composition/search-backend.factory.ts';
import { loadConfig } from '../../shared/config/config.schema.ts';
import { createLogger } from '../../shared/logging/logger.ts';
import { createApp } from './app.ts';

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL, 'api');
const backend = createElasticsearchBackend(config);
await backend.prepare();

const { app } = createApp({ search: backend.search, config, logger });
const server = app.listen(config.PORT, config.HOST, () => {
  const base = config.PUBLIC_BASE_URL.replace(/\/+$/, '');
  logger.info({ port: config.PORT }, 'api listening');
  process.stderr.write(
    `\nDesigner Directory is up:\n  ${base}/api/v1/designers\n  ${base}/api/v1/open-roles\n  ${base}/api/v1/openapi.json\n  ${base}/api/mcp (MCP)\n\n`,
  );
});

function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  server.close(() => {
    void backend.close().finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
