// Shipments through ECPay's logistics (issue 17 items 2 and 3, docs/decisions/054). 建立物流單 records
// a pending shipment and its `create-shipment` job per order in one transaction; the job asks
// /Express/Create and, when ECPay takes it, ships the order (orders module) with the chain or carrier
// and the number the shopper tracks. ECPay's status notices are verified, kept once each, and move
// the order (in transit, at the store, picked up, not picked up, delivered).
import {
  DeliveryMethod,
  LOGISTICS_CARRIER_NAMES,
  logisticsStatusEvent,
  parseJsonSafe,
  parseTaiwanAddress,
  PaymentMethod,
  readOrderLines,
  receiverAddressProblem,
  receiverNameProblem,
  shipmentMsg,
  type AdminShipmentView,
  type ShipmentRequestResult,
  type ShipmentState,
  type StoreChain,
} from '@shop/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { Invalid, NotFound } from '../../errors.ts';
import { enqueueJob } from '../jobs/index.ts';
import { isShippable, ordersRepository, recordDeliveryProgress, shipByLogistics } from '../orders/index.ts';
import type { EcpayFields } from '../payments/index.ts';
import { formatLogisticsDate, logisticsSubType, parseStatusNotice } from './ecpay-logistics.ts';
import { signLogisticsFields } from './logistics-check-mac-value.ts';
import { logisticsGateway } from './logistics-gateway.ts';
import { isAtStore, nextSimulatorStatus, SIMULATOR_STATUS_MESSAGES } from './shipment-simulator.ts';
import * as repo from './shipments.repository.ts';

/** The outbox job that asks ECPay for one shipment. Payload `{ shipmentId, orderId }`. */
export const CREATE_SHIPMENT_JOB = 'create-shipment';
/** ServerReplyURL of every shipment: ECPay's status notices. */
export const STATUS_NOTICE_PATH = '/api/v1/logistics/status';
/** Who moves an order in its history when ECPay's logistics did. */
const ECPAY = { actor: 'provider', name: 'ECPay 物流' } as const;

type OrderRow = ordersRepository.OrderRow;

const CARRIER_NAMES = LOGISTICS_CARRIER_NAMES;

const OUTLYING = ['澎湖縣', '金門縣', '連江縣'];

interface Plan {
  logisticsType: 'CVS' | 'HOME';
  subType: string;
  temperature: '0001' | '0002' | '0003';
  collectionAmount: number;
}

function storeOf(order: OrderRow): { chain: StoreChain; id: string } | null {
  const store = parseJsonSafe(order.storeInfo, null) as { chain?: unknown; id?: unknown } | null;
  if (!store || typeof store.chain !== 'string' || typeof store.id !== 'string' || !store.id) return null;
  return { chain: store.chain as StoreChain, id: store.id };
}

/**
 * The logistics order an order needs, or why ECPay would refuse it: checked here so the provider
 * never sees a receiver it would turn away (a name or an address out of its limits).
 */
export function planShipment(order: OrderRow, config: Config): { ok: true; plan: Plan } | { ok: false; msg: string } {
  const fail = (msg: string) => ({ ok: false as const, msg });
  const nameProblem = receiverNameProblem(order.recvName);
  if (nameProblem) return fail(nameProblem);
  if (!/^09\d{8}$/.test(order.recvCellphone)) return fail(shipmentMsg.receiverPhone);
  const collect = order.paymentType === PaymentMethod.CashOnDelivery && !order.isPayment;
  if (order.deliveryMethod === DeliveryMethod.ConvenienceStore) {
    const store = storeOf(order);
    if (!store) return fail(shipmentMsg.noStore);
    const subType = logisticsSubType(config.ECPAY_LOGISTICS_CVS_TYPE, store.chain);
    if (!subType) return fail(shipmentMsg.chainNotInContract);
    if (collect && order.payAmount > 20_000) return fail(shipmentMsg.collectionTooMuch);
    return {
      ok: true,
      plan: { logisticsType: 'CVS', subType, temperature: '0001', collectionAmount: collect ? order.payAmount : 0 },
    };
  }
  // Home delivery: 黑貓 (TCAT), the carrier that takes refrigerated and frozen parcels too.
  const address = parseTaiwanAddress(order.recvAddress);
  const addressProblem = receiverAddressProblem(address ? address.line.slice(address.zip.length) : order.recvAddress);
  if (addressProblem) return fail(addressProblem);
  if (!address) return fail(shipmentMsg.receiverZip);
  const cold = config.ECPAY_LOGISTICS_COLD_TEMPERATURE === 'frozen' ? '0003' : '0002';
  return {
    ok: true,
    plan: {
      logisticsType: 'HOME',
      subType: 'TCAT',
      temperature: order.deliveryMethod === DeliveryMethod.LowTemperature ? cold : '0001',
      collectionAmount: 0,
    },
  };
}

