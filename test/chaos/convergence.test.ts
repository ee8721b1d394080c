import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeLogRepository } from '../../shared/ingest/outbox/change-log.repository.ts';
import { importDesignerRecords } from '../../shared/store/import/designer-import.ts';
import { IngestHarness, waitFor } from '../ingest/support/ingest-harness.ts';
import { freePort, startWorkerProcess, type WorkerProcess, workerEnv } from '../ingest/support/worker-process.ts';
import { requireServices } from '../support/services.ts';
import { OwnRedis } from './support/own-redis.ts';
import { pick, seededRandom } from './support/prng.ts';

const services = requireServices('postgres', 'redis', 'elasticsearch');

/** CI size by default; `npm run test:chaos` (CHAOS_RUNS, CHAOS_OPS, CHAOS_SEED) for long runs. */
const RUNS = Number(process.env.CHAOS_RUNS ?? 5);
const OPS = Number(process.env.CHAOS_OPS ?? 100);
const FIRST_SEED = Number(process.env.CHAOS_SEED ?? 1);
/** Pause between operations: a run lasts about OPS × this, so several worker kills land in it. */
const OP_GAP_MS = Number(process.env.CHAOS_OP_GAP_MS ?? 80);
const SETTLE_MS = Number(process.env.CHAOS_SETTLE_MS ?? 150_000);

type OpKind = 'insert' | 'update' | 'delete' | 'delete-reinsert' | 'opt-out' | 'opt-in' | 'unpublish' | 'republish' | 'import';
const OP_WEIGHTS: [OpKind, number][] = [
  ['insert', 22],
  ['update', 20],
  ['delete', 8],
  ['delete-reinsert', 12],
  ['opt-out', 7],
  ['opt-in', 5],
  ['unpublish', 7],
  ['republish', 5],
  ['import', 8],
];

interface RunFigures {
  seed: number;
  ops: Record<OpKind, number>;
  kills: number;
  /** Worker exits nobody asked for: must stay 0 whatever else happens. */
  crashes: number;
  redisRestarts: number;
  /** Postgres sessions ended under the worker (pg_terminate_backend, as a restart or failover would). */
  sessionsEnded: number;
  writeBlockMs: number;
  settleMs: number;
  mismatches: string[];
  /** Changes the outbox still does not count as in the index once settled (what `status` calls unsynced). */
  unconfirmed: number;
}

