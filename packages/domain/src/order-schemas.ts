// Zod schemas of the cart, checkout and after-sales bodies (spec §5, §7), shared by the API and the
// web forms. Fields the server computes (prices, totals, status) are not part of any schema: unknown
// keys are stripped, so a client-sent price never reaches a service.
import { z } from 'zod';
import {
  CarrierType,
  CITIZEN_CERTIFICATE_PATTERN,
  isValidBusinessNumber,
  MOBILE_BARCODE_PATTERN,
} from './e-invoice.ts';
import { adminText } from './admin-forms.ts';
import { couponCodeInputSchema } from './coupons.ts';
import { DeliveryMethod, InvoiceType, PaymentMethod } from './enums.ts';
import { INSTALLMENT_COUNTS, installmentMsg } from './installments.ts';
import { msg } from './messages.ts';
import { TW_MOBILE_PATTERN } from './phone.ts';
import { parseTaiwanAddress } from './taiwan-address.ts';
import { refundAccountSchema } from './refund-account.ts';
import {
  cancelRequestFormSchema,
  idSchema,
  MAX_ID,
  returnRequestFormSchema,
  TEXT_AREA_MAX,
  transferNoticeSchema,
} from './schemas.ts';
import { CART_MERGE_LINES_MAX, CART_QTY_MAX } from './cart-limits.ts';

/** Re-exported from cart-limits.ts, which pages import without this module's Zod schemas. */
export { CART_MERGE_LINES_MAX, CART_QTY_MAX };

/** A whole number from JSON, or a string of digits (form posts); '1e9', '1.5', '' stay invalid. */
const digitsToNumber = (value: unknown) =>
  typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;

/** Points to spend on an order: a whole number, none = 0 (the order and the cart preview alike). */
export const useBonusSchema = z
  .preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : digitsToNumber(v)),
    z
      .number({ error: msg.bonusNotInteger })
      .int({ error: msg.bonusNotInteger })
      .min(0, { error: msg.bonusNotInteger })
      .max(MAX_ID, { error: msg.bonusNotInteger }),
  )
  .optional()
  .default(0);

/** The influencer code typed for an order or its preview; '' or absent = none. */
export const celebrityCodeSchema = z
  .string()
  .trim()
  .max(32, { error: msg.maxLength(32) })
  .nullable()
  .optional()
  .transform((v) => v || null);

/** spec §4 Cart: a quantity is a whole number 1..999. */
export const cartQtySchema = z.preprocess(
  digitsToNumber,
  z
    .number({ error: msg.qtyRange })
    .int({ error: msg.qtyRange })
    .min(1, { error: msg.qtyRange })
    .max(CART_QTY_MAX, { error: msg.qtyRange }),
);

/** POST /shopping-carts. `members_id` is optional; when sent it must be the caller (checked by the server). */
export const addCartLineSchema = z.object({
  members_id: idSchema.optional(),
  products_id: idSchema,
  /** NULL only for a product without specs. */
  spec_id: idSchema.nullable().optional().default(null),
  qty: cartQtySchema,
});
export type AddCartLineInput = z.infer<typeof addCartLineSchema>;

/** PUT /shopping-carts/{id} and PUT /package-shopping-carts/{id}: only the quantity changes. */
export const updateCartLineSchema = z.object({ members_id: idSchema.optional(), qty: cartQtySchema });
export type UpdateCartLineInput = z.infer<typeof updateCartLineSchema>;

/** POST /package-shopping-carts {members_id, product_packages_id, qty}. */
export const addPackageCartLineSchema = z.object({
  members_id: idSchema.optional(),
  product_packages_id: idSchema,
  qty: cartQtySchema,
});
export type AddPackageCartLineInput = z.infer<typeof addPackageCartLineSchema>;

/**
 * POST /shopping-carts-merge: a guest's lines joining the member's cart at login (issue 20 item 11).
 * Unlike POST /shopping-carts, a line over the stock is not refused: what fits joins, and the answer says so.
 */
export const cartMergeSchema = z.object({
  members_id: idSchema.optional(),
  lines: z
    .array(addCartLineSchema.omit({ members_id: true }), { error: msg.badRequest })
    .max(CART_MERGE_LINES_MAX, { error: msg.badRequest })
    .optional()
    .default([]),
  packages: z
    .array(addPackageCartLineSchema.omit({ members_id: true }), { error: msg.badRequest })
    .max(CART_MERGE_LINES_MAX, { error: msg.badRequest })
    .optional()
    .default([]),
});
export type CartMergeInput = z.infer<typeof cartMergeSchema>;

/**
 * Payment methods the checkout may offer, in the order it lists them; LINE Pay only while the shop
 * has it on (LINEPAY_MODE, GET /payment-methods). The bank acquirer comes later.
 */
