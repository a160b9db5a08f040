// What each 商店設定 section asks, in the order the owner sees it (drawn by settings-form.tsx).
import {
  type AdminSettings,
  ATM_EXPIRE_DAYS,
  BARCODE_EXPIRE_DAYS,
  BONUS_RATE_MAX,
  CART_REMINDER_HOURS,
  CVS_EXPIRE_MINUTES,
  INSTALLMENT_COUNTS,
  RETURN_DAYS_MAX,
  RETURN_DAYS_MIN,
} from '@shop/domain';
import type { SettingField } from './settings-form.tsx';

type FieldsOf<K extends keyof AdminSettings> = readonly SettingField<Extract<keyof AdminSettings[K], string>>[];

/** 運費、退貨與付款期限: fees, the return window, stock warnings and the payment methods' terms. */
export const SHIPPING_FIELDS: FieldsOf<'shipping'> = [
  { kind: 'text', label: '一般宅配運費（元）', name: 'shipping_fee', type: 'number', min: 0, required: true },
  { kind: 'text', label: '低溫宅配運費（元）', name: 'low_temp_shipping_fee', type: 'number', min: 0, required: true },
  {
    kind: 'text',
    label: '免運門檻（元）',
    name: 'free_shipping_threshold',
    type: 'number',
    min: 0,
    help: '商品金額（折扣後）達此金額免運費；留空表示不提供免運',
  },
  {
    kind: 'text',
    label: '退貨期限（出貨後天數）',
    name: 'return_days',
    type: 'number',
    min: RETURN_DAYS_MIN,
    max: RETURN_DAYS_MAX,
    required: true,
    help: `消費者保護法規定網購有 ${RETURN_DAYS_MIN} 天鑑賞期，不可少於 ${RETURN_DAYS_MIN} 天`,
  },
  {
    kind: 'text',
    label: '庫存不足提醒（件）',
    name: 'low_stock_level',
    type: 'number',
    min: 0,
    required: true,
    help: '規格庫存等於或少於此數量時顯示「庫存不足」，並每天寄一封提醒到客服信箱；各規格可另設',
  },
  {
    kind: 'text',
    label: 'ATM 繳費期限（天）',
    name: 'atm_expire_days',
    type: 'number',
    min: ATM_EXPIRE_DAYS.min,
    max: ATM_EXPIRE_DAYS.max,
    required: true,
    help: `ATM 虛擬帳號可繳費的天數（${ATM_EXPIRE_DAYS.min}–${ATM_EXPIRE_DAYS.max} 天）；逾期未付款的訂單由系統自動取消`,
  },
  {
    kind: 'check',
    label: '超商代碼繳費',
    name: 'cvs_enabled',
    text: '結帳時提供超商代碼繳費（綠界 CVS）',
    help: '顧客取得繳費代碼後，到 7-ELEVEN、全家、萊爾富或 OK超商的機台繳費',
  },
  {
    kind: 'check',
    label: '超商條碼繳費',
    name: 'barcode_enabled',
    text: '結帳時提供超商條碼繳費（綠界 BARCODE）',
    help: '顧客在訂單頁取得三段條碼，於超商櫃檯出示手機畫面付款',
  },
  {
    kind: 'text',
    label: '超商條碼繳費期限（天）',
    name: 'barcode_expire_days',
    type: 'number',
    min: BARCODE_EXPIRE_DAYS.min,
    max: BARCODE_EXPIRE_DAYS.max,
    required: true,
    help: `條碼可繳費的天數（${BARCODE_EXPIRE_DAYS.min}–${BARCODE_EXPIRE_DAYS.max} 天）；逾期未付款的訂單由系統自動取消`,
  },
  {
    kind: 'check',
    label: 'Apple Pay',
    name: 'apple_pay_enabled',
    text: '結帳時提供 Apple Pay（綠界 ApplePay）',
    help: '只在支援 Apple Pay 的裝置與瀏覽器（iPhone、iPad、Mac 的 Safari）顯示；需先向綠界申請開通',
  },
  {
    kind: 'check',
    label: '台灣Pay',
    name: 'twqr_enabled',
    text: '結帳時提供台灣Pay（綠界 TWQR）',
    help: '顧客以銀行 App 掃描 QR Code 付款；需先向綠界申請開通；退款時由商店轉帳至顧客提供的帳戶，與 ATM 相同',
  },
  {
    kind: 'choices',
    label: '信用卡分期期數',
    name: 'installment_counts',
    options: INSTALLMENT_COUNTS.map((n) => ({ value: String(n), label: `${n} 期` })),
    help: '結帳時可選的分期期數（綠界 CreditInstallment）；都不勾選表示不提供分期。分期訂單只能全額退款',
  },
  {
    kind: 'text',
    label: '分期最低訂單金額（元）',
    name: 'installment_min_amount',
    type: 'number',
    min: 0,
    required: true,
    help: '應付金額達此金額才顯示分期選項',
  },
  {
    kind: 'text',
    label: '超商代碼繳費期限（分鐘）',
    name: 'cvs_expire_minutes',
    type: 'number',
    min: CVS_EXPIRE_MINUTES.min,
    max: CVS_EXPIRE_MINUTES.max,
    required: true,
    help: `繳費代碼可繳費的分鐘數（${CVS_EXPIRE_MINUTES.min}–${CVS_EXPIRE_MINUTES.max}，10080 分鐘為 7 天）；逾期未付款的訂單由系統自動取消`,
  },
];

