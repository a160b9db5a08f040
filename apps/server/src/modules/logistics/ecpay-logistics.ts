// ECPay 物流整合 (domestic logistics, issue 17): the store map's request fields and its reply, and a typed client of /Express/Create with the status notification it
// leads to (for the shipments of items 2 and 3). Hosts, sub-types and field sizes are those of
// ECPay's logistics documentation (developers.ecpay.com.tw) and its PHP SDK.
import { StoreChain, TAIPEI_OFFSET_MS, type CvsType } from '@shop/domain';
import type { EcpayFields } from '../payments/index.ts';
import { observedFetch } from '../../metrics/index.ts';
import { signLogisticsFields, verifyLogisticsCheckMacValue } from './logistics-check-mac-value.ts';

export type EcpayLogisticsMode = 'simulator' | 'stage' | 'production';

/** The logistics hosts: /Express/map, /Express/Create and the helpers share one per environment. */
export const ECPAY_LOGISTICS_URL = {
  stage: 'https://logistics-stage.ecpay.com.tw',
  production: 'https://logistics.ecpay.com.tw',
} as const;

export const STORE_MAP_PATH = '/Express/map';
export const CREATE_SHIPMENT_PATH = '/Express/Create';

/** LogisticsSubType of each chain per contract (ECPay: C2C = 店到店, B2C = 大宗寄倉, which has no OK). */
export const LOGISTICS_SUB_TYPES: Record<CvsType, Partial<Record<StoreChain, string>>> = {
  C2C: {
    [StoreChain.SevenEleven]: 'UNIMARTC2C',
    [StoreChain.FamilyMart]: 'FAMIC2C',
    [StoreChain.HiLife]: 'HILIFEC2C',
    [StoreChain.OkMart]: 'OKMARTC2C',
  },
  B2C: {
    [StoreChain.SevenEleven]: 'UNIMART',
    [StoreChain.FamilyMart]: 'FAMI',
    [StoreChain.HiLife]: 'HILIFE',
  },
};

/** The chain's sub-type under the contract; null when the contract does not reach that chain. */
export function logisticsSubType(cvsType: CvsType, chain: StoreChain): string | null {
  return LOGISTICS_SUB_TYPES[cvsType][chain] ?? null;
}

/** The chain of a sub-type the contract uses; null for any other (a B2C sub-type under C2C too). */
export function chainOfSubType(cvsType: CvsType, subType: string): StoreChain | null {
  const found = Object.entries(LOGISTICS_SUB_TYPES[cvsType]).find(([, value]) => value === subType);
  return found ? (found[0] as StoreChain) : null;
}

// ---- the store map (電子地圖) --------------------------------------------------------------------

export interface StoreMapRequest {
  merchantId: string;
  /** String(20), alphanumeric, never reused; it comes back in the reply. */
  merchantTradeNo: string;
  subType: string;
  /** Y: the shopper pays on pickup (the map then lists stores that collect). */
  isCollection: boolean;
  /** Where the map posts the chosen store (through the shopper's browser). */
  serverReplyUrl: string;
  /** String(20), returned as sent. */
  extraData: string;
  /** 0 = PC, 1 = mobile (7-ELEVEN's map has two layouts; 全家's serves both). */
  device: 0 | 1;
}

/** The fields of the /Express/map form; ECPay's map takes them unsigned (its SDK's CvsMap adds no CheckMacValue). */
export function storeMapFields(request: StoreMapRequest): Record<string, string> {
  if (!/^[0-9A-Za-z]{1,20}$/.test(request.merchantTradeNo))
    throw new Error('MerchantTradeNo is 1–20 letters or digits');
  if (request.extraData.length > 20) throw new Error('ExtraData is at most 20 characters');
  if (request.serverReplyUrl.length > 200) throw new Error('ServerReplyURL is at most 200 characters');
  return {
    MerchantID: request.merchantId,
    MerchantTradeNo: request.merchantTradeNo,
    LogisticsType: 'CVS',
    LogisticsSubType: request.subType,
    IsCollection: request.isCollection ? 'Y' : 'N',
    ServerReplyURL: request.serverReplyUrl,
    ExtraData: request.extraData,
    Device: String(request.device),
  };
}

/** The store the map replied with (CVSStoreID … CVSOutSide), checked for shape and chain. */
export interface MapReplyStore {
  merchantTradeNo: string;
  extraData: string;
  subType: string;
  chain: StoreChain;
  id: string;
  name: string;
  address: string;
  telephone: string;
  /** CVSOutSide=1: an outlying-island store. */
  outside: boolean;
}

export type MapReplyProblem = 'merchant' | 'chain' | 'store';

/** Letters of a store's text that can only be noise: control characters, and markup's angle brackets. */
const clean = (value: string | undefined) => (value ?? '').replace(/[\p{Cc}<>]/gu, ' ').trim();