/**
 * 建立物流單 for each order (one transaction each, so one refusal does not hold back the others): a
 * pending shipment and its job, or why not. A receiver ECPay would refuse is kept as a refused
 * shipment, so the order's page says why.
 */
export async function requestShipments(
  db: Db,
  config: Config,
  staffId: number,
  orderIds: readonly number[],
  now: Date,
): Promise<ShipmentRequestResult[]> {
  const results: ShipmentRequestResult[] = [];
  for (const orderId of [...new Set(orderIds)]) {
    results.push(
      await db.transaction(async (tx) => {
        const order = await ordersRepository.findOrder(tx, orderId);
        if (!order) return { order_id: orderId, order_number: '', ok: false, msg: '找不到此訂單' };
        const answer = (ok: boolean, msg: string) => ({ order_id: orderId, order_number: order.orderNumber, ok, msg });
        if (!(await isShippable(tx, orderId))) return answer(false, shipmentMsg.notShippable);
        if (await repo.findLiveShipment(tx, orderId)) return answer(false, shipmentMsg.alreadyRequested);
        const attempt = (await repo.countShipmentsOfOrder(tx, orderId)) + 1;
        const planned = planShipment(order, config);
        const base = {
          orderId,
          merchantTradeNo: `L${orderId}S${attempt}`,
          requestedBy: staffId,
          createdAt: now,
          updatedAt: now,
        };
        if (!planned.ok) {
          await repo.insertShipment(tx, {
            ...base,
            state: 'refused',
            logisticsType: order.deliveryMethod === DeliveryMethod.ConvenienceStore ? 'CVS' : 'HOME',
            subType: '',
            error: planned.msg,
          });
          return answer(false, planned.msg);
        }
        const shipment = await repo.insertShipment(tx, { ...base, state: 'pending', ...planned.plan });
        await enqueueJob(tx, {
          kind: CREATE_SHIPMENT_JOB,
          // orderId too: a job that gave up is listed on the order's page (findFailedJobsOfOrder).
          payload: { shipmentId: shipment.id, orderId },
          dedupeKey: `${CREATE_SHIPMENT_JOB}:${orderId}:${shipment.id}`,
        });
        return answer(true, '已送出建立物流單');
      }),
    );
  }
  return results;
}

/** GoodsName: the first line and how many more (ECPay: at most 50 characters). */
function goodsNameOf(order: OrderRow): string {
  const lines = readOrderLines(order.productInfo, order.packageInfo);
  const first = lines[0]?.name || `訂單 ${order.orderNumber}`;
  return lines.length > 1 ? `${first} 等 ${lines.length} 項` : first;
}

/** Distance of home delivery: 00 same county, 01 another, 02 an outlying island. */
function distanceOf(config: Config, receiverCity: string): '00' | '01' | '02' {
  if (OUTLYING.includes(receiverCity.replace('台', '臺')) || OUTLYING.includes(receiverCity)) return '02';
  const sender = parseTaiwanAddress(config.ECPAY_LOGISTICS_SENDER_ADDRESS);
  return sender && sender.city.replace('台', '臺') === receiverCity.replace('台', '臺') ? '00' : '01';
}

/** The number the shopper tracks the parcel by: 寄貨編號 (+ 驗證碼 for 7-ELEVEN C2C), 托運單號, else ECPay's id. */
function trackingNumberOf(s: repo.ShipmentRow): string {
  if (s.logisticsType === 'HOME') return s.bookingNote || s.allPayLogisticsId || '';
  return `${s.cvsPaymentNo}${s.cvsValidationNo}` || s.allPayLogisticsId || '';
}

export interface ShipmentJobDeps {
  db: Db;
  config: Config;
  now: Date;
  log?: { warn(obj: object, msg: string): void };
  /** The job's: aborted when its runner lost it (decision 077); ECPay would refuse the repeat as a duplicate. */
  signal?: AbortSignal;
}

/**
 * The `create-shipment` job: asks /Express/Create once per pending shipment. ECPay unreachable throws
 * (the runner retries; the back office shows 待建立); a refusal is kept with ECPay's words; a created
 * one ships the order, unless the order was cancelled meanwhile (then the shipment says so).
 */
