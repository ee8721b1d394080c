import { readFile } from 'node:fs/promises';

/**
 * The API exactly as `npm start` runs it: the environment the start script sets and node's arguments,
 * so that a test spawning `process.execPath` with them measures what a fresh clone gets.
 */
export async function npmStartCommand(): Promise<{ env: Record<string, string>; args: string[] }> {
  const { scripts } = JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> };
  const words = scripts.start!.split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0] ?? '')) {
    const [name, value] = words.shift()!.split('=') as [string, string];
    env[name] = value;
  }
  if (words[0] !== 'node') throw new Error(`npm start runs ${words[0]}, not node itself: a test cannot start what it starts`);
  return { env, args: words.slice(1) };
}
