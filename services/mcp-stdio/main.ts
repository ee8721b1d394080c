import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Command, InvalidArgumentError, Option } from 'commander';
import { z } from 'zod';
import { createLogger } from '../../shared/logging/logger.ts';
import { createDirectoryMcpServer } from '../../shared/mcp/directory-mcp-server.ts';
import { apiRoot, createRestDirectoryClient } from '../../shared/mcp/rest-directory.adapter.ts';

/**
 * The local MCP server for desktop clients: the same tools as /api/mcp, over stdio, backed by the public
 * REST API. stdout carries protocol messages only; every log line goes to stderr.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const program = new Command()
  .name('designer-directory-mcp')
  .description('Designer Directory tools (search_designers, get_designer, list_open_roles) as a local MCP server over stdio')
  .addOption(
    new Option('--base-url <url>', 'base URL of the Designer Directory API')
      .env('DIRECTORY_API_URL')
      .default('http://localhost:3000')
      .argParser((value) => {
        const parsed = z.url({ protocol: /^https?$/ }).safeParse(value.trim());
        if (!parsed.success) throw new InvalidArgumentError(`must be an http(s) URL, got "${value}"`);
        return parsed.data;
      }),
  )
  .addOption(
    new Option('--timeout-ms <ms>', 'time limit for each API request')
      .env('DIRECTORY_API_TIMEOUT_MS')
      .default(10_000)
      .argParser((value) => {
        const parsed = z.coerce.number().int().positive().safeParse(value);
        if (!parsed.success) throw new InvalidArgumentError(`must be a positive integer, got "${value}"`);
        return parsed.data;
      }),
  )
  .addOption(new Option('--log-level <level>', 'log level (logs go to stderr)').env('LOG_LEVEL').choices(LOG_LEVELS).default('info'))
  .showHelpAfterError();

program.action(async (options: { baseUrl: string; timeoutMs: number; logLevel: string }) => {
  const logger = createLogger(options.logLevel, 'mcp-stdio');
  const directory = createRestDirectoryClient({ baseUrl: options.baseUrl, timeoutMs: options.timeoutMs });
  const server = createDirectoryMcpServer({ directory, logger });

  let closing = false;
  const shutdown = (reason: string) => {
    if (closing) return;
    closing = true;
    logger.info({ reason }, 'mcp stdio server stopping');
    void server.close().finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 2_000).unref();
  };
  // The client ends the session by closing our stdin.
  process.stdin.on('end', () => shutdown('stdin closed'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await server.connect(new StdioServerTransport());
  logger.info({ api: apiRoot(options.baseUrl) }, 'mcp stdio server ready');
});

await program.parseAsync();
