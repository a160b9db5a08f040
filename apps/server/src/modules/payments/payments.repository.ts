// SQL of the payments module: reads of the payment columns of `orders` (is_payment, paid_at,
// trade_no, virtual_account*) and the `payment_notifications` log. The orders module writes the order
// (orders.repository.ts markPaid, setVirtualAccount), as it writes every change of an order.
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, type PAYMENT_PROVIDERS, paymentNotifications, paymentTransactions } from '../../db/schema/index.ts';

/** A transaction handle, or the database itself. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

const paymentColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  memberId: orders.memberId,
  paymentType: orders.paymentType,
  status: orders.status,
  isPayment: orders.isPayment,
  paidAt: orders.paidAt,
  payAmount: orders.payAmount,
  shipping: orders.shipping,
  tradeNo: orders.tradeNo,
  virtualAccount: orders.virtualAccount,
  virtualAccountBankCode: orders.virtualAccountBankCode,
  virtualAccountExpireDate: orders.virtualAccountExpireDate,
  paymentCode: orders.paymentCode,
  installments: orders.installments,
  paymentBarcode1: orders.paymentBarcode1,
  paymentBarcode2: orders.paymentBarcode2,
  paymentBarcode3: orders.paymentBarcode3,
  paymentCodeExpireDate: orders.paymentCodeExpireDate,
  productInfo: orders.productInfo,
  packageInfo: orders.packageInfo,
};

export type PaymentOrder = {
  id: number;
  orderNumber: string;
  memberId: number | null;
  paymentType: number;
  status: number;
  isPayment: boolean;
  paidAt: Date | null;
  payAmount: number;
  shipping: number;
  tradeNo: string | null;
  virtualAccount: string | null;
  virtualAccountBankCode: string | null;
  virtualAccountExpireDate: Date | null;
  paymentCode: string | null;
  installments: number | null;
  paymentBarcode1: string | null;
  paymentBarcode2: string | null;
  paymentBarcode3: string | null;
  paymentCodeExpireDate: Date | null;
  productInfo: string;
  packageInfo: string;
};

export async function findOrderById(db: Tx, id: number): Promise<PaymentOrder | undefined> {
  const [row] = await db.select(paymentColumns).from(orders).where(eq(orders.id, id));
  return row;
}

/** The order, locked until the transaction ends (a confirm and its replay may race). */
export async function lockOrderById(tx: Tx, id: number): Promise<PaymentOrder | undefined> {
  const [row] = await tx.select(paymentColumns).from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** The order behind a MerchantTradeNo, locked until the transaction ends (callbacks may race). */
export async function lockOrderByNumber(tx: Tx, orderNumber: string): Promise<PaymentOrder | undefined> {
  const [row] = await tx.select(paymentColumns).from(orders).where(eq(orders.orderNumber, orderNumber)).for('update');
  return row;
}

export interface NotificationRow {
  provider: 'ecpay' | 'bankcard';
  merchantTradeNo: string;
  tradeNo: string;
  kind: string;
  raw: Record<string, string>;
  verified: boolean;
}

/**
 * Stores a callback; false when the same (provider, kind, MerchantTradeNo, TradeNo) was stored
 * before, i.e. this one is a replay and must change nothing more.
 */
export async function insertNotification(tx: Tx, row: NotificationRow): Promise<boolean> {
  const inserted = await tx
    .insert(paymentNotifications)
    .values(row)
    .onConflictDoNothing({
      target: [
        paymentNotifications.provider,
        paymentNotifications.kind,
        paymentNotifications.merchantTradeNo,
        paymentNotifications.tradeNo,
      ],
    })
    .returning({ id: paymentNotifications.id });
  return inserted.length > 0;
}

export async function findOrderIdByNumber(db: Tx, orderNumber: string): Promise<number | undefined> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
  return row?.id;
}

// ---- payment_transactions ----------------------------------------------------------------------

export type TransactionRow = typeof paymentTransactions.$inferSelect;
export type NewTransaction = typeof paymentTransactions.$inferInsert;
type Provider = (typeof PAYMENT_PROVIDERS)[number];
type Kind = 'request' | 'confirm' | 'refund';

/** The conditions naming one provider's calls of one kind. */
const callsOf = (provider: Provider, kind: Kind) => [
  eq(paymentTransactions.provider, provider),
  eq(paymentTransactions.kind, kind),
];

/** Stores a call's outcome; false when the provider's transaction was recorded for this kind before (a replay). */
export async function insertTransaction(db: Tx, row: NewTransaction): Promise<boolean> {
  const inserted = await db
    .insert(paymentTransactions)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: paymentTransactions.id });
  return inserted.length > 0;
}

/** A call about to be made whose outcome must be known before it is made again (a refund). */
export async function insertPendingTransaction(
  db: Tx,
  row: Pick<NewTransaction, 'orderId' | 'provider' | 'kind' | 'providerOrderId' | 'amount'>,
): Promise<number> {
  const [inserted] = await db
    .insert(paymentTransactions)
    .values({ ...row, status: 'pending' })
    .returning({ id: paymentTransactions.id });
  return inserted!.id;
}

export async function updateTransaction(
  db: Tx,
  id: number,
  change: Partial<Pick<NewTransaction, 'status' | 'returnCode' | 'message' | 'transactionId' | 'answer'>>,
): Promise<void> {
  await db
    .update(paymentTransactions)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(paymentTransactions.id, id));
}

export async function findTransaction(
  db: Tx,
  provider: Provider,
  kind: Kind,
  transactionId: string,
): Promise<TransactionRow | undefined> {
  if (!transactionId) return undefined;
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(and(...callsOf(provider, kind), eq(paymentTransactions.transactionId, transactionId)));
  return row;
}

/** The order's latest succeeded transaction of a kind (its confirmed payment, its refund). */
export async function findOrderTransaction(
  db: Tx,
  orderId: number,
  provider: Provider,
  kind: Kind,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.orderId, orderId),
        ...callsOf(provider, kind),
        eq(paymentTransactions.status, 'succeeded'),
      ),
    )
    .orderBy(desc(paymentTransactions.id))
    .limit(1);
  return row;
}

export async function countTransactions(db: Tx, orderId: number, provider: Provider, kind: Kind): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, orderId), ...callsOf(provider, kind)));
  return row?.n ?? 0;
}

/** Every transaction of an order, oldest first (the back office's payment history). */
export async function listOrderTransactions(db: Tx, orderId: number): Promise<TransactionRow[]> {
  return db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.orderId, orderId))
    .orderBy(paymentTransactions.id);
}
