// The payment simulator (ECPAY_MODE=simulator, the offline default): a page of the shop that plays
// ECPay's AioCheckOut. It takes the auto-submitted checkout form, checks its CheckMacValue as ECPay
// would, lets the shopper "pay", then posts correctly signed ReturnURL / PaymentInfoURL
// notifications to the shop server-to-server and sends the browser back to OrderResultURL.
// docs/decisions/039.
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { BARCODE_EXPIRE_DAYS, CVS_EXPIRE_MINUTES } from '@shop/domain';
import type { Config } from '../../config.ts';
import { shopPath as shopPathOf } from '../../http/shop-path.ts';
import { signEcpayFields, verifyCheckMacValue, type EcpayFields } from './check-mac-value.ts';
import {
  RTN_ATM_ISSUED,
  RTN_CODE_ISSUED,
  RTN_PAID,
  SIMULATOR_PATH,
  formFields,
  formatEcpayDate,
  formatEcpayDateTime,
} from './ecpay-aio.ts';
import { acceptFormBodies, ecpaySettings } from './routes.ts';
import { ecpayCardGateway } from './ecpay-card-gateway.ts';
import type { EcpayCardSimulator } from './ecpay-card-simulator.ts';
import type { EcpaySettings } from './payment-settings.ts';
import { cardErrors } from './simulator-card.ts';
import { ATM_BANKS, checkoutPage, errorPage, sendSimulatorPage } from './simulator-page.ts';

export { cardErrors, passesLuhn } from './simulator-card.ts';

export interface SimulatorOptions {
  config: Config;
  now: () => Date;
}

/** Days an ATM account stays open when the form names none (ECPay's default ExpireDate). */
const ATM_EXPIRE_DAYS = 3;

/** ExpireDate as ECPay reads it: 1–60 days, else the default. */
function atmExpireDays(fields: EcpayFields): number {
  const days = Number(fields.ExpireDate);
  return Number.isInteger(days) && days >= 1 && days <= 60 ? days : ATM_EXPIRE_DAYS;
}
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** ChoosePayment values the simulator plays. */
const SIMULATED_PAYMENTS = ['Credit', 'ATM', 'CVS', 'BARCODE', 'ApplePay', 'TWQR'];
/** Paid on ECPay's page at once (no PaymentInfoURL step), with the PaymentType ECPay's notice names. */
const PAID_AT_ONCE_TYPE: Record<string, string> = {
  Credit: 'Credit_CreditCard',
  ApplePay: 'ApplePay',
  TWQR: 'TWQR_OPAY',
};
const PAID_AT_ONCE = new Set(Object.keys(PAID_AT_ONCE_TYPE));

/** StoreExpireDate as ECPay reads it for CVS: 1–43200 minutes, else its 7 days. */
function cvsExpireMinutes(fields: EcpayFields): number {
  const minutes = Number(fields.StoreExpireDate);
  return Number.isInteger(minutes) && minutes >= CVS_EXPIRE_MINUTES.min && minutes <= CVS_EXPIRE_MINUTES.max
    ? minutes
    : CVS_EXPIRE_MINUTES.default;
}

/** StoreExpireDate as ECPay reads it for BARCODE: 1–30 days, else its 7. */
function barcodeExpireDays(fields: EcpayFields): number {
  const days = Number(fields.StoreExpireDate);
  return Number.isInteger(days) && days >= BARCODE_EXPIRE_DAYS.min && days <= BARCODE_EXPIRE_DAYS.max
    ? days
    : BARCODE_EXPIRE_DAYS.default;
}

/**
 * Three barcodes shaped like ECPay's (the deadline yyMMdd and a collection code; a running number;
 * the month and the amount): what a store's counter would scan, Code 39 characters only.
 */
function newBarcodes(expireAt: Date, amount: number) {
  const day = formatEcpayDate(expireAt).replace(/\D/g, '').slice(2);
  return {
    Barcode1: `${day}6${String(randomInt(0, 100)).padStart(2, '0')}`,
    Barcode2: String(randomInt(0, 10 ** 9)).padStart(16, '0'),
    Barcode3: `${day.slice(0, 4)}00${String(amount).padStart(9, '0')}`,
  };
}

/** Letters of a made-up code: no I or O, which a shopper reading a screen takes for 1 and 0. */
const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A code like ECPay's CVS PaymentNo: three letters and eight digits (e.g. LLL22251222). */
function newPaymentCode(): string {
  const letters = Array.from({ length: 3 }, () => CODE_LETTERS[randomInt(0, CODE_LETTERS.length)]).join('');
  return letters + String(randomInt(0, 100_000_000)).padStart(8, '0');
}

