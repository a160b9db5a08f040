// Shipments through ECPay's logistics (issue 17 items 2 and 3, docs/decisions/054): the logistics
// order the back office creates for an order, what ECPay's status notices mean for the order, the
// limits ECPay puts on a receiver, and their zh-TW texts. Pure: shared by the API and the back office.
import { z } from 'zod';
import { isoDateTimeSchema } from './entities.ts';
import type { OrderEvent } from './order-lifecycle.ts';

/** pending: asked of ECPay, or waiting to be (the job retries); created: ECPay took it; refused: ECPay said no. */
export const SHIPMENT_STATES = ['pending', 'created', 'refused'] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];

export const shipmentStateLabel: Record<ShipmentState, string> = {
  pending: '待建立',
  created: '已建立物流單',
  refused: '綠界拒絕建立',
};

/** The chain or carrier of each LogisticsSubType, as the order's freight company reads (and its tracking link matches). */
export const LOGISTICS_CARRIER_NAMES: Record<string, string> = {
  UNIMARTC2C: '7-ELEVEN 交貨便',
  FAMIC2C: '全家店到店',
  HILIFEC2C: '萊爾富 店到店',
  OKMARTC2C: 'OK 超商 店到店',
  UNIMART: '7-ELEVEN 超商取貨',
  FAMI: '全家 超商取貨',
  HILIFE: '萊爾富 超商取貨',
  TCAT: '黑貓宅急便',
};

/** What the Temperature of a shipment is called. */
export const temperatureLabel: Record<string, string> = { '0001': '常溫', '0002': '冷藏', '0003': '冷凍' };

/**
 * ECPay's logistics status codes (RtnCode of the status notice, 物流狀態代碼) that move an order, by
 * the chains' own codes: 7-ELEVEN (2xxx), 全家, 萊爾富 and OK (3xxx), 黑貓 (3xxx of home delivery).
 * Every other code is kept in the shipment's history and moves nothing.
 */
export const LOGISTICS_STATUS_EVENTS: Record<number, OrderEvent> = {
  2030: 'transit', // 7-ELEVEN: the parcel was dropped at a store (賣家已到門市寄件)
  2068: 'transit', // 7-ELEVEN: the parcel reached the logistics centre (交貨便收件)
  3024: 'transit', // 全家, 萊爾富, OK: the parcel reached the logistics centre (貨件已至物流中心)
  3006: 'transit', // 黑貓: out for delivery (配送中)
  3001: 'transit', // 黑貓: collected, in transfer (轉運中)
  2073: 'arrive', // 7-ELEVEN: at the pickup store (商品配達買家取貨門市)
  3018: 'arrive', // 全家, 萊爾富, OK: at the store, the buyer texted (到店尚未取貨，簡訊通知取件)
  2067: 'pick_up', // 7-ELEVEN: picked up (消費者成功取件)
  3022: 'pick_up', // 全家, 萊爾富, OK: picked up (買家已到店取貨)
  2074: 'unclaim', // 7-ELEVEN: not picked up in seven days (消費者七天未取件)
  3020: 'unclaim', // 全家, 萊爾富, OK: not picked up, going back (貨件未取退回物流中心)
  3003: 'deliver', // 黑貓: delivered (配完)
};

/** The lifecycle event a status code stands for; null for the codes that only inform. */
export function logisticsStatusEvent(code: number): OrderEvent | null {
  return LOGISTICS_STATUS_EVENTS[code] ?? null;
}

/** The chains keep a parcel seven days at the pickup store (7-ELEVEN, 全家, 萊爾富, OK alike). */
export const PICKUP_DAYS = 7;

/**
 * The width ECPay measures ReceiverName and SenderName in: a CJK character counts two, a Latin letter
 * one ("4–10 characters, Chinese 2–5").
 */
export function logisticsNameWidth(name: string): number {
  let width = 0;
  for (const ch of name) width += ch.codePointAt(0)! <= 0xff ? 1 : 2;
  return width;
}

