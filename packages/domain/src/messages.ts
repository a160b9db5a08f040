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
import { CART_QTY_MAX } from './cart-limits.ts';

/** A wait as a shopper reads it: seconds under a minute, else whole minutes rounded up. */
function waitText(seconds: number): string {
  return seconds < 60 ? `${Math.max(1, Math.ceil(seconds))} 秒` : `${Math.ceil(seconds / 60)} 分鐘`;
}

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

  // carts and checkout (spec §2 /cart, §4 Cart; issue 6)
  qtyRange: '數量必須是 1 到 999 的整數',
  paymentTypeChoose: '請選擇付款方式',
  deliveryMethodChoose: '請選擇配送方式',
  storeChoose: '請選擇取貨門市',
  /** issue 21 item 5: a delivery address needs a real city and district, and a street. */
  addressIncomplete: '請填寫完整地址：縣市、鄉鎮市區與路名門牌',
  invoiceTypeChoose: '請選擇發票類型',
  carrierTypeChoose: '請選擇載具類型',
  mobileBarcodeFormat: '手機條碼格式不正確（/ 加 7 碼英數字或 .+-）',
  citizenCertificateFormat: '自然人憑證條碼格式不正確（2 碼大寫英文加 14 碼數字）',
  businessNumberFormat: '統一編號格式不正確',
  donationCodeFormat: '捐贈碼格式不正確（3 至 7 碼數字）',
  // issue 16 item 3: ECPay's check APIs (財政部) say the carrier or the love code does not exist
  mobileBarcodeUnknown: '查無此手機條碼，請確認後重新輸入',
  donationCodeUnknown: '查無此捐贈碼，請確認後重新輸入',
  bonusNotInteger: '紅利點數必須是 0 以上的整數',
  bonusInsufficient: '紅利點數不足',
  bonusOverLimit: (max: number) => `本筆訂單最多可折抵 ${max} 點`,
  emptyCart: '購物車是空的',
  productUnavailable: (name: string) => `「${name}」目前無法購買，請從購物車移除後再試`,
  outOfStock: (name: string) => `「${name}」庫存不足`,
  // issue 20 item 11: a quantity meets the stock left (the page's cap, the server's refusal, the join at login)
  stockOnlyLeft: (stock: number) => `庫存僅剩 ${stock} 件`,
  stockLeft: (name: string, stock: number, inCart = 0) =>
    stock <= 0
      ? `「${name}」已售完`
      : `「${name}」庫存僅剩 ${stock} 件${inCart > 0 ? `，購物車已有 ${inCart} 件` : ''}`,
  mergeKept: (name: string, stock: number, kept: number) => `「${name}」庫存僅剩 ${stock} 件，已為您保留 ${kept} 件`,
  mergeNothingAdded: (name: string, stock: number, kept: number) =>
    `「${name}」庫存僅剩 ${stock} 件，購物車已有 ${kept} 件，未再加入`,
  mergeLineMax: (name: string, kept: number) => `「${name}」每項最多 ${CART_QTY_MAX} 件，已為您保留 ${kept} 件`,
  mergeSoldOut: (name: string) => `「${name}」已售完，未加入購物車`,
  mergeUnavailable: (name: string) => `「${name}」目前無法購買，未加入購物車`,
  idempotencyConflict: '此 Idempotency-Key 已用於內容不同的訂單',
  orderInProgress: '訂單處理中，請稍後再試',
  cancelNotAllowed: '此訂單目前無法取消',
  returnNotAllowed: '此訂單目前無法申請退貨',
  transferNotAllowed: '此訂單目前無法通知匯款',
  uploadNotFound: '找不到此圖片，請重新上傳',

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

  // members, sign-up, SMS codes and sessions (spec §7 Auth/members; issue 5)
  passwordLength: '密碼需為 8 到 64 個字元',
  passwordMismatch: '兩次輸入的密碼不一致',
  passwordSameAsOld: '新密碼不可與目前密碼相同',
  currentPasswordWrong: '目前密碼錯誤',
  passwordChanged: '密碼已變更',
  genderChoose: '請選擇性別',
  cityChoose: '請選擇正確的縣市',
  areaChoose: '請選擇正確的鄉鎮市區',
  monthFormat: '月份格式應為 YYYY-MM',
  smsCodeFormat: '請輸入 6 位數驗證碼',
  smsCodeInvalid: '驗證碼錯誤或已失效',
  smsCodeTooManyTries: '驗證碼錯誤次數過多，請重新取得驗證碼',
  smsCodeCooldown: (seconds: number) => `請於 ${seconds} 秒後再重新發送`,
  smsCodeLimit: '驗證碼發送次數過多，請稍後再試',
  smsCodeSent: '驗證碼已發送，10 分鐘內有效',
  smsSendFailed: '簡訊發送失敗，請稍後再試',
  smsCodeMismatch: '手機號碼與網址不一致',
  accountTaken: '此手機號碼已註冊，請直接登入',
  loginLocked: (seconds: number) => `登入失敗次數過多，請 ${waitText(seconds)}後再試`,
  lookupLimit: (seconds: number) => `查詢次數過多，請 ${waitText(seconds)}後再試`,
  sessionExpired: '登入已逾時，請重新登入',
  forgotPasswordSent: '若此手機號碼已註冊，驗證碼將以簡訊傳送給您',
  passwordReset: '密碼已重設，請以新密碼登入',
  profileSaved: '會員資料已更新',
  memberNotFound: '找不到此會員',
  signupDone: '註冊成功，歡迎加入會員',
  referrerNotFound: '找不到此推薦人，請確認手機號碼',
  loggedIn: '登入成功',

  // spec §2 screen texts
  pleaseLoginMember: '請先登入會員',
  logout: '登出',
  orderQuery: '訂單查詢',
  noProducts: '查無商品',
  noPromotions: '目前沒有優惠活動',
  // spec §5 search (keyword checks of the search API; the page cuts long keywords instead)
  keywordRequired: '請輸入搜尋關鍵字',
  keywordTooLong: (n: number) => `搜尋關鍵字最多 ${n} 字`,
  noSearchResults: '查無相關商品，請換個關鍵字試試',
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
    [PaymentMethod.CvsCode]: '超商代碼繳費',
    [PaymentMethod.CvsBarcode]: '超商條碼繳費',
    [PaymentMethod.ApplePay]: 'Apple Pay',
    [PaymentMethod.Twqr]: '台灣Pay',
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
