/**
 * What compression costs the API per response: a page of the read bench's realistic designers, as the
 * API's JSON envelope, compressed as the `compression` middleware does for a client that asks (gzip at
 * zlib's default level 6, brotli at the middleware's quality 4). Prints the bytes and the CPU ms per page.
 * The read-path runs send no Accept-Encoding, so their figures carry none of this cost. Then Redoc's bundle,
 * which the site compresses once (brotli 9, gzip 9) because on the fly it would cost every request.
 * Usage: npm run bench:compression [-- --limit 50 --runs 2000]
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Command } from 'commander';
import { designerProfile } from '../shared/domain/designer-import.schema.ts';
import { toListEnvelope } from '../services/api/routes/envelope.ts';
import { writeBenchResult } from './support/bench-result.ts';
import { scaleDesigners } from './support/scale-directory.generator.ts';

const options = new Command()
  .option('--limit <n>', 'designers on the page', (v) => Number(v), 50)
  .option('--runs <n>', 'compressions of each kind', (v) => Number(v), 2000)
  .parse()
  .opts<{ limit: number; runs: number }>();

const items = [...scaleDesigners({ designers: options.limit })].map((r) => designerProfile({ ...r, id: r.id! }, 'https://designers.example'));
const body = Buffer.from(JSON.stringify(toListEnvelope({ items, total: 12_345, limit: options.limit, offset: 0, hasMore: true, nextCursor: 'x'.repeat(120) })));

function measure(name: string, input: Buffer, runs: number, compress: (input: Buffer) => Buffer): { bytes: number; cpu_ms: number } {
  for (let i = 0; i < Math.min(200, runs); i++) compress(input); // warm-up
  const start = process.cpuUsage();
  let size = 0;
  for (let i = 0; i < runs; i++) size = compress(input).length;
  const used = process.cpuUsage(start);
  const ms = (used.user + used.system) / 1000 / runs;
  console.log(`${name.padEnd(10)} ${String(size).padStart(8)} bytes (${((100 * size) / input.length).toFixed(0)}%)  ${ms.toFixed(3)} CPU ms each`);
  return { bytes: size, cpu_ms: ms };
}

const brotli = (quality: number) => (b: Buffer) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });

console.log(`page of ${options.limit} designers: ${body.length} bytes of JSON`);
const page = { json_bytes: body.length, gzip_6: measure('gzip 6', body, options.runs, (b) => gzipSync(b)), brotli_4: measure('brotli 4', body, options.runs, brotli(4)) };

const redoc = readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'));
console.log(`Redoc's bundle: ${redoc.length} bytes`);
const redocBundle = {
  bytes: redoc.length,
  gzip_6: measure('gzip 6', redoc, 10, (b) => gzipSync(b)),
  gzip_9: measure('gzip 9', redoc, 10, (b) => gzipSync(b, { level: 9 })),
  brotli_9: measure('brotli 9', redoc, 10, brotli(9)),
};
writeBenchResult('compression', options, { page, redoc_bundle: redocBundle });
