import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `designer-directory <args>` in a process of its own, as a curator runs it: none of this process's store or
 * service settings, only `env`'s, so each test says which store the command opens. Never throws on exit 1.
 */
export async function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  const clean = { ...process.env };
  for (const key of ['DATABASE_URL', 'ELASTICSEARCH_URL', 'REDIS_URL', 'SEARCH_BACKEND', 'DATA_DIR']) delete clean[key];
  try {
    const { stdout, stderr } = await run(process.execPath, ['bin/designer-directory.mjs', ...args], {
      env: { ...clean, LOG_LEVEL: 'warn', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}
