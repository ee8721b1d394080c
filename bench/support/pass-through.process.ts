import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort, stopChild } from './api-process.ts';

export interface PassThroughProcess {
  proc: ChildProcess;
  /** POST a search body here: it reaches `target` unchanged. */
  url: string;
  stop(): Promise<void>;
}

/** Starts pass-through.main.ts in its own process, forwarding to `target` (an Elasticsearch _search URL). */
export async function startPassThroughProcess(target: string): Promise<PassThroughProcess> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./pass-through.main.ts', import.meta.url))], {
    env: { ...process.env, PASS_THROUGH_TARGET: target, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/`;
  // Any answer means it listens; whether Elasticsearch has the target index is its own business.
  for (let tries = 0; !(await fetch(url, { method: 'POST', body: '{"size":0}' }).then(() => true, () => false)); tries += 1) {
    if (proc.exitCode !== null || tries > 200) throw new Error('the pass-through process did not start');
    await sleep(100);
  }
  return {
    proc,
    url,
    stop: () => stopChild(proc),
  };
}