/** A TradeNo like ECPay's: yyMMddHHmmss (Taipei) and 4 random digits. */
function newTradeNo(now: Date): string {
  return formatEcpayDateTime(now).replace(/\D/g, '').slice(2) + String(randomInt(0, 10_000)).padStart(4, '0');
}

function newVirtualAccount(): string {
  return Array.from({ length: 16 }, () => randomInt(0, 10)).join('');
}

/** What the simulator needs of the shop it plays ECPay for: its merchant keys and its own server. */
interface SimulatedEcpay {
  app: FastifyInstance;
  settings: EcpaySettings;
  cards: EcpayCardSimulator | null;
}

/** One "pay" press on the simulator's page: the signed checkout form and the shopper's choices. */
interface PayPress {
  fields: Record<string, string>;
  sim: Record<string, string>;
  action: string;
  at: Date;
  tradeNo: string;
  /** Fields every notice of this trade carries. */
  base: Record<string, string>;
}

/** A URL of this shop → its path; null for anything else (the simulator posts only to the shop itself). */
function shopPath(settings: EcpaySettings, url: string | undefined): string | null {
  return shopPathOf(settings.publicUrl, url);
}

/** Where the browser goes afterwards: a path, so it stays on the host the shopper uses. */
function backPath(settings: EcpaySettings, fields: EcpayFields): string {
  return shopPath(settings, fields.OrderResultURL) ?? shopPath(settings, fields.ClientBackURL) ?? '/';
}

/** ECPay's own checks on an AioCheckOut request; a reason when it refuses. */
function refusal(settings: EcpaySettings, fields: EcpayFields): string | null {
  if (fields.MerchantID !== settings.merchantId) return '特店編號（MerchantID）不正確。';
  if (!verifyCheckMacValue(fields, settings.hashKey, settings.hashIv))
    return 'CheckMacValue 驗證失敗，付款資料可能被竄改。';
  if (!/^[0-9A-Za-z]{1,20}$/.test(fields.MerchantTradeNo ?? '')) return '特店交易編號（MerchantTradeNo）格式錯誤。';
  if (!/^[1-9]\d{0,8}$/.test(fields.TotalAmount ?? '')) return '交易金額（TotalAmount）須為正整數。';
  if (!SIMULATED_PAYMENTS.includes(fields.ChoosePayment ?? ''))
    return '模擬器只支援信用卡（Credit）、ATM、超商代碼（CVS）、超商條碼（BARCODE）、Apple Pay（ApplePay）與台灣Pay（TWQR）。';
  if (!shopPath(settings, fields.ReturnURL)) return '付款結果通知網址（ReturnURL）不是本商店的網址。';
  if (!PAID_AT_ONCE.has(fields.ChoosePayment ?? '') && !shopPath(settings, fields.PaymentInfoURL)) {
    return '取號結果通知網址（PaymentInfoURL）不是本商店的網址。';
  }
  return null;
}

/** Signs `fields` and posts them to the shop the way ECPay's server does; true when it answered 1|OK. */
async function notifyShop(
  { app, settings }: SimulatedEcpay,
  url: string,
  fields: Record<string, string>,
): Promise<boolean> {
  const signed = signEcpayFields(fields, settings.hashKey, settings.hashIv);
  const res = await app.inject({
    method: 'POST',
    url: shopPath(settings, url)!,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(signed).toString(),
  });
  return res.statusCode === 200 && res.body === '1|OK';
}

function customFields(fields: EcpayFields) {
  return {
    CustomField1: fields.CustomField1 ?? '',
    CustomField2: fields.CustomField2 ?? '',
    CustomField3: fields.CustomField3 ?? '',
    CustomField4: fields.CustomField4 ?? '',
  };
}

function cannotPay(reply: FastifyReply, settings: EcpaySettings, fields: EcpayFields, reason: string) {
  return sendSimulatorPage(reply, 400, (nonce) => errorPage(nonce, '無法付款', reason, backPath(settings, fields)));
}

function unconfirmed(reply: FastifyReply, settings: EcpaySettings, fields: EcpayFields, detail: string) {
  return sendSimulatorPage(reply, 502, (nonce) =>
    errorPage(nonce, '商店沒有確認付款通知', detail, backPath(settings, fields)),
  );
}

function backToShop(reply: FastifyReply, settings: EcpaySettings, fields: EcpayFields) {
  return reply.code(303).header('Cache-Control', 'no-store').redirect(backPath(settings, fields), 303);
}

