/**
 * What compression costs the API per response: a page of the read bench's realistic designers, as the
 * API's JSON envelope, compressed as the `compression` middleware does for a client that asks (gzip at
 * zlib's default level 6, brotli at the middleware's quality 4). Prints the bytes and the CPU ms per page.
 * The read-path runs send no Accept-Encoding, so their figures carry none of this cost.
 * Usage: npm run bench:compression [-- --limit 50 --runs 2000]
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Command } from 'commander';
import { designerProfile } from '../shared/domain/designer-import.schema.ts';
import { toListEnvelope } from '../services/api/routes/envelope.ts';
import { scaleDesigners } from './support/scale-directory.generator.ts';

const options = new Command()
  .option('--limit <n>', 'designers on the page', (v) => Number(v), 50)
  .option('--runs <n>', 'compressions of each kind', (v) => Number(v), 2000)
  .parse()
  .opts<{ limit: number; runs: number }>();

const items = [...scaleDesigners({ designers: options.limit })].map((r) => designerProfile({ ...r, id: r.id! }, 'https://designers.example'));
const body = Buffer.from(JSON.stringify(toListEnvelope({ items, total: 12_345, limit: options.limit, offset: 0, hasMore: true, nextCursor: 'x'.repeat(120) })));

function measure(name: string, compress: (input: Buffer) => Buffer) {
  for (let i = 0; i < 200; i++) compress(body); // warm-up
  const start = process.cpuUsage();
  let size = 0;
  for (let i = 0; i < options.runs; i++) size = compress(body).length;
  const used = process.cpuUsage(start);
  const ms = (used.user + used.system) / 1000 / options.runs;
  console.log(`${name.padEnd(10)} ${String(size).padStart(7)} bytes (${((100 * size) / body.length).toFixed(0)}%)  ${ms.toFixed(3)} CPU ms per page`);
}

console.log(`page of ${options.limit} designers: ${body.length} bytes of JSON`);
measure('gzip 6', (b) => gzipSync(b));
measure('brotli 4', (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));
