import type { RequestHandler } from 'express';
import type { Config } from '../../../shared/config/config.schema.ts';

/**
 * DNS-rebinding protection as the MCP transport spec requires: the Host must name this service and a
 * browser's Origin must be one we trust. Requests without Origin (every non-browser client) pass.
 */

const LOCAL_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'];

function hostnameOf(entry: string): string {
  return new URL(entry.includes('://') ? entry : `http://${entry}`).hostname.toLowerCase();
}

/** MCP_ALLOWED_HOSTS when set; otherwise the public host and the loopback names. Hostnames, any port. */
export function allowedHostnames(config: Pick<Config, 'MCP_ALLOWED_HOSTS' | 'PUBLIC_BASE_URL'>): string[] {
  const hosts = config.MCP_ALLOWED_HOSTS.length
    ? config.MCP_ALLOWED_HOSTS.map(hostnameOf)
    : [hostnameOf(config.PUBLIC_BASE_URL), ...LOCAL_HOSTNAMES];
  return [...new Set(hosts)];
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

function effectivePort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/**
 * MCP_ALLOWED_ORIGINS when set ("*" allows any); otherwise the origin of PUBLIC_BASE_URL and
 * localhost / 127.0.0.1 / [::1] on the port this request arrived on.
 */
export function originValidation(config: Pick<Config, 'MCP_ALLOWED_ORIGINS' | 'PUBLIC_BASE_URL'>): RequestHandler {
  const configured = config.MCP_ALLOWED_ORIGINS;
  const anyOrigin = configured.includes('*');
  const allowed = new Set(
    (configured.length ? configured : [config.PUBLIC_BASE_URL]).map(originOf).filter((o): o is string => o !== null),
  );
  const useDefaults = configured.length === 0;

  return (req, res, next) => {
    const header = req.headers.origin;
    if (header === undefined || anyOrigin) {
      next();
      return;
    }
    const origin = originOf(header);
    if (origin !== null) {
      if (allowed.has(origin)) {
        next();
        return;
      }
      const url = new URL(origin);
      if (useDefaults && LOCAL_HOSTNAMES.includes(url.hostname) && effectivePort(url) === String(req.socket.localPort)) {
        next();
        return;
      }
    }
    res.status(403).json({
      jsonrpc: '2.0',
      error: { code: -32000, message: `Forbidden: Origin ${header} is not allowed to use this MCP server.` },
      id: null,
    });
  };
}