/** The posted page: the checkout form's fields, and the simulator's own `sim_` choices apart. */
function readPayPress(settings: EcpaySettings, body: unknown, at: Date): PayPress {
  const fields: Record<string, string> = {};
  const sim: Record<string, string> = {};
  for (const [name, value] of Object.entries(formFields(body))) {
    if (name.startsWith('sim_')) sim[name] = value;
    else fields[name] = value;
  }
  const tradeNo = /^\d{16}$/.test(sim.sim_trade_no ?? '') ? sim.sim_trade_no! : newTradeNo(at);
  const base = {
    MerchantID: settings.merchantId,
    MerchantTradeNo: fields.MerchantTradeNo!,
    StoreID: fields.StoreID ?? '',
    TradeNo: tradeNo,
    TradeAmt: fields.TotalAmount!,
    TradeDate: formatEcpayDateTime(at),
    ...customFields(fields),
  };
  return { fields, sim, action: sim.sim_action ?? '', at, tradeNo, base };
}

/** Card, Apple Pay and 台灣Pay: paid (or refused) on ECPay's page, one ReturnURL notice. */
async function payAtOnce(ecpay: SimulatedEcpay, press: PayPress, reply: FastifyReply) {
  const { settings, cards } = ecpay;
  const { fields, sim, action, at, tradeNo, base } = press;
  if (action !== 'pay' && action !== 'fail') return cannotPay(reply, settings, fields, '請選擇付款或模擬付款失敗。');
  if (action === 'pay' && fields.ChoosePayment === 'Credit') {
    const card = { number: sim.sim_card_number ?? '', expiry: sim.sim_card_expiry ?? '', cvc: sim.sim_card_cvc ?? '' };
    const errors = cardErrors(card, at);
    if (Object.keys(errors).length) {
      return sendSimulatorPage(reply, 422, (nonce) =>
        checkoutPage({ nonce, fields, tradeNo, backHref: backPath(settings, fields), card, errors }),
      );
    }
  }
  // NeedExtraPaidInfo=Y: the card's authorisation (gwsr) rides along, signed with the rest. Apple
  // Pay through ECPay is a card trade too, refunded by DoAction; 台灣Pay is not.
  const gwsr =
    action === 'pay' && fields.ChoosePayment !== 'TWQR' && cards
      ? cards.authorise({ merchantTradeNo: base.MerchantTradeNo!, tradeNo, amount: Number(base.TradeAmt) })
      : '';
  const extra: Record<string, string> =
    fields.NeedExtraPaidInfo === 'Y'
      ? {
          gwsr,
          process_date: formatEcpayDateTime(at),
          auth_code: action === 'pay' ? String(randomInt(100_000, 1_000_000)) : '',
          amount: fields.TotalAmount!,
          eci: '5',
          card4no: (sim.sim_card_number ?? '').replace(/\D/g, '').slice(-4),
          card6no: (sim.sim_card_number ?? '').replace(/\D/g, '').slice(0, 6),
        }
      : {};
  const ok = await notifyShop(ecpay, fields.ReturnURL!, {
    ...base,
    ...extra,
    RtnCode: action === 'pay' ? RTN_PAID : '10100248',
    RtnMsg: action === 'pay' ? '交易成功' : '拒絕交易',
    PaymentDate: formatEcpayDateTime(at),
    PaymentType: PAID_AT_ONCE_TYPE[fields.ChoosePayment!] ?? 'Credit_CreditCard',
    PaymentTypeChargeFee: '0',
    SimulatePaid: '0',
  });
  if (!ok) return unconfirmed(reply, settings, fields, '付款結果通知（ReturnURL）沒有得到 1|OK 的回應。');
  return backToShop(reply, settings, fields);
}

/** The ReturnURL notice of a code, barcode or account paid later; true when the shop confirmed it. */
function notifyPaidLater(ecpay: SimulatedEcpay, { fields, at, base }: PayPress, paymentType: string) {
  return notifyShop(ecpay, fields.ReturnURL!, {
    ...base,
    RtnCode: RTN_PAID,
    RtnMsg: '交易成功',
    PaymentDate: formatEcpayDateTime(at),
    PaymentType: paymentType,
    PaymentTypeChargeFee: '0',
    SimulatePaid: '0',
  });
}

/**
 * CVS: issue a code, BARCODE three barcodes (PaymentInfoURL, RtnCode 10100073); "paid" also sends
 * the store's ReturnURL.
 */