/**
 * The map's reply (POSTed by the shopper's browser to ServerReplyURL: MerchantID, MerchantTradeNo,
 * LogisticsSubType, CVSStoreID, CVSStoreName, CVSAddress, CVSTelephone, CVSOutSide, ExtraData).
 * It carries no CheckMacValue, so nothing in it is ECPay's word: the caller also checks that
 * MerchantTradeNo and ExtraData are a map request of its own.
 */
export function parseMapReply(
  fields: EcpayFields,
  expected: { merchantId: string; cvsType: CvsType },
): { ok: true; store: MapReplyStore } | { ok: false; problem: MapReplyProblem } {
  if (fields.MerchantID !== expected.merchantId) return { ok: false, problem: 'merchant' };
  const subType = fields.LogisticsSubType ?? '';
  const chain = chainOfSubType(expected.cvsType, subType);
  if (!chain) return { ok: false, problem: 'chain' };
  const id = (fields.CVSStoreID ?? '').trim();
  const name = clean(fields.CVSStoreName);
  const address = clean(fields.CVSAddress);
  const telephone = clean(fields.CVSTelephone);
  // Store ids: 7-ELEVEN and 全家 six digits, 萊爾富 and OK four; ReceiverStoreID is String(6). Kept loose.
  if (!/^[0-9A-Za-z]{1,10}$/.test(id) || name === '' || name.length > 50 || address.length > 200) {
    return { ok: false, problem: 'store' };
  }
  return {
    ok: true,
    store: {
      merchantTradeNo: fields.MerchantTradeNo ?? '',
      extraData: fields.ExtraData ?? '',
      subType,
      chain,
      id,
      name,
      address,
      telephone: telephone.slice(0, 20),
      outside: fields.CVSOutSide === '1',
    },
  };
}

// ---- /Express/Create and the status notification (items 2 and 3) -------------------------------

/** ECPay could not be asked, or answered outside its protocol: whether it did anything is unknown. */
export class EcpayLogisticsUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EcpayLogisticsUnavailable';
  }
}

/** RtnCode of a logistics order ECPay has accepted: 300 訂單處理中(已收到訂單資料). */
export const LOGISTICS_ORDER_RECEIVED = 300;

