import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../shared/config/config.schema.ts';

/** The documents describe the product as it is: short enough to read, links that lead somewhere, no diary. */

const ROOT = resolve(import.meta.dirname, '..', '..');
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'data', 'coverage', 'test-artifacts']);
const README_MAX_LINES = 150;
const LINE_MAX_CHARS = 400;
const HISTORY_WORDS = /\bsession\b|nineteenth|twentieth/i;

function markdownFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    if (SKIPPED_FOLDERS.has(name)) return [];
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** Lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(text: string): { line: string; number: number }[] {
  let fenced = false;
  return text.split('\n').flatMap((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [{ line, number: i + 1 }];
  });
}

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const headings = proseLines(readFileSync(file, 'utf8'))
    .map(({ line }) => /^#{1,6}\s+(.*)$/.exec(line)?.[1])
    .filter((h): h is string => h !== undefined);
  return new Set(headings.map(anchorOf));
}

/** Relative links (`[text](target)`, images included) of a file's prose. */
function relativeLinks(file: string): string[] {
  return proseLines(readFileSync(file, 'utf8')).flatMap(({ line }) =>
    [...line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => m[1]!)
      .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target)),
  );
}

const files = markdownFiles(ROOT);
const reference = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];
const name = (file: string) => relative(ROOT, file);

describe('the documents', () => {
  it('include the README and the reference under docs/', () => {
    expect(files.map(name)).toEqual(expect.arrayContaining(['README.md', 'docs/api.md', 'docs/configuration.md']));
  });

  it(`keep the README within ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it(`have no line over ${LINE_MAX_CHARS} characters outside code blocks`, () => {
    const long = files.flatMap((file) =>
      proseLines(readFileSync(file, 'utf8'))
        .filter(({ line }) => [...line].length > LINE_MAX_CHARS)
        .map(({ number, line }) => `${name(file)}:${number} (${[...line].length} characters)`),
    );
    expect(long).toEqual([]);
  });

  it('speak of the product, not of the history of its development', () => {
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (HISTORY_WORDS.test(line) ? [`${name(file)}:${i + 1}: ${line.trim().slice(0, 120)}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('link from the README and docs/ only to files and headings that exist', () => {
    const broken = reference.flatMap((file) =>
      relativeLinks(file).flatMap((target) => {
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const linked = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
        if (!existsSync(linked)) return [`${name(file)} → ${target}: no such file`];
        if (anchor && linked.endsWith('.md') && !anchorsOf(linked).has(anchor)) {
          return [`${name(file)} → ${target}: no such heading`];
        }
        return [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('name every environment variable of the config schema in docs/configuration.md', () => {
    const configuration = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');
    const variables = Object.keys(ConfigSchema.in.shape);
    expect(variables.length).toBeGreaterThan(20);
    expect(variables.filter((variable) => !configuration.includes(`\`${variable}\``))).toEqual([]);
  });
});
