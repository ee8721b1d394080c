import { ConfigError } from '../config/config.schema.ts';
import { MissingServiceError, ServiceLostError, UnusableServiceError } from '../config/unusable-service.errors.ts';

/**
 * The message of a failure the operator fixes in the environment (a bad setting, a missing or unusable
 * service, a service lost during a command), or null for anything else, which stays a crash with its
 * stack trace.
 */
export function startupFailureMessage(error: unknown): string | null {
  if (error instanceof ConfigError || error instanceof UnusableServiceError || error instanceof ServiceLostError) return error.message;
  if (error instanceof MissingServiceError) return `${error.message}.`;
  return null;
}

/**
 * Runs an entry point's start-up. A failure the operator fixes in the environment is printed as its
 * message alone, on stderr, and the process exits with code 1; anything else is thrown on.
 */
export async function startOrExit<T>(start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    const message = startupFailureMessage(error);
    if (message === null) throw error;
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
}
