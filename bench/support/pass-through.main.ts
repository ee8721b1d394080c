/**
 * The least an HTTP hop in front of Elasticsearch can cost: each request's body goes to _search on the
 * target index, and Elasticsearch's answer comes back as bytes, unread (no validation, parsing, mapping,
 * ETag or access log). The scale bench runs it beside the API, as its own process on the same cores, so
 * each run shows how close to raw Elasticsearch any hop can come on this machine.
 * Env: PASS_THROUGH_TARGET (http://host:9200/index/_search), HOST, PORT.
 */
import { createServer } from 'node:http';
import { Pool } from 'undici';

const target = new URL(process.env.PASS_THROUGH_TARGET ?? '');
const pool = new Pool(target.origin);

createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const upstream = await pool.request({
      method: 'POST',
      path: target.pathname,
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat(chunks),
    });
    const body = Buffer.from(await upstream.body.arrayBuffer());
    res.writeHead(upstream.statusCode, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  } catch {
    res.writeHead(502).end();
  }
}).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
