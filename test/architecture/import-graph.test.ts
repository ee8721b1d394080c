import path from 'node:path';
import madge from 'madge';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Folders of one strongly connected group: each reaches every other by imports, so each imports itself back. */
function folderCycles(graph: Map<string, Set<string>>): string[][] {
  // Tarjan's algorithm over a graph of a few dozen folders.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

/**
 * The structure rules of CONTRIBUTING.md, checked on the code itself (tests excluded): no file imports
 * itself back, and no folder imports a folder that imports it back, directly or through others.
 */
describe('import graph of shared/ and services/', () => {
  let files: Record<string, string[]>;
  let circular: string[][];

  beforeAll(async () => {
    const result = await madge(['shared', 'services'], {
      baseDir: root,
      fileExtensions: ['ts', 'tsx'],
      tsConfig: path.join(root, 'tsconfig.json'),
      excludeRegExp: [/\.test\.tsx?$/],
    });
    files = result.obj();
    circular = result.circular();
  });

  it('reads the whole tree', () => {
    expect(Object.keys(files).length).toBeGreaterThan(150);
    expect(Object.keys(files)).toContain('shared/domain/designer.schema.ts');
  });

  it('has no circular import between files', () => {
    expect(circular).toEqual([]);
  });

  it('has no folder that imports a folder that imports it back', () => {
    const graph = new Map<string, Set<string>>();
    for (const [file, deps] of Object.entries(files)) {
      const from = path.posix.dirname(file);
      const edges = graph.get(from) ?? new Set<string>();
      for (const dep of deps) {
        const to = path.posix.dirname(dep);
        if (to !== from) edges.add(to);
      }
      graph.set(from, edges);
    }
    expect(folderCycles(graph)).toEqual([]);
  });

  it('finds a folder cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(folderCycles(graph)).toEqual([['a', 'b', 'c']]);
  });
});