describe.skipIf(!services)('convergence under chaos: random writes while the worker is killed, Redis restarts, Postgres ends its sessions and Elasticsearch refuses writes', () => {
  let h: IngestHarness;
  let redis: OwnRedis;
  let port: number;
  let worker: WorkerProcess | null = null;
  const figures: RunFigures[] = [];

  /** When Postgres last ended the sessions (ms since the epoch). */
  let sessionsEndedAt = 0;
  /** Worker starts refused because Postgres ended the sessions while they began (see startWorker). */
  let refusedStarts = 0;

  async function startWorker(): Promise<WorkerProcess> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        // A short sync lock: jobs a killed worker held are taken up again within seconds, so runs settle fast.
        worker = await startWorkerProcess(workerEnv(h.config({ REDIS_URL: redis.url }), port, { SYNC_LOCK_MS: '3000' }));
        return worker;
      } catch (error) {
        // A worker that cannot use Postgres while it starts stops with that message and exit code 1, by design
        // (its supervisor starts it again): so it does when Postgres ends its sessions during the start.
        if (attempt >= 3 || Date.now() - sessionsEndedAt > 5000) throw error;
        refusedStarts += 1;
      }
    }
  }

  beforeAll(async () => {
    redis = await OwnRedis.start();
    port = await freePort();
  });

  /** Each run gets a world of its own (database, index prefix, queue prefix), so runs do not carry faults over. */
  let worldOpen = false;
  async function newWorld(): Promise<void> {
    await endWorld(); // a previous run that threw before its end
    h = await IngestHarness.create(services!, 'chaos');
    worldOpen = true;
    await h.manager.ensureIndices();
    for (let i = 0; i < 40; i += 1) await h.insertDesigner({}, [{ title: 'Designer', company: `Company ${i}`, current: true }]);
  }

  async function endWorld(): Promise<void> {
    if (!worldOpen) return;
    worldOpen = false;
    await worker?.kill9();
    worker = null;
    await h.es.indices.putSettings({ index: `${h.names.designers}_v*`, settings: { 'index.blocks.write': false } }).catch(() => undefined);
    await h.cleanup();
  }

  afterAll(async () => {
    await endWorld();
    await redis?.stop();
    if (figures.length) {
      const total = (f: (r: RunFigures) => number) => figures.reduce((n, r) => n + f(r), 0);
      console.log(
        `[chaos] ${figures.length} runs, ${total((r) => Object.values(r.ops).reduce((a, b) => a + b, 0))} operations, ` +
          `${total((r) => r.kills)} worker kills, ${total((r) => r.crashes)} crashes, ${total((r) => r.redisRestarts)} Redis restarts, ` +
          `${total((r) => r.sessionsEnded)} Postgres sessions ended (${refusedStarts} worker starts refused meanwhile), ` +
          `${total((r) => r.writeBlockMs)} ms of refused writes, ${total((r) => r.mismatches.length)} mismatches`,
      );
    }
  });

  for (let run = 0; run < RUNS; run += 1) {
    const seed = FIRST_SEED + run;
    it(`run ${run + 1}/${RUNS} (seed ${seed}, ${OPS} operations): store and index agree after settling`, async () => {
      await newWorld();
      const random = seededRandom(seed);
      /** What happened to each row, to say which kinds of operation a mismatch followed. */
      const history = new Map<string, OpKind[]>();
      const { rows } = await h.db.query<{ id: string }>(`SELECT id FROM designers ORDER BY id`);
      const present = rows.map((r) => r.id);
      const gone: string[] = [];
      const f: RunFigures = {
        seed,
        ops: Object.fromEntries(OP_WEIGHTS.map(([k]) => [k, 0])) as Record<OpKind, number>,
        kills: 0,
        crashes: 0,
        redisRestarts: 0,
        sessionsEnded: 0,
        writeBlockMs: 0,
        settleMs: 0,
        mismatches: [],
        unconfirmed: 0,
      };
      figures.push(f);

      // Chaos, concurrently with the writes: kill -9 the worker every few seconds and start another. A
      // worker found gone before its kill died on its own: a crash.
      let writing = true;
      const exited = (w: WorkerProcess | null) => !w || w.proc.exitCode !== null || w.proc.signalCode !== null;
      const killer = (async () => {
        let killed = false;
        while (writing) {
          if (exited(worker)) await startWorker();
          killed = false;
          await sleep(1500 + Math.floor(random() * 2000));
          if (exited(worker)) {
            f.crashes += 1;
            continue;
          }
          if (!writing) break;
          await worker!.kill9();
          f.kills += 1;
          killed = true;
        }
        if (!killed && exited(worker)) f.crashes += 1;
      })();

      const weightTotal = OP_WEIGHTS.reduce((n, [, w]) => n + w, 0);
      const nextOp = (): OpKind => {
        let r = random() * weightTotal;
        for (const [kind, w] of OP_WEIGHTS) if ((r -= w) < 0) return kind;
        return 'insert';
      };
      const someone = () => (present.length ? pick(random, present) : null);
      const reinsert = async (id: string, name: string) => {
        const d = h.designerFields({ name });
        await h.db.query(
          `INSERT INTO designers (id, slug, name, description, website, portfolio_preview, category, location)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [id, d.slug, d.name, d.description, d.website, d.portfolio_preview, d.category, d.location],
        );
      };

      for (let i = 0; i < OPS; i += 1) {
        if (i === Math.floor(OPS * 0.4)) {
          await redis.restart(800);
          f.redisRestarts += 1;
        }
        if ([0.7, 0.8, 0.9].some((at) => i === Math.floor(OPS * at))) {
          // Postgres ends every other session on the database, the worker's included, wherever it is in its
          // work (a restart or failover does this). The harness's own idle connections go too; it waits for
          // its pool to have dropped them. A worker just killed and started again may not have connected yet:
          // the fault waits for it (up to 5 s), or it would end nobody's session but the harness's.
          const others = `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`;
          for (let waited = 0; waited < 5000 && (await h.db.query<{ n: number }>(others)).rows[0]!.n === 0; waited += 100) await sleep(100);
          const { rows: ended } = await h.db.query<{ ended: boolean }>(
            `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
          );
          f.sessionsEnded += ended.filter((r) => r.ended).length;
          sessionsEndedAt = Date.now();
          await sleep(250);
        }
        if (i === Math.floor(OPS * 0.6)) {
          // Elasticsearch refuses every write to the live index for a while (403 cluster_block_exception).
          const index = (await h.manager.currentIndex('designers'))!;
          const blockMs = 2500;
          await h.es.indices.putSettings({ index, settings: { 'index.blocks.write': true } });
          f.writeBlockMs += blockMs;
          setTimeout(() => void h.es.indices.putSettings({ index, settings: { 'index.blocks.write': false } }), blockMs);
        }
        const kind = nextOp();
        const id = someone();
        f.ops[kind] += 1;
        if (id) history.set(id, [...(history.get(id) ?? []), kind]);
        switch (kind) {
          case 'insert':
            present.push(await h.insertDesigner({ category: pick(random, ['product', 'brand', 'motion']) }, random() < 0.5 ? [{ title: 'Lead', company: `Co ${i}`, current: true }] : []));
            break;
          case 'update':
            if (id) await h.updateDesigner(id, { name: `Renamed ${seed}-${i}`, location: pick(random, ['Lisbon, PT', 'Remote (US)', 'Berlin, DE']) });
            break;
          case 'delete':
            if (id) {
              await h.deleteDesigner(id);
              present.splice(present.indexOf(id), 1);
              gone.push(id);
            }
            break;
          case 'delete-reinsert':
            // The same id back within 0–120 ms: the window of the known delete/re-insert race.
            if (id) {
              await h.deleteDesigner(id);
              await sleep(Math.floor(random() * 120));
              await reinsert(id, `Back ${seed}-${i}`);
            } else if (gone.length) {
              const back = gone.pop()!;
              history.set(back, [...(history.get(back) ?? []), 'delete-reinsert']);
              await reinsert(back, `Returned ${seed}-${i}`);
              present.push(back);
            }
            break;
          case 'opt-out':
            if (id) await h.updateDesigner(id, { opted_in: false });
            break;
          case 'opt-in':
            if (id) await h.updateDesigner(id, { opted_in: true });
            break;
          case 'unpublish':
            if (id) await h.updateDesigner(id, { status: pick(random, ['draft', 'hidden']) });
            break;
          case 'republish':
            if (id) await h.updateDesigner(id, { status: 'published' });
            break;
          case 'import': {
            const records = [
              { line: 1, value: { slug: `imported-${seed}-${i}`, name: `Imported ${seed}-${i}`, website: 'https://imported.example.com', portfolio_preview: 'https://imported.example.com/p.png', category: 'graphic' } },
            ];
            if (id) {
              const { rows: found } = await h.db.query<{ slug: string }>(`SELECT slug FROM designers WHERE id = $1`, [id]);
              if (found[0]) {
                records.push({ line: 2, value: { slug: found[0].slug, name: `Re-imported ${seed}-${i}`, website: 'https://re.example.com', portfolio_preview: 'https://re.example.com/p.png', category: 'brand' } });
              }
            }
            await importDesignerRecords(h.db, records);
            const { rows: created } = await h.db.query<{ id: string }>(`SELECT id FROM designers WHERE slug = $1`, [`imported-${seed}-${i}`]);
            present.push(created[0]!.id);
            break;
          }
        }
        await sleep(Math.floor(random() * OP_GAP_MS * 2));
      }
      writing = false;
      await killer;
      if (exited(worker)) await startWorker();

      const settleStarted = Date.now();
      try {
        await waitFor(async () => (await h.diffStoreAndIndex('designers')).length === 0, {
          timeoutMs: SETTLE_MS,
          intervalMs: 1000,
          what: 'store and index to agree',
        });
      } catch {
        // Counted below.
      }
      f.settleMs = Date.now() - settleStarted;
      f.mismatches = (await h.diffStoreAndIndex('designers')).map((m) => {
        const id = /[0-9a-f-]{36}/.exec(m)?.[0];
        return id && history.has(id) ? `${m} (after ${history.get(id)!.join(', ')})` : m;
      });
      const changeLog = new ChangeLogRepository(h.db);
      await waitFor(async () => (await changeLog.unconfirmed()).count === 0, { timeoutMs: 30_000, intervalMs: 500, what: 'every change confirmed' }).catch(
        () => undefined, // counted below
      );
      f.unconfirmed = (await changeLog.unconfirmed()).count;
      await endWorld();
      console.log(
        `[chaos] seed ${seed}: ${OPS} ops ${JSON.stringify(f.ops)}, ${f.kills} kills, ${f.crashes} crashes, ${f.redisRestarts} Redis restart, ` +
          `${f.sessionsEnded} Postgres sessions ended, ` +
          `${f.writeBlockMs} ms refused writes, settled in ${f.settleMs} ms, ${f.mismatches.length} mismatches, ${f.unconfirmed} unconfirmed`,
      );
      expect(f.kills).toBeGreaterThan(0);
      expect(f.sessionsEnded).toBeGreaterThan(0);
      expect(f.crashes).toBe(0);
      expect(f.mismatches).toEqual([]);
      expect(f.unconfirmed).toBe(0);
    }, SETTLE_MS + OPS * OP_GAP_MS * 4 + 120_000);
  }
});
