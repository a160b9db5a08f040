import {
  INSTALLMENT_COUNTS,
  INSTALLMENT_MIN_AMOUNT_DEFAULT,
  type InstallmentPlan,
  ATM_EXPIRE_DAYS,
  CVS_EXPIRE_MINUTES,
  BARCODE_EXPIRE_DAYS,
  DOWNLINE_BONUS_PERCENT,
  type DownlineLevel,
} from '@shop/domain';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { NotFound } from '../../errors.ts';
import { sanitizeMapEmbed, sanitizeRichText } from '../../http/rich-text.ts';
import * as repo from './settings.repository.ts';

/** Where uploads are served (app.ts mounts the uploads directory at this prefix). */
export const UPLOADS_PATH = '/uploads/';

/** spec §3 SystemSettings in snake_case, plus the shop's shipping and after-sales settings. */
function toSystemSettingsJson(s: repo.SystemSettingsRow) {
  return {
    id: s.id,
    website_title: s.websiteTitle,
    description: s.description,
    keywords: s.keywords,
    index_favicon: s.indexFavicon,
    index_pic2: s.indexPic2,
    service_phone: s.servicePhone,
    service_email: s.serviceEmail,
    service_address: s.serviceAddress,
    service_tax_id: s.serviceTaxId,
    service_gmap: sanitizeMapEmbed(s.serviceGmap),
    g_tag: s.gTag,
    ga4_measurement_id: s.ga4MeasurementId,
    meta_pixel_id: s.metaPixelId,
    shipping_fee: s.shippingFee,
    low_temp_shipping_fee: s.lowTempShippingFee,
    free_shipping_threshold: s.freeShippingThreshold,
    return_days: s.returnDays,
    bundles_banner: s.bundlesBanner,
    updated_at: s.updatedAt.toISOString(),
  };
}

/** GET /system-setting/{key}: the single settings record (spec §3: fetched with id 1). */
export async function getSystemSettings(db: Db, key: number) {
  const row = await repo.findSystemSettings(db, key);
  if (!row) throw new NotFound('找不到網站設定');
  return toSystemSettingsJson(row);
}

/** What orders need from the settings: shipping fees and the return window (docs/decisions/009). */
export interface OrderSettings {
  shippingFee: number;
  lowTempShippingFee: number;
  freeShippingThreshold: number | null;
  returnDays: number;
  /** Days an ATM virtual account takes money (ECPay ExpireDate). */
  atmExpireDays: number;
  /** Whether the checkout offers 超商代碼, and the minutes a code stays payable (issue 40). */
  cvsEnabled: boolean;
  cvsExpireMinutes: number;
  /** Whether the checkout offers 超商條碼, and the days its barcodes stay payable. */
  barcodeEnabled: boolean;
  barcodeExpireDays: number;
  /** Whether the checkout offers Apple Pay and 台灣Pay (both off by default). */
  applePayEnabled: boolean;
  twqrEnabled: boolean;
  /** Card installments the checkout offers (decision 082): the counts (none = off) and the amount they start from. */
  installmentPlan: InstallmentPlan;
  /** Percent of a downline's completed order credited to the referrer at each level (decision 013). */
  downlinePercent: Record<DownlineLevel, number>;
}

/**
 * The order settings of record 1; before the shop saved any, the table's defaults and the configured
 * RETURN_DAYS, so a new shop can take orders at once.
 */
export async function getOrderSettings(db: Db | Tx, defaultReturnDays: number): Promise<OrderSettings> {
  const row = await repo.findSystemSettings(db, 1);
  if (!row) {
    return {
      shippingFee: 100,
      lowTempShippingFee: 160,
      freeShippingThreshold: null,
      returnDays: defaultReturnDays,
      atmExpireDays: ATM_EXPIRE_DAYS.default,
      cvsEnabled: true,
      cvsExpireMinutes: CVS_EXPIRE_MINUTES.default,
      barcodeEnabled: true,
      barcodeExpireDays: BARCODE_EXPIRE_DAYS.default,
      applePayEnabled: false,
      twqrEnabled: false,
      installmentPlan: { counts: [], minAmount: INSTALLMENT_MIN_AMOUNT_DEFAULT },
      downlinePercent: { ...DOWNLINE_BONUS_PERCENT },
    };
  }
  return {
    shippingFee: row.shippingFee,
    lowTempShippingFee: row.lowTempShippingFee,
    freeShippingThreshold: row.freeShippingThreshold,
    returnDays: row.returnDays,
    atmExpireDays: row.atmExpireDays,
    cvsEnabled: row.cvsEnabled,
    cvsExpireMinutes: row.cvsExpireMinutes,
    barcodeEnabled: row.barcodeEnabled,
    barcodeExpireDays: row.barcodeExpireDays,
    applePayEnabled: row.applePayEnabled,
    twqrEnabled: row.twqrEnabled,
    installmentPlan: { counts: installmentCountsOf(row.installmentCounts), minAmount: row.installmentMinAmount },
    downlinePercent: { 1: row.downlinePercent1, 2: row.downlinePercent2 },
  };
}

/** The stored '3,6,12' as counts ECPay takes; anything else in it is dropped. */
export function installmentCountsOf(stored: string): number[] {
  const listed = stored.split(',').map((s) => Number(s.trim()));
  return INSTALLMENT_COUNTS.filter((n) => listed.includes(n));
}

/** The downline bonus percents the owner set, else decision 013's 5 % and 2 %. */
export async function getDownlinePercent(db: Db | Tx): Promise<Record<DownlineLevel, number>> {
  return (await getOrderSettings(db, 0)).downlinePercent;
}

