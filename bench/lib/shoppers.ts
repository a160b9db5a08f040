// Logged-in shoppers for the member targets (add to cart, place an order). The demo seed has three
// members; a load test needs one member per concurrent connection (two requests of one member would
// wait on each other's checkout or empty each other's cart), so the bench adds members to the bench
// database — with the demo members' password hash, i.e. the demo password — and logs each one in
// through POST /members/auth like the storefront does. Needs PostgreSQL (BENCH_DATABASE_URL): the
// embedded PGlite belongs to the server process and cannot be written from here.
import pg from 'pg';

/** The demo members' password (README "Demo accounts"); the bench members share its hash. */
const DEMO_ACCOUNT = '0911111111';
const DEMO_PASSWORD = 'Demo1234';

export interface Shopper {
  id: number;
  account: string;
  /** `Bearer <access token>`. */
  authorization: string;
}

/** A spec of a visible product whose stock is not tracked: any number of units can be bought. */
export interface BenchProduct {
  products_id: number;
  spec_id: number;
}

export interface BenchShoppers {
  /** Members that only add to their cart. */
  carts: Shopper[];
  /** Members that add one unit and order it, one per connection. */
  buyers: Shopper[];
  products: BenchProduct[];
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Adds `count` members with accounts 0980000001… (outside the demo's numbers) and answers them. */
async function insertMembers(client: pg.Client, from: number, count: number) {
  const { rows } = await client.query<{ id: number; account: string }>(
    `INSERT INTO members (account, password_hash, name, cell_phone)
     SELECT a, (SELECT password_hash FROM members WHERE account = $3), '壓測會員' || g, a
       FROM generate_series($1::int, $1::int + $2::int - 1) AS g, LATERAL (SELECT '098' || lpad(g::text, 7, '0') AS a) AS acc
     ON CONFLICT (account) DO UPDATE SET account = EXCLUDED.account
     RETURNING id, account`,
    [from, count, DEMO_ACCOUNT],
  );
  await client.query(
    `INSERT INTO member_bonus (member_id) SELECT unnest($1::int[]) ON CONFLICT (member_id) DO NOTHING`,
    [rows.map((r) => r.id)],
  );
  return rows.sort((a, b) => a.account.localeCompare(b.account));
}

async function findProducts(client: pg.Client, limit: number): Promise<BenchProduct[]> {
  const { rows } = await client.query<{ products_id: number; spec_id: number }>(
    `SELECT p.id AS products_id, s.id AS spec_id
       FROM products p JOIN product_specs s ON s.product_id = p.id
      WHERE p.status = 1 AND s.stock IS NULL AND p.internet_celebrity = false
        AND (p.activity_start_time IS NULL OR p.activity_start_time <= now())
        AND (p.activity_end_time IS NULL OR p.activity_end_time >= now())
      ORDER BY p.index_id, p.id, s.id
      LIMIT $1`,
    [limit],
  );
  return rows;
}

async function logIn(shopUrl: string, account: string): Promise<Shopper> {
  const res = await fetch(`${shopUrl}/api/v1/members/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: DEMO_PASSWORD }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST /members/auth for ${account} answered ${res.status}: ${text.slice(0, 200)}`);
  const data = (JSON.parse(text) as { data: { id: number; token: { access_token: string } } }).data;
  return { id: data.id, account, authorization: `Bearer ${data.token.access_token}` };
}

/** Logs the accounts in, a few at a time (each login is a deliberately slow argon2id check). */
async function logInAll(shopUrl: string, accounts: string[]): Promise<Shopper[]> {
  const shoppers: Shopper[] = new Array(accounts.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < accounts.length; i = next++) shoppers[i] = await logIn(shopUrl, accounts[i]!);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return shoppers;
}

let prepared: Promise<BenchShoppers> | undefined;

/**
 * The bench's shoppers, made once per run: `cartMembers` for the add-to-cart target and `buyers`
 * (one per connection of the largest concurrency, plus one for the check) for the order target.
 */
export function benchShoppers(
  shopUrl: string,
  databaseUrl: string | undefined,
  counts: { cartMembers: number; buyers: number },
): Promise<BenchShoppers> {
  if (!databaseUrl) {
    return Promise.reject(
      new Error(
        'needs BENCH_DATABASE_URL (PostgreSQL): the bench adds its shoppers to the database, which PGlite does not allow from outside',
      ),
    );
  }
  prepared ??= (async () => {
    const { carts, buyers, products } = await withClient(databaseUrl, async (client) => ({
      carts: await insertMembers(client, 1, counts.cartMembers),
      buyers: await insertMembers(client, 1_000_001, counts.buyers),
      products: await findProducts(client, 10),
    }));
    if (products.length === 0) throw new Error('no visible product with untracked stock in the demo data');
    return {
      carts: await logInAll(
        shopUrl,
        carts.map((m) => m.account),
      ),
      buyers: await logInAll(
        shopUrl,
        buyers.map((m) => m.account),
      ),
      products,
    };
  })();
  return prepared;
}
