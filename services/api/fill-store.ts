import { spawn } from 'node:child_process';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../../shared/logging/logger.ts';

// Built code runs as .js next to a .js entry; the sources run as .ts (tsx, node's type stripping).
const ENTRY = fileURLToPath(new URL(`./fill-store-main${extname(fileURLToPath(import.meta.url))}`, import.meta.url));

/**
 * Makes and fills a new embedded store in a child process (fill-store-main.ts), as createRuntime's
 * fillNewStore. Why a process: making the database and loading the sample directory grow the memory of
 * whatever does them, and none of it comes back while that runs: the engine's WebAssembly memory, the
 * malloc arena its thread used, the sample generator's modules. Done in the API's own process, a first
 * start held 500 MiB, against about 255 for a restart on the same store; in a child, it all goes when the
 * child exits, for about a second more of start-up. The child runs with this process's node flags and
 * environment. When it fails, this resolves all the same: the API then opens the store itself, and says
 * why if it cannot.
 */
export async function fillStoreInChildProcess(logger: Logger): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, ENTRY], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const code = await new Promise<number | null>((resolve) => {
    child.once('error', () => resolve(null));
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code === 0) {
    logger.info({ loaded: lastJsonLine(stdout) }, 'made the embedded store in a child process');
    return;
  }
  logger.warn({ code, stderr: stderr.trim() }, 'the child process making the embedded store failed; making it in this process');
}

/** What the child reported: its last line as JSON, or the text itself when a dependency printed something else. */
export function lastJsonLine(stdout: string): unknown {
  const last = stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(last) as unknown;
  } catch {
    return last;
  }
}
