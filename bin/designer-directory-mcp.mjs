#!/usr/bin/env node
// Runs the local MCP server (stdio) through tsx, so the package needs no build step. tsx writes
// nothing to stdout, which carries protocol messages only.
import './require-node.mjs';
import { register } from 'tsx/esm/api';

register();
await import('../services/mcp-stdio/main.ts');
