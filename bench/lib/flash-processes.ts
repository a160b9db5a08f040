// What the flash sale asks of the processes and the database around it: the primary's workers, the
// item to sell out and what was sold of it, and nginx answering.
import { execFileSync } from 'node:child_process';
import https from 'node:https';
import pg from 'pg';
import { FLASH_STOCK, INFLUENCER_CODE, type SoldRecord } from './flash-settings.ts';

/** The worker processes of a node:cluster primary. */
export function childPids(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A visible spec to sell out: preferably of a product the influencer recommends, so the page shows it. */
export async function pickFlashItem(
  databaseUrl: string,
): Promise<{ products_id: number; spec_id: number; name: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ products_id: number; spec_id: number; name: string }>(
      `SELECT p.id AS products_id, s.id AS spec_id, p.name || ' / ' || s.name AS name
         FROM products p JOIN product_specs s ON s.product_id = p.id
        WHERE p.status = 1 AND p.internet_celebrity = false
          AND (p.activity_start_time IS NULL OR p.activity_start_time <= now())
          AND (p.activity_end_time IS NULL OR p.activity_end_time >= now())
        ORDER BY EXISTS (SELECT 1 FROM member_product_relations r JOIN members m ON m.id = r.member_id
                          WHERE r.product_id = p.id AND r.status = 1
                            AND upper(m.internet_celebrity_code) = $1) DESC,
                 p.index_id, p.id, s.id
        LIMIT 1`,
      [INFLUENCER_CODE],
    );
    const item = rows[0];
    if (!item) throw new Error('no visible product spec in the demo data to sell');
    await client.query('UPDATE product_specs SET stock = $1 WHERE id = $2', [FLASH_STOCK, item.spec_id]);
    return item;
  } finally {
    await client.end();
  }
}

/** What the database says was sold of the flash item to the bench's buyers. */
export async function countSold(databaseUrl: string, specId: number, buyerIds: number[]): Promise<SoldRecord> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const sold = await client.query<{ orders: string; units: string }>(
      `SELECT count(DISTINCT o.id) AS orders, coalesce(sum((line->>'qty')::int), 0) AS units
         FROM orders o CROSS JOIN LATERAL jsonb_array_elements(o.product_info::jsonb) AS line
        WHERE o.member_id = ANY($2::int[]) AND (line->>'spec_id')::int = $1`,
      [specId, buyerIds],
    );
    const stock = await client.query<{ stock: number | null }>('SELECT stock FROM product_specs WHERE id = $1', [
      specId,
    ]);
    return {
      ordersInDatabase: Number(sold.rows[0]?.orders ?? 0),
      unitsSold: Number(sold.rows[0]?.units ?? 0),
      stockLeft: stock.rows[0]?.stock ?? null,
    };
  } finally {
    await client.end();
  }
}

/** GET through nginx (self-signed certificate) until it answers `want`. */
export async function untilAnswering(url: string, want: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const status = await new Promise<number>((resolve) => {
      const req = https.get(url, { rejectUnauthorized: false, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
    });
    if (status === want) return;
    if (Date.now() > until) throw new Error(`GET ${url} answered ${status}, not ${want}, for ${timeoutMs} ms`);
    await sleep(100);
  }
}
