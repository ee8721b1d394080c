import type { ErrorRequestHandler, RequestHandler, Router } from 'express';
import type { Config } from '../../../shared/config/config.schema.ts';
import type { Runtime } from '../../../shared/composition/runtime.factory.ts';
import type { DirectoryService } from '../../../shared/directory/directory-service.ts';
import type { Logger } from '../../../shared/logging/logger.ts';

export interface Mount {
  path: string;
  router: Router | RequestHandler;
  /**
   * Answers every error under the path, the traffic guard's refusals included (they happen before the
   * router); the API's JSON error middleware when absent.
   */
  errors?: ErrorRequestHandler;
  /**
   * What runs under the path before the traffic guard charges the request (errors go to `errors`): the MCP
   * endpoint reads its body there, so that a JSON-RPC batch is judged by its size before anything is charged.
   */
  beforeGuard?: RequestHandler[];
  /** How the API index (GET /api/v1/) names this mount, for one that clients of the API should find. */
  link?: { rel: string; title: string };
}

export interface MountContext {
  runtime: Runtime;
  config: Config;
  logger: Logger;
  directory: DirectoryService;
}