/** The answer ECPay expects to a status notification; anything else and it sends the notification again. */
export const NOTIFICATION_ACK = '1|OK';

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy/MM/dd HH:mm:ss` in Taipei time (MerchantTradeDate). */
export function formatLogisticsDate(at: Date): string {
  const t = new Date(at.getTime() + TAIPEI_OFFSET_MS);
  return (
    `${t.getUTCFullYear()}/${pad(t.getUTCMonth() + 1)}/${pad(t.getUTCDate())} ` +
    `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`
  );
}

/** `yyyy/MM/dd HH:mm:ss` (Taipei) → the moment; null when it is not one. */
export function parseLogisticsDate(text: string | undefined): Date | null {
  const m = /^(\d{4})\/(\d{1,2})\/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})$/.exec(text?.trim() ?? '');
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s) - TAIPEI_OFFSET_MS);
  return formatLogisticsDate(at) === `${y}/${pad(mo)}/${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}` ? at : null;
}

/** A store shipment (LogisticsType CVS) of /Express/Create. */
export interface CvsShipmentRequest {
  merchantTradeNo: string;
  tradeDate: Date;
  subType: string;
  /** NT$ 1..20000 for stores; also the CollectionAmount when `collect`. */
  goodsAmount: number;
  collect: boolean;
  goodsName: string;
  senderName: string;
  senderCellPhone: string;
  receiverName: string;
  receiverCellPhone: string;
  receiverStoreId: string;
  /** Where ECPay posts the shipment's status changes. */
  serverReplyUrl: string;
  remark?: string;
}

/** A home delivery (LogisticsType HOME) of /Express/Create. */
export interface HomeShipmentRequest {
  merchantTradeNo: string;
  tradeDate: Date;
  /** TCAT (黑貓), the carrier that takes refrigerated and frozen parcels too. */
  subType: string;
  goodsAmount: number;
  goodsName: string;
  senderName: string;
  senderCellPhone: string;
  senderZipCode: string;
  senderAddress: string;
  receiverName: string;
  receiverCellPhone: string;
  receiverZipCode: string;
  /** 6–60 characters. */
  receiverAddress: string;
  /** 0001 room, 0002 refrigerated, 0003 frozen. */
  temperature: '0001' | '0002' | '0003';
  /** 00 same county, 01 another county, 02 an outlying island. */
  distance: '00' | '01' | '02';
  /** 0001 60cm, 0002 90cm, 0003 120cm, 0004 150cm. */
  specification?: string;
  serverReplyUrl: string;
  remark?: string;
}

/** The logistics order ECPay created: its id, and the numbers the chain prints on the label. */
export interface CreatedShipment {
  rtnCode: number;
  rtnMsg: string;
  allPayLogisticsId: string;
  merchantTradeNo: string;
  /** 寄貨編號 (C2C stores). */
  cvsPaymentNo: string;
  /** 驗證碼 (7-ELEVEN C2C). */
  cvsValidationNo: string;
  /** 托運單號 (home delivery). */
  bookingNote: string;
  fields: Record<string, string>;
}

export type CreateShipmentResult = { ok: true; data: CreatedShipment } | { ok: false; message: string };

export interface EcpayLogisticsClientOptions {
  /** ECPAY_LOGISTICS_URL[mode], or a stand-in server's origin. */
  baseUrl: string;
  merchantId: string;
  hashKey: string;
  hashIv: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The fields of a status notification (ServerReplyURL of a shipment), once its CheckMacValue holds. */
export interface LogisticsStatusNotice {
  merchantTradeNo: string;
  rtnCode: number;
  rtnMsg: string;
  allPayLogisticsId: string;
  logisticsType: string;
  subType: string;
  goodsAmount: number;
  updatedAt: Date | null;
  cvsPaymentNo: string;
  cvsValidationNo: string;
  bookingNote: string;
  fields: Record<string, string>;
}

/**
 * A status notification (物流狀態通知: MerchantID, MerchantTradeNo, RtnCode, RtnMsg, AllPayLogisticsID,
 * LogisticsType, LogisticsSubType, GoodsAmount, UpdateStatusDate, Receiver*, CVSPaymentNo,
 * CVSValidationNo, BookingNote, CheckMacValue). null unless signed by this merchant's key.
 */
export function parseStatusNotice(
  fields: EcpayFields,
  merchant: { merchantId: string; hashKey: string; hashIv: string },
): LogisticsStatusNotice | null {
  if (fields.MerchantID !== merchant.merchantId) return null;
  if (!verifyLogisticsCheckMacValue(fields, merchant.hashKey, merchant.hashIv)) return null;
  const rtnCode = Number(fields.RtnCode);
  if (!/^\d{1,6}$/.test(fields.RtnCode ?? '') || !fields.MerchantTradeNo) return null;
  return {
    merchantTradeNo: fields.MerchantTradeNo,
    rtnCode,
    rtnMsg: fields.RtnMsg ?? '',
    allPayLogisticsId: fields.AllPayLogisticsID ?? '',
    logisticsType: fields.LogisticsType ?? '',
    subType: fields.LogisticsSubType ?? '',
    goodsAmount: /^\d{1,9}$/.test(fields.GoodsAmount ?? '') ? Number(fields.GoodsAmount) : 0,
    updatedAt: parseLogisticsDate(fields.UpdateStatusDate),
    cvsPaymentNo: fields.CVSPaymentNo ?? '',
    cvsValidationNo: fields.CVSValidationNo ?? '',
    bookingNote: fields.BookingNote ?? '',
    fields: { ...fields },
  };
}

/** GoodsName: at most 50 characters, none of ECPay's refused symbols. */
export function logisticsGoodsName(text: string): string {
  return text
    .replace(/[\^'`!@#%&*+\\"<>|_[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 50);
}

/** What each call works from: the merchant's keys, the observed fetch and ECPay's origin. */
interface LogisticsApi {
  options: EcpayLogisticsClientOptions;
  send: typeof fetch;
  base: string;
}

