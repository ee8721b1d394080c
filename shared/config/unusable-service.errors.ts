/**
 * A configured service the process could not use when it started (Postgres refused the connection, the
 * database does not exist, Redis did not answer, the embedded store's directory is not usable). The
 * operator fixes it in the environment, so the message names the setting and where it points (never a
 * password), and the entry point prints it instead of a stack trace.
 */
export class UnusableServiceError extends Error {
  constructor(what: string, setting: string, cause: unknown) {
    super(`Cannot use ${what} (${setting}): ${reasonOf(cause)}`, { cause });
    this.name = 'UnusableServiceError';
  }
}

/**
 * A service a command was using stopped answering before the command finished (a restart, a failover, a
 * network cut). Like UnusableServiceError, the operator acts on it, so it is a message, not a stack trace.
 */
export class ServiceLostError extends Error {
  constructor(what: string, setting: string, cause: unknown, consequence: string) {
    super(`Lost ${what} (${setting}) before the command finished: ${reasonOf(cause)}. ${consequence}`, { cause });
    this.name = 'ServiceLostError';
  }
}

/** A command that needs services the configuration does not name (the ingest pipeline has no embedded fallback). */
export class MissingServiceError extends Error {
  constructor(names: string[], what: string) {
    super(`${what} needs ${names.join(', ')} to be set`);
    this.name = 'MissingServiceError';
  }
}

/** A service's URL as the message shows it: host, port and path, no credentials or query. */
export function serviceAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'an address that is not a URL';
  }
}

/**
 * Runs what first uses a service; any failure becomes an UnusableServiceError naming it. Only for the
 * start of a process or command: later failures are retried or answered by the code that meets them.
 */
export async function usingService<T>(what: string, setting: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UnusableServiceError) throw error;
    throw new UnusableServiceError(what, setting, error);
  }
}

function reasonOf(cause: unknown): string {
  if (cause instanceof Error && (cause.name === 'AbortError' || cause.name === 'TimeoutError')) return 'no answer in time';
  // Node tries every address of a name (localhost: ::1, then 127.0.0.1) and reports them together.
  if (cause instanceof AggregateError && cause.errors.length > 0 && !cause.message) {
    return [...new Set(cause.errors.map((e: unknown) => reasonOf(e)))].join('; ');
  }
  if (cause instanceof Error) return cause.message.split('\n')[0] || cause.name;
  return String(cause);
}

/** How messages name the Postgres server at a URL. */
export const postgresService = (url: string) => `Postgres at ${serviceAddress(url)}`;
export const redisService = (url: string) => `Redis at ${serviceAddress(url)}`;
/** A node pool (ELASTICSEARCH_URL as a list) is named by every node's address. */
export const elasticsearchService = (url: string | readonly string[]) => `Elasticsearch at ${(typeof url === 'string' ? [url] : url).map(serviceAddress).join(', ')}`;
export const usingPostgres = <T>(url: string, work: () => Promise<T>) => usingService(postgresService(url), 'DATABASE_URL', work);
export const usingRedis = <T>(url: string, work: () => Promise<T>) => usingService(redisService(url), 'REDIS_URL', work);
export const usingElasticsearch = <T>(url: string | readonly string[], work: () => Promise<T>) => usingService(elasticsearchService(url), 'ELASTICSEARCH_URL', work);