export const CHECKOUT_PAYMENT_METHODS = [
  PaymentMethod.Transfer,
  PaymentMethod.VirtualAccount,
  // 超商代碼: offered while the owner has it on in 商店設定 (issue 40).
  PaymentMethod.CvsCode,
  PaymentMethod.CvsBarcode,
  PaymentMethod.Credit,
  // Offered only while BANKCARD_MODE is on (decision 060); POST /orders refuses it otherwise.
  PaymentMethod.CreditFocas,
  PaymentMethod.LinePay,
  // Apple Pay and 台灣Pay: off until the owner turns them on in 商店設定 (issue 40).
  PaymentMethod.ApplePay,
  PaymentMethod.Twqr,
  PaymentMethod.CashOnDelivery,
] as const;
export type CheckoutPaymentMethod = (typeof CHECKOUT_PAYMENT_METHODS)[number];

/** GET /payment-methods: what the checkout offers now. */
export const checkoutPaymentMethodsSchema = z.array(z.number().int());

/** GET /installment-plan: the card installment counts the owner offers (none = off) and the amount they start from. */
export const installmentPlanSchema = z.object({ counts: z.array(z.number().int()), min_amount: z.number().int() });
export type InstallmentPlanView = z.infer<typeof installmentPlanSchema>;

/** Convenience-store chains, by ECPay's logistics sub-type names. */
export const StoreChain = { SevenEleven: 'UNIMART', FamilyMart: 'FAMI', HiLife: 'HILIFE', OkMart: 'OKMART' } as const;
export type StoreChain = (typeof StoreChain)[keyof typeof StoreChain];
export const storeChainLabel: Record<StoreChain, string> = {
  UNIMART: '7-ELEVEN',
  FAMI: '全家便利商店',
  HILIFE: '萊爾富',
  OKMART: 'OK超商',
};

const numberChoice = <T extends readonly number[]>(values: T, error: string) =>
  z.preprocess(
    digitsToNumber,
    z.number({ error }).refine((n): n is T[number] => (values as readonly number[]).includes(n), { error }),
  ) as unknown as z.ZodType<T[number]>;

/** A required single-line text of at most `max` characters, as the back-office forms ask it too. */
const requiredText = adminText;

const upperCode = z
  .string({ error: msg.required })
  .trim()
  .transform((s) => s.toUpperCase());

/** 二聯: no carrier, a mobile barcode or a citizen certificate (spec §2 checkout, e-invoice.ts). */
const duplicateReceipt = z
  .object({
    type: z.literal(InvoiceType.Duplicate),
    carrier_type: z
      .enum([CarrierType.None, CarrierType.MobileBarcode, CarrierType.CitizenCertificate], {
        error: msg.carrierTypeChoose,
      })
      .default(CarrierType.None),
    carrier: upperCode.optional().default(''),
  })
  .superRefine((r, ctx) => {
    if (r.carrier_type === CarrierType.MobileBarcode && !MOBILE_BARCODE_PATTERN.test(r.carrier)) {
      ctx.addIssue({ code: 'custom', path: ['carrier'], message: msg.mobileBarcodeFormat });
    }
    if (r.carrier_type === CarrierType.CitizenCertificate && !CITIZEN_CERTIFICATE_PATTERN.test(r.carrier)) {
      ctx.addIssue({ code: 'custom', path: ['carrier'], message: msg.citizenCertificateFormat });
    }
  });

/** 三聯: a unified business number passing the 2023 checksum, and the company title. */
const triplicateReceipt = z.object({
  type: z.literal(InvoiceType.Triplicate),
  tax_id: z
    .string({ error: msg.businessNumberFormat })
    .trim()
    .refine(isValidBusinessNumber, { error: msg.businessNumberFormat }),
  title: requiredText(100),
});

/** 捐贈: a 3–7 digit donation code. */
const donateReceipt = z.object({
  type: z.literal(InvoiceType.Donate),
  donate_code: z
    .string({ error: msg.donationCodeFormat })
    .trim()
    .regex(/^\d{3,7}$/, { error: msg.donationCodeFormat }),
});

/** The order's `receipt`: an object, or the JSON text of one (spec §3 keeps it as a JSON string). */
export const receiptSchema = z.preprocess(
  (value) => {
    let v = value;
    if (typeof v === 'string') {
      try {
        v = JSON.parse(v);
      } catch {
        return v;
      }
    }
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const type = (v as Record<string, unknown>).type;
      return { ...v, type: digitsToNumber(type) };
    }
    return v;
  },
  z
    .discriminatedUnion('type', [duplicateReceipt, triplicateReceipt, donateReceipt], {
      error: msg.invoiceTypeChoose,
    })
    // Without a carrier type the carrier text is meaningless: store none.
    .transform((r) =>
      r.type === InvoiceType.Duplicate && r.carrier_type === CarrierType.None ? { ...r, carrier: '' } : r,
    ),
);
export type ReceiptInput = z.infer<typeof receiptSchema>;

/**
 * Convenience-store pickup: the chain, the store's id, name and address, as ECPay's store map chose
 * them (docs/decisions/053). `address` is optional: orders from before the map have none. `token` is
 * the shop's signature of the map's reply; POST /orders checks it and stores the store, never the token.
 */
