// Back-office order reads (issue 7 item 5): list, detail with the order's history, CSV export and the
// dashboard's figures. The handling steps that change an order live with the order's other moves in
// the orders module (orders/order-handling.service.ts).
import {
  labelOf,
  msg,
  parseJsonSafe,
  parseTextList,
  readOrderLines,
  taipeiDate,
  taipeiDateTime,
  type AdminOrderFilter,
  type TimeRange,
} from '@shop/domain';
import type { Db, Tx } from '../../db/client.ts';
import { NotFound } from '../../errors.ts';
import { recordAudit } from '../admin/index.ts';
import type { Config } from '../../config.ts';
import { adminInvoiceViewOf } from '../invoices/index.ts';
import { adminShipmentViewOf } from '../logistics/index.ts';
import * as repo from './admin-orders.repository.ts';
import { listOrderEvents, orderAmountsJson, paymentInstructionsJson } from '../orders/index.ts';
import { jobsRepository } from '../jobs/index.ts';
import { listOrderPayments } from '../payments/index.ts';
import { toCsv, type CsvColumn } from '../../http/csv.ts';

/** The CSV export stops here; a larger shop narrows the dates. */
export const CSV_MAX_ROWS = 20_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function listJson(row: repo.OrderListRow) {
  return {
    id: row.id,
    order_number: row.orderNumber,
    created_at: row.createdAt.toISOString(),
    member_id: row.memberId,
    member_cellphone: row.memberCellphone,
    recv_name: row.recvName,
    recv_cellphone: row.recvCellphone,
    payment_type: row.paymentType,
    delivery_method: row.deliveryMethod,
    is_payment: row.isPayment,
    is_shipping: row.isShipping,
    ship_date: iso(row.shipDate),
    freight_company: row.freightCompany,
    tracking_number: row.trackingNumber,
    status: row.status,
    pay_amount: row.payAmount,
    last_number_of_transfer: row.lastNumberOfTransfer,
    cancel_status: row.cancelStatus,
    return_status: row.returnStatus,
    version: row.version,
  };
}

export async function listOrders(db: Db, filter: AdminOrderFilter) {
  const [rows, total] = await Promise.all([
    repo.findOrders(db, filter, filter.size, (filter.page - 1) * filter.size),
    repo.countOrders(db, filter),
  ]);
  return { data: rows.map(listJson), total };
}

/** A member's orders for the member page (newest first). */
export async function ordersOfMember(db: Db, memberId: number, limit = 100) {
  const rows = await repo.findOrdersOfMember(db, memberId, limit);
  return rows.map(listJson);
}

// ---- CSV ---------------------------------------------------------------------------------------

function linesText(row: repo.OrderListRow): string {
  return readOrderLines(row.productInfo, row.packageInfo)
    .map((l) => `${l.name}${l.spec_name ? `（${l.spec_name}）` : ''} x${l.qty}`)
    .join('；');
}