export async function createShipment(deps: ShipmentJobDeps, shipmentId: number): Promise<void> {
  const { db, config, now } = deps;
  const shipment = await repo.findShipment(db, shipmentId);
  if (!shipment || shipment.state !== 'pending') return;
  const order = await ordersRepository.findOrder(db, shipment.orderId);
  if (!order) return;
  const { client, settings } = logisticsGateway(config);
  const common = {
    merchantTradeNo: shipment.merchantTradeNo,
    tradeDate: now,
    subType: shipment.subType,
    goodsAmount: Math.max(1, order.payAmount),
    goodsName: goodsNameOf(order),
    senderName: config.ECPAY_LOGISTICS_SENDER_NAME,
    senderCellPhone: config.ECPAY_LOGISTICS_SENDER_PHONE,
    receiverName: order.recvName.trim(),
    receiverCellPhone: order.recvCellphone,
    serverReplyUrl: settings.publicUrl + STATUS_NOTICE_PATH,
    remark: order.orderNumber,
  };
  deps.signal?.throwIfAborted();
  let result;
  if (shipment.logisticsType === 'CVS') {
    result = await client.createCvsShipment({
      ...common,
      goodsAmount: shipment.collectionAmount || common.goodsAmount,
      collect: shipment.collectionAmount > 0,
      receiverStoreId: storeOf(order)?.id ?? '',
    });
  } else {
    const address = parseTaiwanAddress(order.recvAddress);
    result = await client.createHomeShipment({
      ...common,
      senderZipCode: config.ECPAY_LOGISTICS_SENDER_ZIP,
      senderAddress: config.ECPAY_LOGISTICS_SENDER_ADDRESS,
      receiverZipCode: address?.zip ?? '',
      receiverAddress: address ? address.line.slice(address.zip.length) : order.recvAddress,
      temperature: shipment.temperature as '0001' | '0002' | '0003',
      distance: distanceOf(config, address?.city ?? ''),
    });
  }
  if (!result.ok) {
    deps.log?.warn({ shipmentId, orderId: order.id, reason: result.message }, 'ECPay refused a shipment');
    await repo.updateShipment(db, shipmentId, { state: 'refused', error: result.message }, now);
    return;
  }
  const created = result.data;
  await db.transaction(async (tx) => {
    const locked = await repo.lockShipment(tx, shipmentId);
    if (!locked || locked.state !== 'pending') return;
    const row = await repo.updateShipment(
      tx,
      shipmentId,
      {
        state: 'created',
        allPayLogisticsId: created.allPayLogisticsId,
        cvsPaymentNo: created.cvsPaymentNo,
        cvsValidationNo: created.cvsValidationNo,
        bookingNote: created.bookingNote,
        statusCode: created.rtnCode,
        statusMessage: created.rtnMsg,
        answer: created.fields,
      },
      now,
    );
    if (!(await isShippable(tx, order.id))) {
      // Cancelled while the job waited: ECPay has a logistics order the shop must cancel in its back office.
      await repo.updateShipment(tx, shipmentId, { error: '物流單建立時訂單已無法出貨，請至綠界後台取消此物流單' }, now);
      return;
    }
    await shipByLogistics(tx, {
      orderId: order.id,
      freightCompany: CARRIER_NAMES[row.subType] ?? row.subType,
      trackingNumber: trackingNumberOf(row),
      by: ECPAY,
      now,
    });
  });
}

export type NoticeOutcome = 'accepted' | 'repeated' | 'unknown' | 'forged';

/**
 * A status notice (ServerReplyURL): signed by the merchant's key, or it changes nothing. Each (code,
 * UpdateStatusDate) of a shipment is kept once; a new one moves the order when its code means a step
 * the lifecycle allows from where the order is.
 */
