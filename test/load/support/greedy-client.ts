/**
 * A greedy client, run as a process of its own so that its loop competes with the API for the CPU as a real
 * one would, not with the test measuring the polite client: `connections` loops on one address, each sending
 * JSON-RPC batches of search_designers calls and expensive REST searches, and sending again at once whatever
 * the answer (Retry-After ignored). It works in turns of `phaseMs`: one turn on, one turn off, from the
 * time it prints first (`{"start":<epoch ms>}`), so that the polite client's samples with and without it are
 * taken in alternation, under the same background load of the machine. Prints its counts by status as one
 * JSON line when `seconds` are over.
 *
 *   node --import tsx test/load/support/greedy-client.ts <base url> <seconds> <connections> <phaseMs>
 */
import { Agent, fetch } from 'undici';

const [base, seconds = '4', connections = '16', phaseMs = '1000'] = process.argv.slice(2);
if (!base) throw new Error('usage: greedy-client.ts <base url> <seconds> <connections> <phaseMs>');
const phase = Number(phaseMs);

const agent = new Agent({ localAddress: '127.0.0.1', connections: Number(connections) });
const WORDS = ['senior', 'product', 'designer', 'brand', 'studio', 'motion', 'accessible', 'interfaces', 'systems', 'berlin', 'former', 'lead'];

/** A search as costly as the API takes: many words, typo-tolerant, prefix on the last, a full page. */
function expensiveQuery(i: number): string {
  const q = Array.from({ length: 12 }, (_, k) => WORDS[(i + k * 5) % WORDS.length]).join(' ');
  return `/api/v1/designers?${new URLSearchParams({ q, limit: '50' })}`;
}

function batch(n: number, i: number): string {
  return JSON.stringify(
    Array.from({ length: n }, (_, k) => ({
      jsonrpc: '2.0',
      id: k,
      method: 'tools/call',
      params: { name: 'search_designers', arguments: { q: `${WORDS[(i + k) % WORDS.length]} ${WORDS[(i + 3 * k) % WORDS.length]} designer`, limit: 10 } },
    })),
  );
}
// The batches of the report that shut other clients out: 100, 100 and 56 messages.
const BATCHES = [batch(100, 0), batch(100, 1), batch(56, 2)];

const counts: Record<string, number> = {};
const start = Date.now();
const until = start + Number(seconds) * 1000;
process.stdout.write(`${JSON.stringify({ start })}\n`);

/**
 * Each working turn's requests are abandoned when it ends (the connections closed), so the turn of rest
 * starts with nothing of this client left in the API: the polite client's samples then are truly alone.
 */
const turns = new Map<number, AbortController>();
function turnSignal(): AbortSignal {
  const index = Math.floor((Date.now() - start) / (2 * phase));
  if (!turns.has(index)) {
    const controller = new AbortController();
    turns.set(index, controller);
    setTimeout(() => controller.abort(), start + index * 2 * phase + phase - Date.now());
  }
  return turns.get(index)!.signal;
}

async function loop(connection: number): Promise<void> {
  for (let i = connection; Date.now() < until; i += 1) {
    const into = (Date.now() - start) % (2 * phase);
    if (into >= phase) {
      await new Promise((resolve) => setTimeout(resolve, 2 * phase - into));
      continue;
    }
    const signal = turnSignal();
    let status: string;
    try {
      const response =
        i % 3 === 2
          ? await fetch(`${base}${expensiveQuery(i)}`, { dispatcher: agent, signal })
          : await fetch(`${base}/api/mcp`, {
              dispatcher: agent,
              signal,
              method: 'POST',
              headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-03-26' },
              body: BATCHES[i % BATCHES.length]!,
            });
      await response.arrayBuffer();
      status = String(response.status);
    } catch {
      status = signal.aborted ? 'abandoned' : 'error';
    }
    counts[status] = (counts[status] ?? 0) + 1;
  }
}

await Promise.all(Array.from({ length: Number(connections) }, (_, c) => loop(c)));
await agent.close();
process.stdout.write(`${JSON.stringify(counts)}\n`);
