import type { Server } from 'node:http';
import express from 'express';
import pg from 'pg';

/**
 * The alternative a user would write in an afternoon: one express route, one SQL query with ILIKE on
 * every text field, count(*) for the total, ORDER BY newest. No typo tolerance, no ranking, no folding
 * (so "zurich" misses "Zürich"), substring rather than word matches. Benchmarked against ours.
 */
export function startNaiveIlikeServer(databaseUrl: string): Promise<{ server: Server; base: string; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 8 });
  const app = express();
  app.get('/designers', async (req, res) => {
    const where = [`d.status = 'published'`, 'd.opted_in'];
    const params: unknown[] = [];
    const add = (v: unknown) => `$${params.push(v)}`;
    const str = (k: string) => (typeof req.query[k] === 'string' ? (req.query[k] as string) : undefined);
    const q = str('q');
    if (q) {
      for (const word of q.split(/\s+/).filter(Boolean)) {
        const p = add(`%${word}%`);
        where.push(
          `(d.name ILIKE ${p} OR d.description ILIKE ${p} OR EXISTS (SELECT 1 FROM designer_roles r WHERE r.designer_id = d.id AND (r.title ILIKE ${p} OR r.company ILIKE ${p})))`,
        );
      }
    }
    if (str('category')) where.push(`d.category = ${add(str('category'))}`);
    if (str('location')) where.push(`d.location ILIKE ${add(`%${str('location')}%`)}`);
    if (str('company')) where.push(`EXISTS (SELECT 1 FROM designer_roles r WHERE r.designer_id = d.id AND r.company ILIKE ${add(`%${str('company')}%`)})`);
    const limit = Math.min(Number(str('limit') ?? 50), 100);
    const sql = `FROM designers d WHERE ${where.join(' AND ')}`;
    try {
      const [count, page] = await Promise.all([
        pool.query<{ n: string }>(`SELECT count(*) AS n ${sql}`, params),
        pool.query(
          `SELECT d.id, d.slug, d.name, d.description, d.category, d.location, d.website, d.portfolio_preview,
                  (SELECT json_agg(r ORDER BY r.position) FROM designer_roles r WHERE r.designer_id = d.id) AS roles
             ${sql} ORDER BY d.listed_at DESC, d.id LIMIT ${limit}`,
          params,
        ),
      ]);
      res.json({ success: true, data: page.rows, meta: { total: Number(count.rows[0]!.n), limit } });
    } catch (error) {
      res.status(500).json({ success: false, error: (error as Error).message });
    }
  });
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        server,
        base: `http://127.0.0.1:${port}`,
        close: async () => {
          server.closeAllConnections();
          await new Promise((r) => server.close(r));
          await pool.end();
        },
      });
    });
  });
}