const csvColumns: CsvColumn<repo.OrderListRow>[] = [
  { header: '訂單編號', value: (r) => r.orderNumber },
  { header: '訂購時間', value: (r) => taipeiDateTime(r.createdAt) },
  { header: '訂單狀態', value: (r) => labelOf(msg.orderStatusLabel, r.status) },
  { header: '付款方式', value: (r) => labelOf(msg.paymentMethodLabel, r.paymentType) },
  { header: '付款狀態', value: (r) => (r.isPayment ? '已付款' : '未付款') },
  { header: '匯款帳號末五碼', value: (r) => r.lastNumberOfTransfer ?? '', keepDigits: true },
  { header: '配送方式', value: (r) => labelOf(msg.deliveryMethodLabel, r.deliveryMethod) },
  { header: '出貨狀態', value: (r) => (r.isShipping ? '已出貨' : '未出貨') },
  { header: '出貨日期', value: (r) => (r.shipDate ? taipeiDate(r.shipDate) : '') },
  { header: '物流公司', value: (r) => r.freightCompany },
  { header: '物流單號', value: (r) => r.trackingNumber, keepDigits: true },
  { header: '訂購人手機', value: (r) => r.memberCellphone, keepDigits: true },
  { header: '收件人', value: (r) => r.recvName },
  { header: '收件人手機', value: (r) => r.recvCellphone, keepDigits: true },
  { header: '收件地址', value: (r) => r.recvAddress },
  { header: '商品明細', value: linesText },
  { header: '商品金額', value: (r) => r.goodsAmount },
  { header: '組合優惠', value: (r) => r.discountAmount },
  { header: '網紅折扣', value: (r) => r.celebrityDiscount },
  { header: '會員折扣', value: (r) => r.levelDiscount },
  { header: '優惠券', value: (r) => r.couponCode ?? '' },
  { header: '優惠券折抵', value: (r) => r.couponDiscount },
  { header: '運費', value: (r) => r.shipping },
  { header: '紅利折抵', value: (r) => r.useBonus },
  { header: '應付金額', value: (r) => r.payAmount },
  { header: '取消申請', value: (r) => labelOf(msg.cancelStatusLabel, r.cancelStatus) },
  { header: '退貨申請', value: (r) => labelOf(msg.returnStatusLabel, r.returnStatus) },
  { header: '備註', value: (r) => r.remark },
];

/** The filtered list (every page) as an Excel-ready CSV, with its file name. */
/**
 * The CSV holds buyers' names, phones and addresses: who took which export, and when, goes to the
 * audit log with the file (issue 19), so a leak can be traced to an account.
 */
export async function exportOrdersCsv(db: Db, staffId: number, filter: AdminOrderFilter, now: Date) {
  const rows = await repo.findOrders(db, filter, CSV_MAX_ROWS);
  const filename = `orders-${taipeiDate(now).replaceAll('-', '')}.csv`;
  await db.transaction((tx) =>
    recordAudit(tx, {
      staffId,
      action: 'export',
      entity: 'orders',
      entityId: filename,
      after: { filter, rows: rows.length, order_numbers: rows.map((r) => r.orderNumber) },
    }),
  );
  return { filename, body: toCsv(csvColumns, rows) };
}

// ---- detail ------------------------------------------------------------------------------------

/** The owner's order page shows the refund account in full: the shop sends the money to it (docs/decisions/048). */
function refundAccountOf(r: repo.CancelRecordRow | repo.ReturnRecordRow) {
  if (!r.refundBankCode || !r.refundAccount || !r.refundHolder) return null;
  return { bank_code: r.refundBankCode, account: r.refundAccount, holder: r.refundHolder, masked: false };
}

function cancelJson(r: repo.CancelRecordRow | null) {
  if (!r) return null;
  return {
    id: r.id,
    status: r.status,
    contact_phone: r.contactPhone,
    reason: r.reason,
    refund_account: refundAccountOf(r),
    created_at: r.createdAt.toISOString(),
    handled_at: iso(r.handledAt),
  };
}

function returnJson(r: repo.ReturnRecordRow | null) {
  if (!r) return null;
  return {
    id: r.id,
    status: r.status,
    contact_person: r.contactPerson,
    contact_phone: r.contactPhone,
    spec: r.spec,
    reason: r.reason,
    pic: parseTextList(r.pic),
    refund_amount: r.refundAmount,
    refund_account: refundAccountOf(r),
    created_at: r.createdAt.toISOString(),
    handled_at: iso(r.handledAt),
  };
}