/** Which analytics the shop set up: the page policy lets only those origins in (issue 43 item 5). */
export async function analyticsOrigins(db: Db): Promise<{ ga4: boolean; metaPixel: boolean }> {
  const row = await repo.findSystemSettings(db, 1);
  return { ga4: Boolean(row?.ga4MeasurementId.trim()), metaPixel: Boolean(row?.metaPixelId.trim()) };
}

/** Cart reminders (issue 43 item 3): off until the owner turns them on. */
export async function getReminderSettings(db: Db | Tx): Promise<{ enabled: boolean; afterHours: number }> {
  const row = await repo.findSystemSettings(db, 1);
  return { enabled: row?.cartRemindersEnabled ?? false, afterHours: row?.cartReminderAfterHours ?? 24 };
}

/** GET /payment-setting/{id}: the bank account a Transfer order pays into. */
export async function getPaymentSetting(db: Db, id: number) {
  const row = await repo.findPaymentSetting(db, id);
  if (!row) throw new NotFound('找不到付款設定');
  return {
    id: row.id,
    bank_account_name: row.bankAccountName,
    bank_code: row.bankCode,
    bank_name: row.bankName,
    bank_account: row.bankAccount,
  };
}

/** GET /follow-us/{id}: social links for the footer and the fixed button group. */
export async function getFollowUs(db: Db, id: number) {
  const row = await repo.findFollowUs(db, id);
  if (!row) throw new NotFound('找不到社群連結');
  return {
    id: row.id,
    line: row.line,
    whatsapp: row.whatsapp,
    telegram: row.telegram,
    facebook: row.facebook,
    instagram: row.instagram,
  };
}

/** GET /special-area: active ads by index_id (spec §7). */
export async function listSpecialAreas(db: Db) {
  return (await repo.findActiveSpecialAreas(db)).map((a) => ({
    id: a.id,
    name: a.name,
    url: a.url,
    pic: a.pic,
    status: a.status,
    index_id: a.indexId,
  }));
}

/**
 * How the web builds image URLs (spec §3, §7): host (FILE_SERVER_URL, else the public origin),
 * localhost (this process in development) and the uploads path.
 */
export function fileServerInfo(config: Config) {
  return {
    localhost: `http://localhost:${config.PORT}`,
    host: config.fileServerUrl ?? config.publicUrl,
    pic_path: UPLOADS_PATH,
  };
}

/** GET /file-server-info/{id}: only record 1 exists. */
export function getFileServerInfo(config: Config, id: number) {
  if (id !== 1) throw new NotFound('找不到檔案伺服器資訊');
  return fileServerInfo(config);
}

type TermsRow = Awaited<ReturnType<typeof repo.findTermsTexts>>[number];

function toTermsJson(t: TermsRow) {
  return {
    id: t.id,
    position: t.position,
    title: t.title,
    content: sanitizeRichText(t.content),
    updated_at: t.updatedAt.toISOString(),
  };
}

/** GET /terms-texts: the terms pages by brand position (1 Member, 2 Shopping, 3 Terms, 4 Privacy). */
export async function listTermsTexts(db: Db) {
  return (await repo.findTermsTexts(db)).map(toTermsJson);
}

/** GET /terms-texts-by-position/{position}: the text of /terms/members, /shopping, /service or /privacy. */
export async function getTermsText(db: Db, position: number) {
  const [row] = await repo.findTermsTexts(db, position);
  if (!row) throw new NotFound('找不到條款內容');
  return toTermsJson(row);
}

/** GET /common-questions: active questions by index_id (/terms/problem). */
export async function listCommonQuestions(db: Db) {
  return (await repo.findActiveCommonQuestions(db)).map((q) => ({
    id: q.id,
    question: q.question,
    answer: sanitizeRichText(q.answer),
    status: q.status,
    index_id: q.indexId,
  }));
}

function toAboutJson(a: repo.AboutPageRow) {
  return {
    id: a.id,
    section: a.section,
    title: a.title,
    content: sanitizeRichText(a.content),
    pic: a.pic,
    status: a.status,
    index_id: a.indexId,
    created_at: a.createdAt.toISOString(),
  };
}

/** GET /about: active about pages by index_id, optionally of one page section (1 AboutUs, 2 Business, 3 AboutUsIndex). */
export async function listAboutPages(db: Db, section?: number) {
  return (await repo.findActiveAboutPages(db, { section })).map(toAboutJson);
}

/** GET /about/{id}: the page behind /about?id= (linked from the home about area, spec §2). */
export async function getAboutPage(db: Db, id: number) {
  const [row] = await repo.findActiveAboutPages(db, { id });
  if (!row) throw new NotFound('找不到此頁面');
  return toAboutJson(row);
}

/** What a message to the shopper names (issue 17 item 4): the shop, and the bank account a transfer goes to. */
export interface ShopMessageSettings {
  shopName: string;
  /** null until the shop saved an account. */
  bank: { name: string; code: string; account: string; holder: string } | null;
}

export async function getShopMessageSettings(db: Db): Promise<ShopMessageSettings> {
  const [site, payment] = await Promise.all([repo.findSystemSettings(db, 1), repo.findPaymentSetting(db, 1)]);
  return {
    shopName: site?.websiteTitle ?? '',
    bank: payment?.bankAccount
      ? {
          name: payment.bankName,
          code: payment.bankCode,
          account: payment.bankAccount,
          holder: payment.bankAccountName,
        }
      : null,
  };
}
