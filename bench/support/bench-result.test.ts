import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchRecord, currentGitState, currentMachine, resultFileName, writeBenchResult } from './bench-result.ts';

const machine = { cpus: 2, cpu_model: 'Test CPU', memory_gib: 24, os: 'linux 6.1 x64', node: 'v24.0.0' };

describe('bench results as data', () => {
  it('records the date, commit, machine, options and figures of a run', () => {
    const record = benchRecord(
      'sync-latency',
      { edits: 30 },
      { pipeline_p50_ms: 1021 },
      { date: new Date('2026-11-21T10:02:03.456Z'), git: { commit: 'abcdef0123456789', uncommitted_changes: false }, machine },
    );
    expect(record).toEqual({
      bench: 'sync-latency',
      date: '2026-11-21T10:02:03.456Z',
      commit: 'abcdef0123456789',
      uncommitted_changes: false,
      machine,
      options: { edits: 30 },
      figures: { pipeline_p50_ms: 1021 },
    });
  });

  it('names the file by bench, UTC time and short commit, safe on every file system', () => {
    const at = { date: new Date('2026-11-21T10:02:03.456Z'), machine };
    expect(resultFileName(benchRecord('scale', {}, {}, { ...at, git: { commit: 'abcdef0123456789', uncommitted_changes: true } }))).toBe(
      'scale-2026-11-21T10-02-03Z-abcdef0.json',
    );
    expect(resultFileName(benchRecord('scale', {}, {}, { ...at, git: { commit: null, uncommitted_changes: null } }))).toBe(
      'scale-2026-11-21T10-02-03Z-no-commit.json',
    );
  });

  it('reads this checkout and machine', () => {
    const git = currentGitState();
    expect(git.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(typeof git.uncommitted_changes).toBe('boolean');
    const here = currentMachine();
    expect(here.cpus).toBeGreaterThan(0);
    expect(here.memory_gib).toBeGreaterThan(0);
    expect(here.node).toBe(process.version);
  });

  it('writes the record as JSON into the results folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dd-bench-results-'));
    try {
      const path = writeBenchResult('compression', { runs: 10 }, { gzip_ms: 0.3 }, join(dir, 'results'));
      expect(basename(path)).toMatch(/^compression-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ-[0-9a-f]{7}\.json$/);
      const written = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
      expect(written).toMatchObject({ bench: 'compression', options: { runs: 10 }, figures: { gzip_ms: 0.3 } });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
