// The shipment simulator (ECPAY_LOGISTICS_MODE=simulator, the offline default; docs/decisions/054).
// It plays ECPay's /Express/Create inside the shop, as the client's fetch: it checks the signature,
// the merchant and the fields as ECPay does, and answers `1|` with a logistics id and the numbers the
// chain prints, or `0|` and why. It also knows each sub-type's status codes in order, so the back
// office can play the next status notice of a shipment (模擬物流進度) without ECPay.
import { randomInt } from 'node:crypto';
import { logisticsNameWidth } from '@shop/domain';
import { chainOfSubType, CREATE_SHIPMENT_PATH } from './ecpay-logistics.ts';
import { signLogisticsFields, verifyLogisticsCheckMacValue } from './logistics-check-mac-value.ts';
import { findSimulatorStore } from './simulator-stores.ts';

/** The simulator's logistics host: never resolved, the client's fetch is the simulator itself. */
export const ECPAY_LOGISTICS_SIMULATOR_API = 'http://logistics-simulator.invalid';

interface Merchant {
  merchantId: string;
  hashKey: string;
  hashIv: string;
}

/** What each status code says, as ECPay words it. */
export const SIMULATOR_STATUS_MESSAGES: Record<number, string> = {
  300: '訂單處理中(已收到訂單資料)',
  2030: '賣家已到門市寄件',
  2068: '交貨便收件(A門市收到件包)',
  2073: '商品配達買家取貨門市',
  2067: '消費者成功取件',
  2074: '消費者七天未取件',
  3024: '貨件已至物流中心',
  3018: '到店尚未取貨，簡訊通知取件',
  3022: '買家已到店取貨',
  3020: '貨件未取退回物流中心',
  3001: '轉運中(即集貨)',
  3006: '配送中',
  3003: '配完',
};

/** The notices a shipment of each sub-type goes through, in order, when all goes well. */
const PATHS: Record<string, { steps: number[]; unclaimed?: number }> = {
  UNIMARTC2C: { steps: [2030, 2068, 2073, 2067], unclaimed: 2074 },
  UNIMART: { steps: [2068, 2073, 2067], unclaimed: 2074 },
  TCAT: { steps: [3001, 3006, 3003] },
};
const OTHER_STORES = { steps: [3024, 3018, 3022], unclaimed: 3020 };

/** Where the store holds the parcel: the step a shopper may leave it at. */
const AT_STORE = new Set([2073, 3018]);

/**
 * The next status code of a shipment that last reported `lastCode` (300 once created), or null when
 * it has none. `unclaimed` takes the not-picked-up turn at the store.
 */
export function nextSimulatorStatus(subType: string, lastCode: number | null, unclaimed = false): number | null {
  const path = PATHS[subType] ?? OTHER_STORES;
  if (lastCode !== null && AT_STORE.has(lastCode) && unclaimed) return path.unclaimed ?? null;
  if (lastCode === null || lastCode === 300) return path.steps[0] ?? null;
  const at = path.steps.indexOf(lastCode);
  return at >= 0 ? (path.steps[at + 1] ?? null) : null;
}

/** Whether the shipment waits at the store, where the back office may play 逾期未取. */
export const isAtStore = (code: number | null) => code !== null && AT_STORE.has(code);

const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');

function answer(text: string) {
  return new Response(text, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

/** Why ECPay would refuse these /Express/Create fields, or null. */
function refusal(f: Record<string, string>): string | null {
  const amount = Number(f.GoodsAmount);
  if (!/^\d{1,6}$/.test(f.GoodsAmount ?? '') || amount < 1) return '商品金額錯誤';
  if (!/^[0-9A-Za-z]{1,20}$/.test(f.MerchantTradeNo ?? '')) return '廠商交易編號錯誤';
  const name = f.ReceiverName ?? '';
  const width = logisticsNameWidth(name);
  if (width < 4 || width > 10 || /[0-9\p{P}\p{S}]/u.test(name)) return '收件人姓名錯誤';
  if (!/^09\d{8}$/.test(f.ReceiverCellPhone ?? '')) return '收件人手機號碼錯誤';
  if (f.LogisticsType === 'CVS') {
    if (amount > 20000) return '商品金額超過上限';
    const chain = chainOfSubType(f.LogisticsSubType?.endsWith('C2C') ? 'C2C' : 'B2C', f.LogisticsSubType ?? '');
    if (!chain) return '物流子類型錯誤';
    if (!findSimulatorStore(chain, f.ReceiverStoreID ?? '')) return '查無此門市';
    if (f.IsCollection === 'Y' && f.CollectionAmount !== f.GoodsAmount) return '代收金額錯誤';
    return null;
  }
  if (f.LogisticsType === 'HOME') {
    if (f.LogisticsSubType !== 'TCAT') return '物流子類型錯誤';
    const address = [...(f.ReceiverAddress ?? '')].length;
    if (address < 6 || address > 60) return '收件人地址錯誤';
    if (!/^\d{3,6}$/.test(f.ReceiverZipCode ?? '')) return '收件人郵遞區號錯誤';
    if (!['0001', '0002', '0003'].includes(f.Temperature ?? '')) return '溫層錯誤';
    return null;
  }
  return '物流類型錯誤';
}

export function createShipmentSimulator(merchant: Merchant) {
  const seen = new Set<string>();

  /** The simulator as a `fetch`: POST /Express/Create. */
  const api: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.pathname !== CREATE_SHIPMENT_PATH || init?.method !== 'POST') return new Response('', { status: 404 });
    const fields = Object.fromEntries(new URLSearchParams(String(init.body ?? '')));
    if (fields.MerchantID !== merchant.merchantId) return answer('0|廠商編號錯誤');
    if (!verifyLogisticsCheckMacValue(fields, merchant.hashKey, merchant.hashIv))
      return answer('0|CheckMacValue Error');
    const problem = refusal(fields);
    if (problem) return answer(`0|${problem}`);
    if (seen.has(fields.MerchantTradeNo!)) return answer('0|廠商交易編號重覆');
    seen.add(fields.MerchantTradeNo!);
    const store = fields.LogisticsType === 'CVS';
    const created: Record<string, string> = {
      MerchantID: merchant.merchantId,
      MerchantTradeNo: fields.MerchantTradeNo!,
      RtnCode: '300',
      RtnMsg: SIMULATOR_STATUS_MESSAGES[300]!,
      AllPayLogisticsID: `${randomInt(1, 10)}${digits(7)}`,
      LogisticsType: `${fields.LogisticsType}_${fields.LogisticsSubType}`,
      LogisticsSubType: fields.LogisticsSubType!,
      GoodsAmount: fields.GoodsAmount!,
      UpdateStatusDate: '',
      ReceiverName: fields.ReceiverName!,
      ReceiverCellPhone: fields.ReceiverCellPhone!,
      CVSPaymentNo: store ? `${fields.LogisticsSubType === 'UNIMARTC2C' ? 'C' : 'F'}${digits(9)}` : '',
      CVSValidationNo: store && fields.LogisticsSubType === 'UNIMARTC2C' ? digits(4) : '',
      BookingNote: store ? '' : digits(12),
    };
    return answer(`1|${new URLSearchParams(signLogisticsFields(created, merchant.hashKey, merchant.hashIv))}`);
  };

  return { api };
}

export type ShipmentSimulator = ReturnType<typeof createShipmentSimulator>;
