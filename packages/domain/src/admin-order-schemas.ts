// Back-office order handling: list filters and the forms for payment, shipping, cancel and return
// decisions. Shared by the API validation and the back-office forms, zh-TW messages.
import { z } from 'zod';
import { OrderStatus, PaymentMethod } from './enums.ts';
import { msg } from './messages.ts';
import { TEXT_AREA_MAX } from './schemas.ts';
import { CHECKOUT_PAYMENT_METHODS } from './order-schemas.ts';
import { isShopDate } from './shop-calendar.ts';

/** Back-office list pages: 20 rows unless asked otherwise, at most 100. */
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;

const requiredText = () => z.string({ error: msg.required }).trim().min(1, { error: msg.required });

/** An empty query value (`?status=` from a GET form) means "not filtered". */
const blankToUndefined = (value: unknown) =>
  value === '' || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const queryInt = (min: number, max: number, error: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).optional(),
  );

export const shopDateSchema = z
  .string({ error: msg.required })
  .trim()
  .refine(isShopDate, { error: '日期格式應為 yyyy-MM-dd' });

const optionalShopDate = z.preprocess(blankToUndefined, shopDateSchema.optional());

/** `?page=&size=` of back-office lists. */
export const adminPageQuery = z.object({
  page: queryInt(1, 100_000, '頁碼格式錯誤').transform((v) => v ?? 1),
  size: queryInt(1, ADMIN_PAGE_SIZE_MAX, `每頁筆數為 1 到 ${ADMIN_PAGE_SIZE_MAX}`).transform(
    (v) => v ?? ADMIN_PAGE_SIZE,
  ),
});

/** Work the back office still has to do with an order (the dashboard's counters link to these). */
export const ORDER_TODOS = ['payment', 'shipping', 'cancel', 'return', 'refund'] as const;
export type OrderTodo = (typeof ORDER_TODOS)[number];

export const orderTodoLabel: Record<OrderTodo, string> = {
  payment: '待確認付款',
  shipping: '待出貨',
  cancel: '待處理取消',
  return: '待處理退貨',
  refund: '待退款',
};

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: '選項不正確' }).optional());

/** GET /admin/orders and its CSV export. Dates are Taipei days, both inclusive. */
export const adminOrderFilterSchema = adminPageQuery
  .extend({
    status: queryInt(OrderStatus.Failed, OrderStatus.Deleted, '訂單狀態不正確'),
    payment: choice(['paid', 'unpaid'] as const),
    // The methods the checkout offers, as the filter lists them; no order is paid any other way.
    payment_type: queryInt(PaymentMethod.Transfer, Math.max(...CHECKOUT_PAYMENT_METHODS), '付款方式不正確').refine(
      (p) => p === undefined || (CHECKOUT_PAYMENT_METHODS as readonly number[]).includes(p),
      { error: '付款方式不正確' },
    ),
    shipping: choice(['shipped', 'unshipped'] as const),
    todo: choice(ORDER_TODOS),
    from: optionalShopDate,
    to: optionalShopDate,
    order_number: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(20, { error: msg.maxLength(20) })
        .optional(),
    ),
    phone: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(20, { error: msg.maxLength(20) })
        .regex(/^\d+$/, { error: '手機號碼只能輸入數字' })
        .optional(),
    ),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: '結束日期不可早於開始日期', path: ['to'] });
export type AdminOrderFilter = z.infer<typeof adminOrderFilterSchema>;

/** The order's `version` as loaded; a different one in the database means someone else changed it (409). */
export const orderVersionSchema = z
  .number({ error: '缺少資料版本，請重新整理後再試' })
  .int({ error: '資料版本格式錯誤' })
  .min(1, { error: '資料版本格式錯誤' });

const note = z.string().trim().max(TEXT_AREA_MAX, { error: msg.max200 }).optional();

/** Confirm that a payment arrived. */
export const confirmPaymentSchema = z.strictObject({ version: orderVersionSchema });

/** Common Taiwan carriers offered in the ship form (free text is accepted too). */
export const FREIGHT_COMPANIES = [
  '黑貓宅急便',
  '新竹物流',
  '嘉里大榮物流',
  '宅配通',
  '中華郵政',
  '7-ELEVEN 交貨便',
  '全家店到店',
  '萊爾富',
  'OK 超商',
] as const;

/** Ship: carrier, tracking number and the Taipei day the parcel left. */
export const shipOrderSchema = z.strictObject({
  version: orderVersionSchema,
  freight_company: requiredText().max(50, { error: msg.maxLength(50) }),
  tracking_number: requiredText()
    .max(50, { error: msg.maxLength(50) })
    .regex(/^[A-Za-z0-9-]+$/, { error: '物流單號只能包含英文、數字與 -' }),
  ship_date: shopDateSchema,
});
export type ShipOrderInput = z.infer<typeof shipOrderSchema>;

/**
 * 記錄退款 (issue 16 item 2): the shop sent a cancelled order's money back itself (a transfer to the
 * account the shopper named, or by hand in a provider's back office): how much, on which day, and a note.
 */
export const manualRefundSchema = z.strictObject({
  version: orderVersionSchema,
  amount: z
    .number({ error: '請輸入退款金額' })
    .int({ error: '退款金額須為整數' })
    .min(1, { error: '退款金額須大於 0' })
    .max(10_000_000, { error: '退款金額過大' }),
  refunded_on: shopDateSchema,
  note: z
    .string()
    .trim()
    .max(200, { error: msg.maxLength(200) })
    .optional()
    .default(''),
});
export type ManualRefundInput = z.infer<typeof manualRefundSchema>;

/** Approve or refuse a cancel request; the note goes to the audit log. */
export const cancelDecisionSchema = z.strictObject({ version: orderVersionSchema, note });

/** Approve a return: which lines come back (index in the order's lines, units) and the refund. */
export const approveReturnSchema = z.strictObject({
  version: orderVersionSchema,
  items: z
    .array(
      z.strictObject({
        line: z.number({ error: '品項格式錯誤' }).int({ error: '品項格式錯誤' }).min(0, { error: '品項格式錯誤' }),
        qty: z.number({ error: '請輸入數量' }).int({ error: '數量須為整數' }).min(0, { error: '數量不可為負數' }),
      }),
      { error: '請選擇退貨品項' },
    )
    .max(200, { error: '品項過多' })
    .refine((items) => items.some((i) => i.qty > 0), { error: '請至少退回一件商品' }),
  refund_amount: z
    .number({ error: '請輸入退款金額' })
    .int({ error: '退款金額須為整數' })
    .min(0, { error: '退款金額不可為負數' }),
  note,
});
export type ApproveReturnInput = z.infer<typeof approveReturnSchema>;

/** Refuse a return (Returning → Cancel). */
export const rejectReturnSchema = z.strictObject({ version: orderVersionSchema, note });

/** The refund was sent (Refunding → Refunded / PartialReturned / Returned). */
export const refundReturnSchema = z.strictObject({ version: orderVersionSchema, note });
