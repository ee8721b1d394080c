import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * Where the CPU of a read goes, per process (Linux /proc): throughput ratios on two shared cores move with
 * whatever else runs, the CPU a request costs each process much less.
 */

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU a process has used, in ms; null when it is gone or /proc is not there. */
export function cpuMs(pid: number): number | null {
  try {
    // Fields after the command name, which may itself hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The local Elasticsearch server's pid, when one runs on this machine and its URL is a loopback one. */
export function localElasticsearchPid(url: string): number | null {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) return null;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('org.elasticsearch.bootstrap.Elasticsearch')) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

/** CPU ms per request of each named process over `work`, which returns how many requests it served. */
export async function cpuPerRequest<T extends { requests: number }>(
  pids: Record<string, number | null | undefined>,
  work: () => Promise<T>,
): Promise<{ result: T; perRequest: Record<string, number | null> }> {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, pid ? cpuMs(pid) : null]));
  const result = await work();
  const perRequest: Record<string, number | null> = {};
  for (const [name, pid] of Object.entries(pids)) {
    const start = before[name];
    const end = pid ? cpuMs(pid) : null;
    perRequest[name] = start !== null && start !== undefined && end !== null && result.requests > 0 ? (end - start) / result.requests : null;
  }
  return { result, perRequest };
}

/** The cores a process may run on, as taskset lists them ("0-1"), or undefined if taskset's answer is not understood. */
export function coresOf(pid: number): string | undefined {
  return /:\s*(\S+)\s*$/.exec(execFileSync('taskset', ['-c', '-p', String(pid)], { encoding: 'utf8' }))?.[1];
}

/**
 * Pins Elasticsearch (every thread) to the last core and the given processes to the others, as API replicas
 * on their own cores would run; returns the undo, which gives each process back the cores it had. Needs
 * taskset and at least two cores.
 */
export function ownCores(esPid: number, others: number[]): () => void {
  const cores = availableParallelism();
  if (cores < 2) throw new Error('--own-cores needs at least two cores');
  const pin = (pid: number, list: string) => execFileSync('taskset', ['-a', '-c', '-p', list, String(pid)], { stdio: 'ignore' });
  const before = new Map([esPid, ...others].map((pid) => [pid, coresOf(pid) ?? `0-${cores - 1}`]));
  pin(esPid, String(cores - 1));
  for (const pid of others) pin(pid, cores === 2 ? '0' : `0-${cores - 2}`);
  return () => {
    for (const [pid, list] of before) {
      try {
        pin(pid, list);
      } catch {
        // a process that has exited needs no undo
      }
    }
  };
}
