// 庫存不足 (issue 42): specs whose tracked stock fell to their level (or the shop's default level), for
// the dashboard's counter, the product list's filter and the owner's daily email. The daily email is
// an outbox job deduplicated by the Taiwan day, so several processes and hourly sweeps send one.
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { DEFAULT_LOW_STOCK_LEVEL, LOW_STOCK_LABEL, taipeiDate } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { productSpecs, products, systemSettings } from '../../db/schema/index.ts';
import { enqueueJob, type JobHandler } from '../jobs/index.ts';
import type { MailSender } from '../notifications/index.ts';

export const LOW_STOCK_ALERT_JOB = 'low-stock-alert';
/** How many specs the email lists; the back office's filter shows them all. */
const EMAIL_SPECS = 50;

/** The shop's level, read in the same statement so a changed setting counts at once. */
const shopLevel = sql`coalesce((SELECT ${systemSettings.lowStockLevel} FROM ${systemSettings} WHERE ${systemSettings.id} = 1), ${DEFAULT_LOW_STOCK_LEVEL})`;

/** The SQL condition of a low spec. */
export const lowStockSpec = and(
  isNotNull(productSpecs.stock),
  sql`${productSpecs.stock} <= coalesce(${productSpecs.lowStockLevel}, ${shopLevel})`,
)!;

/** Products with at least one low spec (the product list's 庫存不足 filter). */
export const productHasLowStock = sql`${products.id} IN (SELECT ${productSpecs.productId} FROM ${productSpecs} WHERE ${lowStockSpec})`;

export async function shopLowStockLevel(db: Db): Promise<number> {
  const [row] = await db.select({ level: systemSettings.lowStockLevel }).from(systemSettings).limit(1);
  return row?.level ?? DEFAULT_LOW_STOCK_LEVEL;
}

export async function countLowStockSpecs(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(productSpecs).where(lowStockSpec);
  return row?.n ?? 0;
}

export async function listLowStockSpecs(db: Db, limit: number) {
  return db
    .select({ productId: products.id, name: products.name, specName: productSpecs.name, stock: productSpecs.stock })
    .from(productSpecs)
    .innerJoin(products, eq(products.id, productSpecs.productId))
    .where(lowStockSpec)
    .orderBy(asc(productSpecs.stock), asc(products.id), asc(productSpecs.id))
    .limit(limit);
}

/** Records today's email when something is low; a second call the same Taiwan day adds nothing. */
export async function enqueueLowStockAlert(db: Db, now: Date): Promise<boolean> {
  if ((await countLowStockSpecs(db)) === 0) return false;
  const day = taipeiDate(now);
  const { created } = await db.transaction((tx) =>
    enqueueJob(tx, { kind: LOW_STOCK_ALERT_JOB, payload: { day }, dedupeKey: `low-stock:${day}` }),
  );
  return created;
}

/** The email, written when the job runs so it lists the stock as it is then. */
function lowStockMail(day: string, rows: Awaited<ReturnType<typeof listLowStockSpecs>>, total: number) {
  const lines = rows.map((r) => `・${r.name}（${r.specName}）剩 ${r.stock} 件`);
  const more =
    total > rows.length
      ? [`…另有 ${total - rows.length} 個規格，請至後台「商品」以「${LOW_STOCK_LABEL}」篩選查看。`]
      : [];
  const text = [`${day} ${LOW_STOCK_LABEL}：共 ${total} 個規格已低於安全庫存。`, '', ...lines, ...more].join('\n');
  const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const html = text
    .split('\n')
    .map((l) => `<p>${escape(l)}</p>`)
    .join('');
  return { subject: `【${LOW_STOCK_LABEL}】${total} 個商品規格需要補貨（${day}）`, text, html };
}

/** Sends the day's email to the shop's e-mail address (商店設定 → 客服信箱); none set: nothing to send. */
export function lowStockJobHandlers(deps: { db: Db; mail: MailSender }): Record<string, JobHandler> {
  return {
    [LOW_STOCK_ALERT_JOB]: async (payload) => {
      const given = (payload as { day?: unknown } | null)?.day;
      const day = typeof given === 'string' ? given : taipeiDate(new Date());
      const [settings] = await deps.db.select({ email: systemSettings.serviceEmail }).from(systemSettings).limit(1);
      const to = settings?.email.trim() ?? '';
      const total = await countLowStockSpecs(deps.db);
      if (!to || total === 0) return;
      const rows = await listLowStockSpecs(deps.db, EMAIL_SPECS);
      // The same id on a retry, so a receiving server may drop a repeat.
      await deps.mail.send({ to, ...lowStockMail(day, rows, total), messageId: `<low-stock-${day}@shop>` });
    },
  };
}