/** Posts signed fields and returns ECPay's plain-text answer, or throws EcpayLogisticsUnavailable. */
async function post({ options, send, base }: LogisticsApi, path: string, fields: Record<string, string>) {
  const body = new URLSearchParams(signLogisticsFields(fields, options.hashKey, options.hashIv)).toString();
  try {
    const res = await send(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    if (!res.ok) throw new EcpayLogisticsUnavailable(`ECPay logistics ${path} answered HTTP ${res.status}`);
    return (await res.text()).trim();
  } catch (error) {
    if (error instanceof EcpayLogisticsUnavailable) throw error;
    throw new EcpayLogisticsUnavailable(`ECPay logistics ${path} unreachable: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** ECPay answers `1|` and the order's fields (URL-encoded, signed) or `0|` and why it refused. */
function readCreateAnswer(
  options: EcpayLogisticsClientOptions,
  answer: string,
  merchantTradeNo: string,
): CreateShipmentResult {
  const bar = answer.indexOf('|');
  const status = bar > 0 ? answer.slice(0, bar) : '';
  const rest = bar > 0 ? answer.slice(bar + 1) : '';
  if (status === '0') return { ok: false, message: rest || '綠界未說明原因' };
  if (status !== '1')
    throw new EcpayLogisticsUnavailable('ECPay logistics /Express/Create answered outside its protocol');
  const answered = Object.fromEntries(new URLSearchParams(rest));
  if (answered.CheckMacValue && !verifyLogisticsCheckMacValue(answered, options.hashKey, options.hashIv)) {
    throw new EcpayLogisticsUnavailable('ECPay logistics /Express/Create answered with a CheckMacValue that fails');
  }
  if (!answered.AllPayLogisticsID) {
    throw new EcpayLogisticsUnavailable('ECPay logistics /Express/Create answered success without AllPayLogisticsID');
  }
  return {
    ok: true,
    data: {
      rtnCode: Number(answered.RtnCode ?? LOGISTICS_ORDER_RECEIVED),
      rtnMsg: answered.RtnMsg ?? '',
      allPayLogisticsId: answered.AllPayLogisticsID,
      merchantTradeNo: answered.MerchantTradeNo ?? merchantTradeNo,
      cvsPaymentNo: answered.CVSPaymentNo ?? '',
      cvsValidationNo: answered.CVSValidationNo ?? '',
      bookingNote: answered.BookingNote ?? '',
      fields: answered,
    },
  };
}

/** /Express/Create: the order's fields posted, ECPay's answer read. */
async function createShipment(api: LogisticsApi, fields: Record<string, string>, merchantTradeNo: string) {
  return readCreateAnswer(api.options, await post(api, CREATE_SHIPMENT_PATH, fields), merchantTradeNo);
}

function cvsShipmentFields(merchantId: string, request: CvsShipmentRequest): Record<string, string> {
  const fields: Record<string, string> = {
    MerchantID: merchantId,
    MerchantTradeNo: request.merchantTradeNo,
    MerchantTradeDate: formatLogisticsDate(request.tradeDate),
    LogisticsType: 'CVS',
    LogisticsSubType: request.subType,
    GoodsAmount: String(request.goodsAmount),
    IsCollection: request.collect ? 'Y' : 'N',
    GoodsName: logisticsGoodsName(request.goodsName),
    SenderName: request.senderName,
    SenderCellPhone: request.senderCellPhone,
    ReceiverName: request.receiverName,
    ReceiverCellPhone: request.receiverCellPhone,
    ReceiverStoreID: request.receiverStoreId,
    ServerReplyURL: request.serverReplyUrl,
  };
  if (request.collect) fields.CollectionAmount = String(request.goodsAmount);
  if (request.remark) fields.Remark = request.remark.slice(0, 200);
  return fields;
}

function homeShipmentFields(merchantId: string, request: HomeShipmentRequest): Record<string, string> {
  const fields: Record<string, string> = {
    MerchantID: merchantId,
    MerchantTradeNo: request.merchantTradeNo,
    MerchantTradeDate: formatLogisticsDate(request.tradeDate),
    LogisticsType: 'HOME',
    LogisticsSubType: request.subType,
    GoodsAmount: String(request.goodsAmount),
    GoodsName: logisticsGoodsName(request.goodsName),
    SenderName: request.senderName,
    SenderCellPhone: request.senderCellPhone,
    SenderZipCode: request.senderZipCode,
    SenderAddress: request.senderAddress,
    ReceiverName: request.receiverName,
    ReceiverCellPhone: request.receiverCellPhone,
    ReceiverZipCode: request.receiverZipCode,
    ReceiverAddress: request.receiverAddress,
    Temperature: request.temperature,
    Distance: request.distance,
    Specification: request.specification ?? '0001',
    ScheduledPickupTime: '4',
    ScheduledDeliveryTime: '4',
    ServerReplyURL: request.serverReplyUrl,
  };
  if (request.remark) fields.Remark = request.remark.slice(0, 200);
  return fields;
}

export function createEcpayLogisticsClient(options: EcpayLogisticsClientOptions) {
  const api: LogisticsApi = {
    options,
    send: observedFetch('logistics', options.fetch ?? fetch),
    base: options.baseUrl.replace(/\/$/, ''),
  };
  return {
    /**
     * /Express/Create for a store pickup. ECPay answers `1|` and the order's fields (URL-encoded,
     * signed) or `0|` and why it refused; a refusal is a result, anything else is unavailable.
     */
    createCvsShipment: (request: CvsShipmentRequest): Promise<CreateShipmentResult> =>
      createShipment(api, cvsShipmentFields(options.merchantId, request), request.merchantTradeNo),

    /**
     * /Express/Create for home delivery (LogisticsType HOME; 黑貓 TCAT takes the refrigerated and frozen
     * Temperature, Distance 00 same county, 01 another, 02 an outlying island; Specification 0001 60cm).
     */
    createHomeShipment: (request: HomeShipmentRequest): Promise<CreateShipmentResult> =>
      createShipment(api, homeShipmentFields(options.merchantId, request), request.merchantTradeNo),
  };
}

export type EcpayLogisticsClient = ReturnType<typeof createEcpayLogisticsClient>;
