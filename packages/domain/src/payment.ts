// Online payment (ECPay AIO: credit card, ATM virtual account): shapes shared by the API and the
// storefront's payment pages, the owner's virtual-account form schema, and their zh-TW texts.
import { z } from 'zod';
import { OrderStatus, PaymentMethod } from './enums.ts';
import { TAIPEI_UTC_OFFSET } from './shop-calendar.ts';

/** Payment types paid through ECPay; the others (transfer, cash on delivery) have no payment step. */
export const ONLINE_PAYMENT_TYPES: readonly number[] = [
  PaymentMethod.Credit,
  PaymentMethod.VirtualAccount,
  PaymentMethod.CvsCode,
  PaymentMethod.CvsBarcode,
  PaymentMethod.ApplePay,
  PaymentMethod.Twqr,
];

export function isOnlinePayment(paymentType: number): boolean {
  return ONLINE_PAYMENT_TYPES.includes(paymentType);
}

/** GET /orders/{id}/payment: the payment state of a member's own order. Times are ISO 8601. */
export const orderPaymentSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  payment_type: z.enum(PaymentMethod),
  pay_amount: z.number().int(),
  status: z.enum(OrderStatus),
  is_payment: z.boolean(),
  paid_at: z.string().nullable(),
  virtual_account: z.string().nullable(),
  virtual_account_bank_code: z.string().nullable(),
  virtual_account_expire_date: z.string().nullable(),
  /** 超商代碼 and its deadline once ECPay issued it (issue 40). */
  payment_code: z.string().nullable(),
  /** Card installments (decision 082); null = paid at once. */
  installments: z.number().int().nullable().optional(),
  payment_code_expire_date: z.string().nullable(),
  /** 超商條碼: the three barcodes once ECPay issued them (their deadline is payment_code_expire_date). */
  payment_barcodes: z.array(z.string()).nullable().optional(),
  /**
   * Whether the payment page can be opened now: `GET /orders/{id}/ecpay-checkout` (card, ATM without
   * an account yet) or `POST /orders/{id}/linepay-request` (LINE Pay); unpaid and processing.
   */
  can_checkout: z.boolean(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** GET /orders/{id}/ecpay-checkout: post `fields` as a form to `action`. */
export const ecpayCheckoutSchema = z.object({ action: z.string(), fields: z.record(z.string(), z.string()) });
export type EcpayCheckout = z.infer<typeof ecpayCheckoutSchema>;

export const paymentMsg = {
  paymentNotNeeded: '此訂單的付款方式不需線上付款',
  alreadyPaid: '此訂單已完成付款',
  notPayable: '此訂單目前無法付款',
  virtualAccountIssued: '此訂單已取得 ATM 繳費帳號，請依帳號轉帳',
  paymentCodeIssued: '此訂單已取得超商繳費代碼，請於期限內至超商繳費',
  cvsOff: '目前未提供超商代碼繳費，請改用其他付款方式',
  barcodeOff: '目前未提供超商條碼繳費，請改用其他付款方式',
  applePayOff: '目前未提供 Apple Pay 付款，請改用其他付款方式',
  twqrOff: '目前未提供台灣Pay 付款，請改用其他付款方式',
  barcodesIssued: '此訂單已取得超商繳費條碼，請於期限內至超商繳費',
  notVirtualAccountOrder: '此訂單的付款方式不是 ATM 虛擬帳號',
  orderNumberFormat: '訂單編號格式錯誤',
  virtualAccountFormat: '虛擬帳號須為 6 到 20 位數字',
  bankCodeFormat: '銀行代碼須為 3 位數字',
  expireDateFormat: '繳費期限格式錯誤',
  notLinePayOrder: '此訂單的付款方式不是 LINE Pay',
  linePayOff: '目前未提供 LINE Pay 付款，請聯絡客服或改用其他付款方式',
  bankcardOff: '目前未提供信用卡（銀行）付款，請改用其他付款方式',
  linePayUnavailable: 'LINE Pay 暫時無法連線，請稍後再試',
  linePayRefused: (code: string) => `LINE Pay 無法建立付款（代碼 ${code}），請稍後再試或改用其他付款方式`,
} as const;

/** What the shopper is told on the order's payment page after coming back from LINE Pay (issue 16). */
export const LINEPAY_RETURN_NOTICES = {
  paid: '已完成 LINE Pay 付款，感謝您的訂購。',
  cancelled: '您已取消 LINE Pay 付款，訂單仍為您保留，可以再付款一次。',
  failed: 'LINE Pay 付款沒有完成，訂單尚未付款，請再試一次或聯絡客服。',
  pending: '正在向 LINE Pay 確認付款結果，請稍候再重新整理此頁。',
} as const;
export type LinePayReturn = keyof typeof LINEPAY_RETURN_NOTICES;

/** POST /orders/{id}/linepay-request: send the shopper to `payment_url` (LINE Pay's page or app). */
export const linePayRequestAnswerSchema = z.object({ payment_url: z.string() });
export type LinePayRequestAnswer = z.infer<typeof linePayRequestAnswerSchema>;

/** yyyy-MM-dd (end of that Taipei day), yyyy/MM/dd, or an ISO 8601 time with its offset. */
const expireDate = z
  .string({ error: paymentMsg.expireDateFormat })
  .trim()
  .refine((v) => /^\d{4}[-/]\d{2}[-/]\d{2}$/.test(v) || z.iso.datetime({ offset: true }).safeParse(v).success, {
    error: paymentMsg.expireDateFormat,
  })
  .transform((v, ctx) => {
    const day = /^(\d{4})[-/](\d{2})[-/](\d{2})$/.exec(v);
    const at = day ? new Date(`${day[1]}-${day[2]}-${day[3]}T23:59:59${TAIPEI_UTC_OFFSET}`) : new Date(v);
    if (Number.isNaN(at.getTime()) || (day && at.toISOString().slice(0, 10) !== `${day[1]}-${day[2]}-${day[3]}`)) {
      ctx.addIssue({ code: 'custom', message: paymentMsg.expireDateFormat });
      return z.NEVER;
    }
    return at;
  });

/** spec §7 PUT /orders-virtual-account (shop owner): the ATM account of an order, e.g. issued by phone. */
export const orderVirtualAccountSchema = z.strictObject({
  order_number: z
    .string({ error: paymentMsg.orderNumberFormat })
    .trim()
    .regex(/^[0-9A-Za-z]{1,20}$/, { error: paymentMsg.orderNumberFormat }),
  virtual_account: z
    .string({ error: paymentMsg.virtualAccountFormat })
    .trim()
    .regex(/^\d{6,20}$/, { error: paymentMsg.virtualAccountFormat }),
  virtual_account_bank_code: z
    .string({ error: paymentMsg.bankCodeFormat })
    .trim()
    .regex(/^\d{3}$/, { error: paymentMsg.bankCodeFormat }),
  virtual_account_expire_date: expireDate,
});
export type OrderVirtualAccountInput = z.input<typeof orderVirtualAccountSchema>;
