import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Every .ts and .tsx file under the folders, as paths from the repository root. */
function sourceFiles(...folders: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(entry.name)) files.push(relative);
    }
  };
  for (const folder of folders) walk(folder);
  return files.sort();
}

/** The suffixes the table under "## File names" in CONTRIBUTING.md lists (`.renderer.ts(x)` is both). */
function listedSuffixes(): Set<string> {
  const contributing = readFileSync(path.join(root, 'CONTRIBUTING.md'), 'utf8');
  const section = contributing.split(/^## /m).find((s) => s.startsWith('File names'));
  if (!section) throw new Error('CONTRIBUTING.md has no "File names" section');
  const suffixes = new Set<string>();
  for (const line of section.split('\n')) {
    const cell = /^\| ([^|]+) \|/.exec(line)?.[1];
    if (!cell) continue;
    for (const [, name] of cell.matchAll(/`(\.[a-z-]+\.tsx?)(\(x\))?`/g)) {
      suffixes.add(name!);
      if (cell.includes(`${name}(x)`)) suffixes.add(`${name}x`);
    }
  }
  return suffixes;
}

/** `designer.fields.ts` -> `.fields.ts`; a plain module (`logger.ts`, `main.ts`) has none. */
function suffixOf(file: string): string | null {
  const parts = path.posix.basename(file).split('.');
  return parts.length > 2 ? `.${parts.slice(-2).join('.')}` : null;
}

describe('file names under shared/ and services/', () => {
  const files = sourceFiles('shared', 'services');
  const listed = listedSuffixes();

  it('finds the table and the files', () => {
    expect(listed.size).toBeGreaterThan(10);
    expect(files.length).toBeGreaterThan(100);
  });

  it('each ends in a suffix the table in CONTRIBUTING.md lists, or is a plain module without one', () => {
    const unlisted = files.filter((file) => {
      const suffix = suffixOf(file);
      return suffix !== null && !listed.has(suffix);
    });
    expect(unlisted).toEqual([]);
  });

  it('each is kebab-case before its suffix', () => {
    const named = files.filter((file) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(path.posix.basename(file).split('.')[0]!));
    expect(named).toEqual([]);
  });

  it('the table lists no suffix that no file has', () => {
    const used = new Set(files.map(suffixOf));
    expect([...listed].filter((suffix) => !used.has(suffix))).toEqual([]);
  });
});
