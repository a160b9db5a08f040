// The zh-TW message catalogue (spec §5, §8), shared by the API error envelope and the web forms.
import {
  BadgeKind,
  CancelStatus,
  DeliveryMethod,
  Gender,
  InvoiceType,
  OrderStatus,
  PaymentMethod,
  ReturnStatus,
} from './enums.ts';

export const msg = {
  // spec §5 form validation
  required: '此欄位為必填',
  mobileFormat: '手機格式不正確',
  emailFormat: '請輸入正確的 Email 格式',
  max200: '最多 200 字',
  maxLength: (n: number) => `最多 ${n} 字`,
  uploadAtLeastOne: '請至少上傳一張圖片',
  uploadAtMost4: '最多上傳 4 張圖片',
  transferLength: '輸入錯誤',
  unknownField: '包含不接受的欄位',

  // spec §8 results of after-sales and contact requests
  returnSuccess: '退貨申請成功，我們將盡快為您處理',
  returnFailure: '退貨申請錯誤，請稍後再試',
  transferSuccess: '匯款通知成功，我們將盡快為您處理',
  transferFailure: '匯款通知錯誤，請稍後再試',
  cancelSuccess: '取消申請成功，我們將盡快為您處理！',
  cancelFailure: '取消申請錯誤，請稍後再試！',
  contactSuccess: '表單送出成功，我們將盡快與您聯繫',
  contactFailure: '表單送出失敗，請稍後再試',
  cancelConfirm: (orderNumber: string) => `確定要取消訂單 ${orderNumber} 嗎？`,

  // spec §8: a 401 with exactly this msg triggers token-expired handling in the web client
  tokenInvalid: 'token驗證失敗',

  // API error envelope `msg` per HTTP status (architecture: API conventions)
  badRequest: '輸入資料有誤',
  unauthorized: '請先登入',
  forbidden: '沒有權限',
  notFound: '找不到資料',
  notFoundPath: '找不到此路徑',
  conflict: '資料已變更或重複，請重新整理後再試',
  payloadTooLarge: '檔案過大',
  unsupportedMediaType: '不支援的檔案格式',
  tooManyRequests: '請求過於頻繁，請稍後再試',
  serverError: '伺服器發生錯誤，請稍後再試',
  guestCredential: '訪客憑證錯誤',
  xsrf: '請重新整理頁面後再試',
  invalidId: '編號格式錯誤',
  loginFailed: '帳號或密碼錯誤',

  // spec §2 screen texts
  pleaseLoginMember: '請先登入會員',
  logout: '登出',
  orderQuery: '訂單查詢',
  noProducts: '查無商品',
  noPromotions: '目前沒有優惠活動',
  freeShipping: '免運費',
  pageLabel: (page: number) => `第 ${page} 頁`,

  // enum labels (spec §3 Enumerations)
  paymentMethodLabel: {
    [PaymentMethod.Transfer]: '銀行轉帳',
    [PaymentMethod.Credit]: '信用卡',
    [PaymentMethod.VirtualAccount]: 'ATM 虛擬帳號',
    [PaymentMethod.CreditFocas]: '信用卡（銀行）',
    [PaymentMethod.LinePay]: 'LINE Pay',
    [PaymentMethod.CashOnDelivery]: '貨到付款',
  } satisfies Record<PaymentMethod, string>,
  deliveryMethodLabel: {
    [DeliveryMethod.GeneralHome]: '一般宅配',
    [DeliveryMethod.LowTemperature]: '低溫宅配',
    [DeliveryMethod.ConvenienceStore]: '超商取貨',
    [DeliveryMethod.BlackCatPickup]: '黑貓取貨',
  } satisfies Record<DeliveryMethod, string>,
  /** BadgeKind.None has no badge, hence ''. */
  badgeLabel: {
    [BadgeKind.None]: '',
    [BadgeKind.Hot]: '熱銷',
    [BadgeKind.New]: '新品',
    [BadgeKind.Select]: '精選',
  } satisfies Record<BadgeKind, string>,
  orderStatusLabel: {
    [OrderStatus.Failed]: '交易失敗',
    [OrderStatus.Complete]: '已完成',
    [OrderStatus.Processing]: '處理中',
    [OrderStatus.Cancel]: '已取消',
    [OrderStatus.Deleted]: '已刪除',
  } satisfies Record<OrderStatus, string>,
  /** spec §4: Returning is shown as 退貨申請中, Cancel as 退貨已取消. */
  returnStatusLabel: {
    [ReturnStatus.None]: '',
    [ReturnStatus.Returning]: '退貨申請中',
    [ReturnStatus.Refunding]: '退款處理中',
    [ReturnStatus.Returned]: '已退貨',
    [ReturnStatus.PartialReturned]: '部分退貨',
    [ReturnStatus.Refunded]: '已退款',
    [ReturnStatus.Archive]: '已封存',
    [ReturnStatus.Deleted]: '已刪除',
    [ReturnStatus.Cancel]: '退貨已取消',
  } satisfies Record<ReturnStatus, string>,
  /** spec §4: Approve means the order was cancelled; Canceled means the request was not approved. */
  cancelStatusLabel: {
    [CancelStatus.None]: '',
    [CancelStatus.Canceling]: '取消申請中',
    [CancelStatus.Canceled]: '取消未核准',
    [CancelStatus.Approve]: '已取消',
    [CancelStatus.Archive]: '已封存',
    [CancelStatus.Deleted]: '已刪除',
  } satisfies Record<CancelStatus, string>,
  genderLabel: {
    [Gender.MALE]: '男',
    [Gender.FEMALE]: '女',
  } satisfies Record<Gender, string>,
  invoiceTypeLabel: {
    [InvoiceType.Duplicate]: '二聯式發票',
    [InvoiceType.Triplicate]: '三聯式發票',
    [InvoiceType.Donate]: '捐贈發票',
  } satisfies Record<InvoiceType, string>,
} as const;

export type MessageCatalogue = typeof msg;

/** A label from one of the `msg.*Label` tables, '' for a value the table does not know. */
export function labelOf(table: Readonly<Record<number, string>>, value: number | null | undefined): string {
  return value === null || value === undefined ? '' : (table[value] ?? '');
}