export async function getOrder(db: Db, id: number, config: Config) {
  const order = await repo.findOrder(db, id);
  if (!order) throw new NotFound('找不到此訂單');
  const [cancel, ret, member, events, payments, failedJobs, eInvoice, shipment] = await Promise.all([
    repo.findCancelRecord(db, id),
    repo.findReturnRecord(db, id),
    order.memberId ? repo.findMemberSummary(db, order.memberId) : null,
    listOrderEvents(db, id),
    listOrderPayments(db, id),
    jobsRepository.findFailedJobsOfOrder(db, id),
    adminInvoiceViewOf(db, id),
    adminShipmentViewOf(db, config, id),
  ]);
  return {
    id: order.id,
    order_number: order.orderNumber,
    created_at: order.createdAt.toISOString(),
    member: member ? { id: member.id, account: member.account, name: member.name, cell_phone: member.cellPhone } : null,
    member_cellphone: order.memberCellphone,
    payment_type: order.paymentType,
    delivery_method: order.deliveryMethod,
    is_payment: order.isPayment,
    paid_at: iso(order.paidAt),
    is_shipping: order.isShipping,
    ship_date: iso(order.shipDate),
    freight_company: order.freightCompany,
    tracking_number: order.trackingNumber,
    status: order.status,
    ...orderAmountsJson(order),
    celebrity_code: order.celebrityCode,
    recv_name: order.recvName,
    recv_cellphone: order.recvCellphone,
    recv_address: order.recvAddress,
    store_info: parseJsonSafe(order.storeInfo, null),
    remark: order.remark,
    receipt: parseJsonSafe(order.receipt, {}),
    lines: readOrderLines(order.productInfo, order.packageInfo),
    bundle_info: parseJsonSafe(order.bundleInfo, []),
    ...paymentInstructionsJson(order),
    last_number_of_transfer: order.lastNumberOfTransfer,
    trade_no: order.tradeNo,
    refund_due: order.refundDue as 'paid_after_cancel' | 'paid_twice' | null,
    is_return: order.isReturn,
    cancel_record: cancelJson(cancel),
    return_record: returnJson(ret),
    version: order.version,
    /** The order's lifecycle moves, oldest first (order_events). */
    events,
    refunded_at: iso(order.refundedAt),
    payments,
    failed_jobs: failedJobs.map((j) => ({
      id: j.id,
      kind: j.kind,
      attempts: j.attempts,
      last_error: j.lastError,
      updated_at: j.updatedAt.toISOString(),
    })),
    e_invoice: eInvoice,
    shipment,
  };
}

// ---- catalogue guard ---------------------------------------------------------------------------

/** What the back office is about to delete: a product, some of its specs, or a package. */
export interface CatalogueItem {
  productId?: number;
  specIds?: readonly number[];
  packageId?: number;
}

/**
 * Order numbers of open orders holding the item (issue 7: a product in open orders cannot be
 * deleted — staff deactivate it instead). Read from the frozen line snapshots, so a malformed one
 * is skipped rather than failing the check (spec §8).
 */
export async function openOrdersWith(db: Db | Tx, item: CatalogueItem): Promise<string[]> {
  const specIds = new Set(item.specIds ?? []);
  const rows = await repo.findOpenOrderSnapshots(db);
  return rows
    .filter((row) =>
      readOrderLines(row.productInfo, row.packageInfo).some((line) =>
        line.kind === 'package'
          ? line.id === item.packageId
          : line.id === item.productId || (line.spec_id !== null && specIds.has(line.spec_id)),
      ),
    )
    .map((row) => row.orderNumber);
}

// ---- dashboard ---------------------------------------------------------------------------------

/**
 * Orders and revenue in two Taipei time spans plus the to-do counters. Revenue is pay_amount of
 * orders that are Processing or Complete (docs/decisions/030).
 */
export async function orderDashboard(db: Db, today: TimeRange, month: TimeRange) {
  const [day, monthTotals, todo, latest] = await Promise.all([
    repo.orderTotals(db, today.start, today.end),
    repo.orderTotals(db, month.start, month.end),
    repo.todoCounts(db),
    repo.findOrders(db, {}, 8),
  ]);
  return { today: day, month: monthTotals, todo, latest_orders: latest.map(listJson) };
}
