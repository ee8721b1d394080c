// Loaded with --import into the API under test (and into each of its threads and child processes): appends
// `<pid> <package>` for every package a module is resolved from, once per thread, to the file
// RECORD_PACKAGES_TO names.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import process from 'node:process';

const file = process.env.RECORD_PACKAGES_TO;
const seen = new Set();
if (file) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(resolved.url)?.[1];
      if (name && !seen.has(name)) {
        seen.add(name);
        appendFileSync(file, `${process.pid} ${name}\n`);
      }
      return resolved;
    },
  });
}