async function payAtStore(ecpay: SimulatedEcpay, press: PayPress, reply: FastifyReply) {
  const { settings } = ecpay;
  const { fields, action, at, base } = press;
  const isBarcode = fields.ChoosePayment === 'BARCODE';
  if (action !== 'cvs' && action !== 'cvs_paid') return cannotPay(reply, settings, fields, '請選擇取得繳費代碼。');
  const expireAt = isBarcode
    ? new Date(at.getTime() + barcodeExpireDays(fields) * DAY_MS)
    : new Date(at.getTime() + cvsExpireMinutes(fields) * MINUTE_MS);
  const paymentType = isBarcode ? 'BARCODE_BARCODE' : 'CVS_CVS';
  const issued = await notifyShop(ecpay, fields.PaymentInfoURL!, {
    ...base,
    RtnCode: RTN_CODE_ISSUED,
    RtnMsg: isBarcode ? 'Get BARCODE Succeeded.' : 'Get CVS Code Succeeded.',
    PaymentType: paymentType,
    PaymentNo: isBarcode ? '' : newPaymentCode(),
    ExpireDate: formatEcpayDateTime(expireAt),
    ...(isBarcode ? newBarcodes(expireAt, Number(fields.TotalAmount)) : { Barcode1: '', Barcode2: '', Barcode3: '' }),
  });
  if (!issued) return unconfirmed(reply, settings, fields, '取號結果通知（PaymentInfoURL）沒有得到 1|OK 的回應。');
  if (action === 'cvs_paid' && !(await notifyPaidLater(ecpay, press, paymentType)))
    return unconfirmed(reply, settings, fields, '付款結果通知（ReturnURL）沒有得到 1|OK 的回應。');
  return backToShop(reply, settings, fields);
}

/** ATM: issue a virtual account (PaymentInfoURL, RtnCode 2); "paid" also sends the transfer's ReturnURL. */
async function payByAtm(ecpay: SimulatedEcpay, press: PayPress, reply: FastifyReply) {
  const { settings } = ecpay;
  const { fields, sim, action, at, base } = press;
  if (action !== 'atm' && action !== 'atm_paid') return cannotPay(reply, settings, fields, '請選擇取得繳費帳號。');
  const bank = ATM_BANKS.find((b) => b.paymentType === sim.sim_bank) ?? ATM_BANKS[0]!;
  const issued = await notifyShop(ecpay, fields.PaymentInfoURL!, {
    ...base,
    RtnCode: RTN_ATM_ISSUED,
    RtnMsg: 'Get VirtualAccount Succeeded',
    PaymentType: bank.paymentType,
    BankCode: bank.code,
    vAccount: newVirtualAccount(),
    ExpireDate: formatEcpayDate(new Date(at.getTime() + atmExpireDays(fields) * DAY_MS)),
  });
  if (!issued) return unconfirmed(reply, settings, fields, '取號結果通知（PaymentInfoURL）沒有得到 1|OK 的回應。');
  if (action === 'atm_paid' && !(await notifyPaidLater(ecpay, press, bank.paymentType)))
    return unconfirmed(reply, settings, fields, '付款結果通知（ReturnURL）沒有得到 1|OK 的回應。');
  return backToShop(reply, settings, fields);
}

export const paymentSimulatorRoutes: FastifyPluginAsync<SimulatorOptions> = async (app, { config, now }) => {
  if (config.ECPAY_MODE !== 'simulator') return; // with ECPay for real, this page must not exist
  acceptFormBodies(app);
  const settings = ecpaySettings(config);
  const ecpay: SimulatedEcpay = { app, settings, cards: ecpayCardGateway(config, now).simulator };

  // The auto-submitted checkout form arrives here (what AioCheckOut/V5 is for ECPay).
  app.post(SIMULATOR_PATH, { config: { access: 'exempt' }, schema: { hide: true } }, async (req, reply) => {
    const fields = formFields(req.body);
    const refused = refusal(settings, fields);
    if (refused) return cannotPay(reply, settings, fields, refused);
    return sendSimulatorPage(reply, 200, (nonce) =>
      checkoutPage({ nonce, fields, tradeNo: newTradeNo(now()), backHref: backPath(settings, fields) }),
    );
  });

  app.post(`${SIMULATOR_PATH}/pay`, { config: { access: 'exempt' }, schema: { hide: true } }, async (req, reply) => {
    const press = readPayPress(settings, req.body, now());
    // The signed fields came back through the browser: check them again, as ECPay keeps them server-side.
    const refused = refusal(settings, press.fields);
    if (refused) return cannotPay(reply, settings, press.fields, refused);
    const choice = press.fields.ChoosePayment ?? '';
    if (PAID_AT_ONCE.has(choice)) return payAtOnce(ecpay, press, reply);
    if (choice === 'CVS' || choice === 'BARCODE') return payAtStore(ecpay, press, reply);
    return payByAtm(ecpay, press, reply);
  });
};
