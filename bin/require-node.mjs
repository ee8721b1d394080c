// Older Node fails later and obscurely (the embedded store's worker thread cannot load TypeScript), so the
// entry points check the version first. Run by an older Node (a desktop MCP client's `node`, the system's),
// an entry point runs itself again under the checkout's own Node, which `npm install` brings (the `node`
// package); without that, it says what it needs and how to get it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const { engines } = createRequire(import.meta.url)('../package.json');
const [needMajor, needMinor] = engines.node.replace(/^>=/, '').split('.').map(Number);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  const own = fileURLToPath(new URL('../node_modules/node/bin/node', import.meta.url));
  if (existsSync(own) && process.env.DESIGNER_DIRECTORY_REEXEC !== '1') {
    // The same script and arguments; stdin and stdout stay the client's (the MCP stdio protocol runs on them).
    const child = spawnSync(own, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...process.env, DESIGNER_DIRECTORY_REEXEC: '1' },
    });
    process.exit(child.status ?? 1);
  }
  process.stderr.write(
    `Designer Directory needs Node.js ${engines.node.replace(/^>=/, '')} or newer; this is ${process.versions.node}.\n` +
      `Run it through npm, which puts the checkout's own Node first: npx designer-directory …, npm start, npm test.\n`,
  );
  process.exit(1);
}