export const pickupStoreSchema = z.object({
  chain: z.enum(Object.values(StoreChain) as [StoreChain, ...StoreChain[]], { error: msg.storeChoose }),
  id: z
    .string({ error: msg.storeChoose })
    .trim()
    .regex(/^[0-9A-Za-z]{1,10}$/, { error: msg.storeChoose }),
  name: requiredText(50),
  address: z
    .string()
    .trim()
    .max(200, { error: msg.maxLength(200) })
    .optional()
    .default(''),
  token: z.string().max(2000, { error: msg.storeChoose }).optional(),
});
export type PickupStore = z.infer<typeof pickupStoreSchema>;

/**
 * POST /orders (spec §7, issue 6): what the shopper chose; the lines come from the member's cart and
 * every amount is computed by the server. `code` is the influencer code the shopper arrived with.
 */
export const orderBodySchema = z
  .object({
    payment_type: numberChoice(CHECKOUT_PAYMENT_METHODS, msg.paymentTypeChoose),
    delivery_method: numberChoice(
      [
        DeliveryMethod.GeneralHome,
        DeliveryMethod.LowTemperature,
        DeliveryMethod.ConvenienceStore,
        DeliveryMethod.BlackCatPickup,
      ] as const,
      msg.deliveryMethodChoose,
    ),
    recv_name: requiredText(50),
    recv_cellphone: z
      .string({ error: msg.required })
      .trim()
      .min(1, { error: msg.required })
      .regex(TW_MOBILE_PATTERN, { error: msg.mobileFormat }),
    /** Postal code, city, district and street; not needed for convenience-store pickup. */
    recv_address: z
      .string({ error: msg.required })
      .trim()
      .max(200, { error: msg.maxLength(200) })
      .optional()
      .default(''),
    /** Required for convenience-store pickup, ignored otherwise. */
    store: pickupStoreSchema.nullable().optional().default(null),
    receipt: receiptSchema,
    use_bonus: useBonusSchema,
    remark: z
      .string({ error: msg.max200 })
      .trim()
      .max(TEXT_AREA_MAX, { error: msg.max200 })
      .nullable()
      .optional()
      .transform((v) => v ?? ''),
    code: celebrityCodeSchema,
    /** The coupon code typed in the cart (docs/decisions/061); '' or absent = none. */
    coupon_code: couponCodeInputSchema,
    /** Card installments (decision 082); absent, null, '' or 0 = paid at once. */
    installments: z
      .preprocess(
        (v) => (v === undefined || v === null || v === '' || v === 0 || v === '0' ? null : digitsToNumber(v)),
        numberChoice(INSTALLMENT_COUNTS, installmentMsg.unknownCount).nullable(),
      )
      .optional()
      .transform((v) => v ?? null),
  })
  .superRefine((body, ctx) => {
    if (body.installments !== null && body.payment_type !== PaymentMethod.Credit) {
      ctx.addIssue({ code: 'custom', path: ['installments'], message: installmentMsg.cardOnly });
    }
    if (body.delivery_method === DeliveryMethod.ConvenienceStore) {
      if (!body.store) ctx.addIssue({ code: 'custom', path: ['store'], message: msg.storeChoose });
    } else if (body.recv_address === '') {
      ctx.addIssue({ code: 'custom', path: ['recv_address'], message: msg.required });
    } else if (!parseTaiwanAddress(body.recv_address)) {
      ctx.addIssue({ code: 'custom', path: ['recv_address'], message: msg.addressIncomplete });
    }
  })
  .transform((body) => {
    const byStore = body.delivery_method === DeliveryMethod.ConvenienceStore;
    return {
      ...body,
      store: byStore ? body.store : null,
      // The postal code is the district's, whatever was typed (issue 21 item 5).
      recv_address: byStore ? body.recv_address : (parseTaiwanAddress(body.recv_address)?.line ?? body.recv_address),
    };
  });
export type OrderBodyInput = z.input<typeof orderBodySchema>;
export type OrderBody = z.output<typeof orderBodySchema>;

/** PUT /orders/{id}/last-number-of-transfer {id, members_id, last_number_of_transfer}: only the digits count. */
export const transferNoticeBodySchema = transferNoticeSchema.extend({
  id: idSchema.optional(),
  members_id: idSchema.optional(),
});

/**
 * The account a refund goes to (issue 20 item 7, docs/decisions/048): required by the service when the
 * order's money can only come back by transfer (refund-account.ts), ignored when it is not needed.
 */
const refundAccountField = refundAccountSchema.nullish().transform((v) => v ?? null);

/** POST /order-cancel-records (spec §3 Order-cancel request). */
export const cancelRecordBodySchema = cancelRequestFormSchema.extend({
  orders_id: idSchema,
  order_number: z.string().optional(),
  members_id: idSchema.optional(),
  refund_account: refundAccountField,
});
export type CancelRecordBody = z.infer<typeof cancelRecordBodySchema>;

/** POST /order-return-records (spec §3 Return request payload). */
export const returnRecordBodySchema = returnRequestFormSchema.extend({
  orders_id: idSchema,
  order_number: z.string().optional(),
  members_id: idSchema.optional(),
  refund_account: refundAccountField,
});
export type ReturnRecordBody = z.infer<typeof returnRecordBodySchema>;
