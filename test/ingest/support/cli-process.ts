import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Config } from '../../../shared/config/config.schema.ts';
import { pipelineEnv } from './worker-process.ts';

const run = promisify(execFile);

export interface CliOutcome {
  stdout: string;
  stderr: string;
  code: number;
}

/** Runs the curator CLI from its sources against this configuration's services; env overrides come last. */
export async function runCli(config: Config, args: string[], env: Record<string, string> = {}): Promise<CliOutcome> {
  const childEnv = { ...pipelineEnv(config), LOG_LEVEL: 'warn', ...env };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'services/cli/main.ts', ...args], { env: childEnv, timeout: 120_000 });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const e = error as CliOutcome;
    return { stdout: e.stdout, stderr: e.stderr, code: e.code };
  }
}
