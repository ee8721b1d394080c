// Older Node fails later and obscurely (the embedded store's worker thread cannot load TypeScript), so the
// entry points say at once what they need, and how to get it without changing the system's Node.
import { createRequire } from 'node:module';
import process from 'node:process';

const { engines } = createRequire(import.meta.url)('../package.json');
const [needMajor, needMinor] = engines.node.replace(/^>=/, '').split('.').map(Number);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  process.stderr.write(
    `Designer Directory needs Node.js ${engines.node.replace(/^>=/, '')} or newer; this is ${process.versions.node}.\n` +
      `Run it through npm, which puts the checkout's own Node first: npx designer-directory …, npm start, npm test.\n`,
  );
  process.exit(1);
}