export const shipmentMsg = {
  receiverName: '收件人姓名須為中文 2–5 字或英文 4–10 字，且不含數字與符號，綠界物流無法寄送',
  receiverAddress: '收件地址須為 6–60 個字，綠界物流無法寄送',
  receiverZip: '收件地址找不到郵遞區號，綠界物流無法寄送',
  receiverPhone: '收件人手機須為 09 開頭的 10 位數字，綠界物流無法寄送',
  noStore: '訂單沒有取貨門市，無法建立超商物流單',
  chainNotInContract: '本商店的超商物流合約不含此門市的超商',
  collectionTooMuch: '超商代收貨款上限為 NT$20,000，無法建立物流單',
  coldNotAtStores: '低溫配送只能宅配（黑貓），無法寄到超商',
  notShippable: '訂單目前無法建立物流單',
  alreadyRequested: '此訂單已有物流單',
  simulatorOnly: '只有模擬模式可以模擬物流進度',
  nothingToAdvance: '此物流單沒有下一個模擬狀態',
  noShipment: '此訂單沒有已建立的物流單',
} as const;

/** Why ECPay would refuse this receiver name, or null (ReceiverName: 4–10 wide, letters only). */
export function receiverNameProblem(name: string): string | null {
  const trimmed = name.trim();
  const width = logisticsNameWidth(trimmed);
  if (width < 4 || width > 10 || /[0-9\p{P}\p{S}]/u.test(trimmed)) return shipmentMsg.receiverName;
  return null;
}

/** Why ECPay would refuse this home-delivery address, or null (ReceiverAddress: 6–60 characters). */
export function receiverAddressProblem(address: string): string | null {
  const length = [...address.trim()].length;
  return length < 6 || length > 60 ? shipmentMsg.receiverAddress : null;
}

/** A status notice as the back office shows it. */
export const shipmentNoticeViewSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  /** UpdateStatusDate, when ECPay says the status changed. */
  at: isoDateTimeSchema.nullable(),
});

/** The order's logistics order at ECPay (GET /admin/orders/{id}: `shipment`). */
export const adminShipmentViewSchema = z.object({
  id: z.number().int(),
  state: z.enum(SHIPMENT_STATES),
  /** CVS or HOME. */
  logistics_type: z.string(),
  /** UNIMARTC2C, FAMI, TCAT…. */
  sub_type: z.string(),
  /** Temperature: 0001 room, 0002 refrigerated, 0003 frozen. */
  temperature: z.string(),
  merchant_trade_no: z.string(),
  all_pay_logistics_id: z.string(),
  /** 寄貨編號 of a store shipment. */
  cvs_payment_no: z.string(),
  /** 驗證碼 of a 7-ELEVEN C2C shipment. */
  cvs_validation_no: z.string(),
  /** 托運單號 of home delivery. */
  booking_note: z.string(),
  /** ECPay's last status code and message. */
  status_code: z.number().int().nullable(),
  status_message: z.string(),
  /** Why it was refused, by ECPay or by the shop before asking; '' otherwise. */
  error: z.string(),
  /** Until when the parcel waits at the pickup store; null until it arrives. */
  pickup_deadline: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
  notices: z.array(shipmentNoticeViewSchema),
  /** Whether the back office may print its label (created), and may play the next status (simulator only). */
  can_print: z.boolean(),
  can_simulate: z.boolean(),
});
export type AdminShipmentView = z.infer<typeof adminShipmentViewSchema>;

/** POST /admin/shipments: 建立物流單 for the selected orders. */
export const createShipmentsSchema = z.object({
  order_ids: z.array(z.number().int().positive()).min(1).max(100),
});
export type CreateShipmentsInput = z.infer<typeof createShipmentsSchema>;

/** What 建立物流單 did with each order: asked (a job waits), or why not. */
export const shipmentRequestResultSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  ok: z.boolean(),
  msg: z.string(),
});
export type ShipmentRequestResult = z.infer<typeof shipmentRequestResultSchema>;