/** The two referral levels after the member levels' rates (紅利回饋與會員折扣). */
export const DOWNLINE_FIELDS: FieldsOf<'bonus'> = [
  {
    kind: 'text',
    label: '第一層推薦回饋（%）',
    name: 'downline_percent_1',
    type: 'number',
    min: 0,
    max: BONUS_RATE_MAX,
    required: true,
    help: '您直接推薦的會員，其訂單完成時回饋給推薦人',
  },
  {
    kind: 'text',
    label: '第二層推薦回饋（%）',
    name: 'downline_percent_2',
    type: 'number',
    min: 0,
    max: BONUS_RATE_MAX,
    required: true,
    help: '被推薦會員再推薦的會員，其訂單完成時回饋給最上層推薦人',
  },
];

/**
 * 網站資訊. The spec's g_tag rides along unchanged; the storefront loads the GA4 and Meta Pixel ids
 * only after the shopper's consent (issue 43 item 5).
 */
export const SITE_FIELDS: FieldsOf<'site'> = [
  {
    kind: 'text',
    label: '網站名稱',
    name: 'website_title',
    required: true,
    maxLength: 60,
    help: '瀏覽器分頁標題的開頭',
  },
  { kind: 'hidden', name: 'g_tag' },
  {
    kind: 'text',
    label: 'GA4 評估 ID',
    name: 'ga4_measurement_id',
    placeholder: 'G-XXXXXXXXXX',
    maxLength: 14,
    help: '留空表示不使用 Google Analytics；顧客在 Cookie 橫幅按「同意」後才會載入',
  },
  {
    kind: 'text',
    label: 'Meta Pixel ID',
    name: 'meta_pixel_id',
    inputMode: 'numeric',
    maxLength: 20,
    help: '留空表示不使用；只有數字，顧客同意後才會載入',
  },
  {
    kind: 'area',
    label: '網站描述',
    name: 'description',
    rows: 2,
    maxLength: 300,
    help: '搜尋引擎與分享預覽的說明文字',
  },
  { kind: 'area', label: '關鍵字', name: 'keywords', rows: 2, maxLength: 300, help: '以逗號分隔' },
  { kind: 'text', label: '客服電話', name: 'service_phone', type: 'tel' },
  { kind: 'text', label: '客服 Email', name: 'service_email', type: 'email' },
  { kind: 'text', label: '地址', name: 'service_address' },
  { kind: 'text', label: '統一編號', name: 'service_tax_id', inputMode: 'numeric', maxLength: 8 },
  {
    kind: 'area',
    label: '地圖嵌入碼',
    name: 'service_gmap',
    rows: 3,
    help: '在 Google 地圖按「分享 → 嵌入地圖」，把 <iframe …> 整段貼上',
    wide: true,
  },
];

/** 網站資訊's pictures, in a row of their own. */
export const SITE_PICTURES: FieldsOf<'site'> = [
  { kind: 'picture', label: 'Logo', name: 'index_pic2', wide: false },
  {
    kind: 'picture',
    label: '網站圖示（favicon）',
    name: 'index_favicon',
    purpose: 'favicon',
    help: '正方形圖片，會縮成 192×192',
    wide: false,
  },
  { kind: 'picture', label: '優惠活動頁橫幅', name: 'bundles_banner' },
];

const FOLLOW_US_LABELS = {
  line: 'LINE',
  facebook: 'Facebook',
  instagram: 'Instagram',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
} as const;

/** 社群連結: one web address a network. */
export const FOLLOW_US_FIELDS: FieldsOf<'follow_us'> = Object.entries(FOLLOW_US_LABELS).map(([name, label]) => ({
  kind: 'text',
  label,
  name: name as keyof typeof FOLLOW_US_LABELS,
  type: 'url',
  placeholder: 'https://',
}));

/** 匯款帳戶: what a shopper paying by bank transfer is shown. */
export const PAYMENT_FIELDS: FieldsOf<'payment'> = [
  { kind: 'text', label: '戶名', name: 'bank_account_name', required: true },
  {
    kind: 'text',
    label: '銀行代碼',
    name: 'bank_code',
    required: true,
    inputMode: 'numeric',
    maxLength: 3,
    narrow: true,
  },
  { kind: 'text', label: '銀行名稱', name: 'bank_name', required: true },
  { kind: 'text', label: '帳號', name: 'bank_account', required: true, inputMode: 'numeric' },
];

/** 購物車提醒 (issue 43 item 3): off until the owner turns them on; one reminder per cart content. */
export const REMINDER_FIELDS: FieldsOf<'reminders'> = [
  {
    kind: 'check',
    label: '寄送購物車提醒',
    name: 'enabled',
    text: '會員的購物車放著未結帳時，寄一次提醒（簡訊，有 Email 者另寄 Email）',
    help: '同樣的購物車內容只提醒一次；會員可在會員中心關閉',
  },
  {
    kind: 'text',
    label: '購物車未變動多久後提醒（小時）',
    name: 'after_hours',
    type: 'number',
    min: CART_REMINDER_HOURS.min,
    max: CART_REMINDER_HOURS.max,
    required: true,
    narrow: true,
  },
];
