import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';
import { join, relative, resolve } from 'node:path';

/**
 * What one bench run measured, kept as data under bench/results/ so that history is files in git, not
 * prose: when, on which commit, on what machine, with which options, and the figures themselves.
 */
export interface BenchRecord {
  bench: string;
  date: string;
  commit: string | null;
  /** True when the working tree had changes the commit does not hold: the figures are of that tree. */
  uncommitted_changes: boolean | null;
  machine: Machine;
  options: Record<string, unknown>;
  figures: Record<string, unknown>;
}

export interface Machine {
  cpus: number;
  cpu_model: string;
  memory_gib: number;
  os: string;
  node: string;
}

export interface GitState {
  commit: string | null;
  uncommitted_changes: boolean | null;
}

const REPO = resolve(import.meta.dirname, '..', '..');
export const RESULTS_DIR = join(REPO, 'bench', 'results');

export function currentMachine(): Machine {
  const cores = cpus();
  return {
    cpus: cores.length,
    cpu_model: cores[0]?.model.trim() ?? 'unknown',
    memory_gib: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${process.platform} ${release()} ${process.arch}`,
    node: process.version,
  };
}

/** The checkout's commit and whether it has uncommitted changes; nulls outside a git checkout. */
export function currentGitState(cwd = REPO): GitState {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return { commit: git('rev-parse', 'HEAD'), uncommitted_changes: git('status', '--porcelain', '--untracked-files=no') !== '' };
  } catch {
    return { commit: null, uncommitted_changes: null };
  }
}

export function benchRecord(
  bench: string,
  options: Record<string, unknown>,
  figures: Record<string, unknown>,
  context: { date: Date; git: GitState; machine: Machine },
): BenchRecord {
  return { bench, date: context.date.toISOString(), ...context.git, machine: context.machine, options, figures };
}

/** `<bench>-<UTC date and time>-<short commit>.json`: sorts by bench, then by time. */
export function resultFileName(record: BenchRecord): string {
  const stamp = record.date.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  return `${record.bench}-${stamp}-${record.commit?.slice(0, 7) ?? 'no-commit'}.json`;
}

/** Writes the run's record under bench/results/ (or `dir`) and says where on stderr; returns the path. */
export function writeBenchResult(
  bench: string,
  options: Record<string, unknown>,
  figures: Record<string, unknown>,
  dir = RESULTS_DIR,
): string {
  const record = benchRecord(bench, options, figures, { date: new Date(), git: currentGitState(), machine: currentMachine() });
  mkdirSync(dir, { recursive: true });
  const path = join(dir, resultFileName(record));
  writeFileSync(path, `${JSON.stringify(record, null, 2)}\n`);
  console.error(`result written to ${relative(process.cwd(), path) || path}`);
  return path;
}
