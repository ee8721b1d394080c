import { execFileSync, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { coresOf, cpuMs, cpuPerRequest, localElasticsearchPid, ownCores } from './process-cpu.ts';

function spin(ms: number): number {
  const until = performance.now() + ms;
  let x = 0;
  while (performance.now() < until) x += Math.sqrt(x + 1);
  return x;
}

describe('process CPU from /proc', () => {
  it('reads the CPU this process has used, growing with work', () => {
    const before = cpuMs(process.pid);
    spin(200);
    const after = cpuMs(process.pid);
    expect(before).not.toBeNull();
    // Clock ticks are 10 ms: 200 ms of spinning shows as at least 100 ms even on a busy machine.
    expect(after! - before!).toBeGreaterThanOrEqual(100);
  });

  it('answers null for a process that is not there', () => {
    expect(cpuMs(2 ** 30)).toBeNull();
  });

  it('divides the CPU a piece of work used by the requests it served', async () => {
    const { result, perRequest } = await cpuPerRequest({ self: process.pid, gone: 2 ** 30, none: null }, async () => {
      spin(300);
      return { requests: 10 };
    });
    expect(result.requests).toBe(10);
    expect(perRequest.self).toBeGreaterThanOrEqual(15);
    expect(perRequest.self).toBeLessThanOrEqual(100);
    expect(perRequest.gone).toBeNull();
    expect(perRequest.none).toBeNull();
  });

  it('looks for a local Elasticsearch only behind a loopback URL', () => {
    expect(localElasticsearchPid('http://search.example:9200')).toBeNull();
  });

  it('pins Elasticsearch to the last core and the others to the rest, and gives each its cores back', () => {
    const es = spawn('sleep', ['60']);
    const api = spawn('sleep', ['60']);
    try {
      const all = coresOf(api.pid!);
      execFileSync('taskset', ['-c', '-p', '0', String(es.pid)], { stdio: 'ignore' });
      const undo = ownCores(es.pid!, [api.pid!]);
      const cores = availableParallelism();
      expect(coresOf(es.pid!)).toBe(String(cores - 1));
      expect(coresOf(api.pid!)).toBe(cores === 2 ? '0' : `0-${cores - 2}`);
      undo();
      expect(coresOf(es.pid!)).toBe('0');
      expect(coresOf(api.pid!)).toBe(all);
    } finally {
      es.kill();
      api.kill();
    }
  });
});