export async function acceptStatusNotice(
  db: Db,
  config: Config,
  fields: EcpayFields,
  now: Date,
): Promise<NoticeOutcome> {
  const { settings } = logisticsGateway(config);
  const notice = parseStatusNotice(fields, settings);
  if (!notice) return 'forged';
  return db.transaction(async (tx) => {
    const found = notice.allPayLogisticsId ? await repo.findShipmentByLogisticsId(tx, notice.allPayLogisticsId) : null;
    if (!found || found.merchantTradeNo !== notice.merchantTradeNo) return 'unknown';
    const shipment = (await repo.lockShipment(tx, found.id))!;
    const kept = await repo.insertNotice(tx, {
      shipmentId: shipment.id,
      code: notice.rtnCode,
      message: notice.rtnMsg.slice(0, 200),
      statusDate: (fields.UpdateStatusDate ?? '').slice(0, 20),
      statusAt: notice.updatedAt,
      fields: notice.fields,
      createdAt: now,
    });
    if (!kept) return 'repeated';
    await repo.updateShipment(tx, shipment.id, { statusCode: notice.rtnCode, statusMessage: notice.rtnMsg }, now);
    const event = logisticsStatusEvent(notice.rtnCode);
    if (event) {
      await recordDeliveryProgress(tx, {
        orderId: shipment.orderId,
        event,
        at: notice.updatedAt ?? now,
        by: ECPAY,
        reason: `${notice.rtnCode} ${notice.rtnMsg}`.trim(),
        now,
      });
    }
    return 'accepted';
  });
}

/**
 * 模擬物流進度 (simulator mode only): the next status notice of the order's shipment, signed with the
 * merchant's key as ECPay would sign it, through the same door as ECPay's.
 */
export async function simulateNextStatus(
  db: Db,
  config: Config,
  orderId: number,
  unclaimed: boolean,
  now: Date,
): Promise<void> {
  const { settings } = logisticsGateway(config);
  if (settings.mode !== 'simulator') throw new Invalid(shipmentMsg.simulatorOnly);
  const shipment = await repo.findLiveShipment(db, orderId);
  if (!shipment || shipment.state !== 'created' || !shipment.allPayLogisticsId) {
    throw new NotFound(shipmentMsg.noShipment);
  }
  const code = nextSimulatorStatus(shipment.subType, shipment.statusCode, unclaimed);
  if (code === null) throw new Invalid(shipmentMsg.nothingToAdvance);
  const fields = signLogisticsFields(
    {
      MerchantID: settings.merchantId,
      MerchantTradeNo: shipment.merchantTradeNo,
      RtnCode: String(code),
      RtnMsg: SIMULATOR_STATUS_MESSAGES[code] ?? '',
      AllPayLogisticsID: shipment.allPayLogisticsId,
      LogisticsType: `${shipment.logisticsType}_${shipment.subType}`,
      LogisticsSubType: shipment.subType,
      GoodsAmount: String(shipment.collectionAmount),
      UpdateStatusDate: formatLogisticsDate(now),
      ReceiverName: '',
      ReceiverPhone: '',
      ReceiverCellPhone: '',
      ReceiverEmail: '',
      ReceiverAddress: '',
      CVSPaymentNo: shipment.cvsPaymentNo,
      CVSValidationNo: shipment.cvsValidationNo,
      BookingNote: shipment.bookingNote,
    },
    settings.hashKey,
    settings.hashIv,
  );
  await acceptStatusNotice(db, config, fields, now);
}

/** The order's latest shipment for the back office; null before 建立物流單. */
export async function adminShipmentViewOf(db: Db, config: Config, orderId: number): Promise<AdminShipmentView | null> {
  const s = await repo.findLatestShipment(db, orderId);
  if (!s) return null;
  const notices = await repo.findNotices(db, s.id);
  const order = await ordersRepository.findOrder(db, orderId);
  const simulator = logisticsGateway(config).settings.mode === 'simulator';
  const next = s.state === 'created' ? nextSimulatorStatus(s.subType, s.statusCode) : null;
  return {
    id: s.id,
    state: s.state as ShipmentState,
    logistics_type: s.logisticsType,
    sub_type: s.subType,
    temperature: s.temperature,
    merchant_trade_no: s.merchantTradeNo,
    all_pay_logistics_id: s.allPayLogisticsId ?? '',
    cvs_payment_no: s.cvsPaymentNo,
    cvs_validation_no: s.cvsValidationNo,
    booking_note: s.bookingNote,
    status_code: s.statusCode,
    status_message: s.statusMessage,
    error: s.error,
    pickup_deadline: order?.deliveryState === 'arrived' ? (order.pickupDeadline?.toISOString() ?? null) : null,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
    notices: notices.map((n) => ({ code: n.code, message: n.message, at: n.statusAt?.toISOString() ?? null })),
    can_print: s.state === 'created',
    can_simulate: simulator && (next !== null || isAtStore(s.statusCode)),
  };
}

/** The chain or carrier name of a sub-type, as the order's freight company reads. */
export const carrierNameOf = (subType: string) => CARRIER_NAMES[subType] ?? subType;
