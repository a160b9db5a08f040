// Logistics orders at ECPay (issue 17 items 2 and 3, docs/decisions/054): one row each time the back
// office asks for a shipment of an order, and every status notice ECPay sent about it. Written by the
// logistics module only; the order's own move (shipped, arrived, picked up…) is the orders module's.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { SHIPMENT_STATES } from '@shop/domain';
import { createdAt, id, tstz, updatedAt } from './columns.ts';
import { orders } from './orders.ts';
import { staff } from './staff.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** A logistics order (/Express/Create): created pending with the job that asks ECPay for it. */
export const shipments = pgTable(
  'shipments',
  {
    /** Key. */
    id: id(),
    /** The order shipped. */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** 'pending' (the job asks ECPay, retrying while it cannot), 'created' or 'refused'. */
    state: varchar('state', { length: 16 }).notNull().default('pending'),
    /** MerchantTradeNo sent: `L`, the order id and this row's id, so a refused order can ask again. */
    merchantTradeNo: varchar('merchant_trade_no', { length: 20 }).notNull(),
    /** LogisticsType: CVS or HOME. */
    logisticsType: varchar('logistics_type', { length: 8 }).notNull(),
    /** LogisticsSubType: UNIMARTC2C, FAMIC2C, HILIFEC2C, OKMARTC2C, UNIMART, FAMI, HILIFE, TCAT. */
    subType: varchar('sub_type', { length: 16 }).notNull(),
    /** Temperature of home delivery: 0001 room, 0002 refrigerated, 0003 frozen; '0001' for stores. */
    temperature: varchar('temperature', { length: 4 }).notNull().default('0001'),
    /** Whether the store collects the money on pickup (IsCollection=Y), and how much (NT$). */
    collectionAmount: integer('collection_amount').notNull().default(0),
    /** ECPay's AllPayLogisticsID once created; NULL before. */
    allPayLogisticsId: varchar('all_pay_logistics_id', { length: 20 }),
    /** 寄貨編號 of a store shipment. */
    cvsPaymentNo: varchar('cvs_payment_no', { length: 20 }).notNull().default(''),
    /** 驗證碼 of a 7-ELEVEN C2C shipment. */
    cvsValidationNo: varchar('cvs_validation_no', { length: 10 }).notNull().default(''),
    /** 托運單號 of home delivery. */
    bookingNote: varchar('booking_note', { length: 50 }).notNull().default(''),
    /** ECPay's last RtnCode (the create answer, then each status notice); NULL before any. */
    statusCode: integer('status_code'),
    /** ECPay's last RtnMsg. */
    statusMessage: text('status_message').notNull().default(''),
    /** Why it was refused (ECPay's words, or the shop's check before asking); '' otherwise. */
    error: text('error').notNull().default(''),
    /** Who pressed 建立物流單. */
    requestedBy: integer('requested_by').references(() => staff.id, { onDelete: 'set null' }),
    /** ECPay's answer to /Express/Create (never the merchant's key or IV). */
    answer: jsonb('answer'),
    /** When created. */
    createdAt: createdAt(),
    /** When last changed. */
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('uq_shipments_merchant_trade_no').on(t.merchantTradeNo),
    unique('uq_shipments_all_pay_logistics_id').on(t.allPayLogisticsId),
    // One live logistics order per order: a refused one may be asked for again.
    uniqueIndex('uq_shipments_live_order')
      .on(t.orderId)
      .where(sql`${t.state} IN ('pending', 'created')`),
    index('idx_shipments_order_id').on(t.orderId),
    check('shipments_state_known', sql`${t.state} IN (${inList(SHIPMENT_STATES)})`),
    check('shipments_logistics_type_known', sql`${t.logisticsType} IN ('CVS', 'HOME')`),
    check('shipments_temperature_known', sql`${t.temperature} IN ('0001', '0002', '0003')`),
    check('shipments_collection_amount', sql`${t.collectionAmount} BETWEEN 0 AND 20000`),
    check('shipments_created_has_id', sql`${t.state} <> 'created' OR ${t.allPayLogisticsId} IS NOT NULL`),
  ],
);

/** ECPay's status notices (ServerReplyURL) about a shipment, each kept once however often it is sent. */
export const shipmentNotices = pgTable(
  'shipment_notices',
  {
    /** Key. */
    id: id(),
    /** The shipment it is about. */
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    /** RtnCode: ECPay's logistics status code. */
    code: integer('code').notNull(),
    /** RtnMsg. */
    message: text('message').notNull().default(''),
    /** UpdateStatusDate as ECPay wrote it (Taipei, yyyy/MM/dd HH:mm:ss): with the code, what makes a notice the same. */
    statusDate: varchar('status_date', { length: 20 }).notNull(),
    /** UpdateStatusDate read as a moment; NULL when unreadable. */
    statusAt: tstz('status_at'),
    /** The signed fields as received. */
    fields: jsonb('fields').notNull(),
    /** When received. */
    createdAt: createdAt(),
  },
  (t) => [unique('uq_shipment_notices_status').on(t.shipmentId, t.code, t.statusDate)],
);
