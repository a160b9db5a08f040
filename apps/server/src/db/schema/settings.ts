// Site-wide settings and home-page content (spec §3 SystemSettings, FollowUs, SpecialArea,
// Carousel, IndexArea, payment setting, terms texts, common questions, about pages).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, indexId, status, updatedAt, version } from './columns.ts';

/** The one settings row (id 1, spec §3 "single record fetched with id 1"). */
export const systemSettings = pgTable(
  'system_settings',
  {
    /** Always 1: there is exactly one settings row. */
    id: integer('id').primaryKey().default(1),
    /** Site name; the browser tab shows it before the page title (spec §1). */
    websiteTitle: text('website_title').notNull(),
    /** Meta description. */
    description: text('description').notNull().default(''),
    /** Meta keywords, comma separated. */
    keywords: text('keywords').notNull().default(''),
    /** Favicon upload key. */
    indexFavicon: text('index_favicon').notNull().default(''),
    /** Logo upload key (spec: index_pic2). */
    indexPic2: text('index_pic2').notNull().default(''),
    /** Customer-service phone shown in the footer and contact page. */
    servicePhone: text('service_phone').notNull().default(''),
    /** Customer-service e-mail. */
    serviceEmail: text('service_email').notNull().default(''),
    /** Shop address. */
    serviceAddress: text('service_address').notNull().default(''),
    /** 統一編號 (company tax id). */
    serviceTaxId: text('service_tax_id').notNull().default(''),
    /** Map embed html (an iframe) for the contact page; sanitised on output. */
    serviceGmap: text('service_gmap').notNull().default(''),
    /** Analytics tag id; empty means no page-view events (spec §2). */
    gTag: text('g_tag').notNull().default(''),
    /** GA4 measurement id (G-XXXX); '' = no Google Analytics. Loads only after the shopper consents (decision 086). */
    ga4MeasurementId: text('ga4_measurement_id').notNull().default(''),
    /** Meta Pixel id (digits); '' = no Pixel. Loads only after the shopper consents. */
    metaPixelId: text('meta_pixel_id').notNull().default(''),
    /** Whether members get a cart reminder (issue 43 item 3); off until the owner turns it on. */
    cartRemindersEnabled: boolean('cart_reminders_enabled').notNull().default(false),
    /** Hours a cart stays unchanged before its one reminder. */
    cartReminderAfterHours: smallint('cart_reminder_after_hours').notNull().default(24),
    /** Home-delivery shipping fee in NT$. */
    shippingFee: integer('shipping_fee').notNull().default(100),
    /** Low-temperature delivery fee in NT$. */
    lowTempShippingFee: integer('low_temp_shipping_fee').notNull().default(160),
    /** Goods amount from which shipping is free, NT$; NULL = never free. */
    freeShippingThreshold: integer('free_shipping_threshold'),
    /** Days after ship date a return may be requested (spec §4, §9; 7 = Taiwan 鑑賞期). */
    returnDays: integer('return_days').notNull().default(7),
    /** Days an ATM virtual account takes money (ECPay ExpireDate, 1–60; issue 21 item 4). */
    atmExpireDays: smallint('atm_expire_days').notNull().default(3),
    /** Whether the checkout offers 超商代碼 (ECPay CVS; issue 40). */
    cvsEnabled: boolean('cvs_enabled').notNull().default(true),
    /** Minutes a 超商代碼 stays payable (ECPay StoreExpireDate for CVS; 10080 = 7 days). */
    cvsExpireMinutes: integer('cvs_expire_minutes').notNull().default(10080),
    /** Whether the checkout offers 超商條碼 (ECPay BARCODE; issue 40). */
    barcodeEnabled: boolean('barcode_enabled').notNull().default(true),
    /** Days a 超商條碼 stays payable (ECPay StoreExpireDate for BARCODE). */
    barcodeExpireDays: smallint('barcode_expire_days').notNull().default(7),
    /** Whether the checkout offers Apple Pay through ECPay (where the browser has it); off until the owner turns it on. */
    applePayEnabled: boolean('apple_pay_enabled').notNull().default(false),
    /** Whether the checkout offers 台灣Pay (ECPay TWQR); off until the owner turns it on. */
    twqrEnabled: boolean('twqr_enabled').notNull().default(false),
    /** Card installment counts the checkout offers, comma separated (e.g. '3,6,12'); '' = none (issue 40). */
    installmentCounts: text('installment_counts').notNull().default(''),
    /** Order amount (NT$) from which installments are offered. */
    installmentMinAmount: integer('installment_min_amount').notNull().default(3000),
    /** Units at or below which a spec without its own level reads 庫存不足 (issue 42). */
    lowStockLevel: integer('low_stock_level').notNull().default(5),
    /** Percent of a direct referral's completed order credited to the referrer (decision 013). */
    downlinePercent1: smallint('downline_percent_1').notNull().default(5),
    /** Percent of a second-level referral's completed order credited to the referrer. */
    downlinePercent2: smallint('downline_percent_2').notNull().default(2),
    /** Banner upload key for the bundles page (other page banners are carousels by SiteSection). */
    bundlesBanner: text('bundles_banner').notNull().default(''),
    /** When an admin last changed the settings. */
    updatedAt: updatedAt(),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [
    check('system_settings_single_row', sql`${t.id} = 1`),
    check(
      'system_settings_fees_non_negative',
      sql`${t.shippingFee} >= 0 AND ${t.lowTempShippingFee} >= 0 AND (${t.freeShippingThreshold} IS NULL OR ${t.freeShippingThreshold} >= 0)`,
    ),
    check('system_settings_return_days_non_negative', sql`${t.returnDays} >= 0`),
    check('system_settings_atm_expire_days_range', sql`${t.atmExpireDays} BETWEEN 1 AND 60`),
    check('system_settings_cvs_expire_minutes_range', sql`${t.cvsExpireMinutes} BETWEEN 1 AND 43200`),
    check('system_settings_barcode_expire_days_range', sql`${t.barcodeExpireDays} BETWEEN 1 AND 30`),
    check('system_settings_cart_reminder_after_hours_range', sql`${t.cartReminderAfterHours} BETWEEN 1 AND 720`),
    check('system_settings_installment_min_amount_non_negative', sql`${t.installmentMinAmount} >= 0`),
    check('system_settings_low_stock_level_non_negative', sql`${t.lowStockLevel} >= 0`),
    check(
      'system_settings_downline_percent_range',
      sql`${t.downlinePercent1} BETWEEN 0 AND 20 AND ${t.downlinePercent2} BETWEEN 0 AND 20`,
    ),
  ],
);

/** Social links (single row id 1). */
export const followUs = pgTable(
  'follow_us',
  {
    /** Always 1. */
    id: integer('id').primaryKey().default(1),
    /** LINE official account link. */
    line: text('line').notNull().default(''),
    /** WhatsApp link. */
    whatsapp: text('whatsapp').notNull().default(''),
    /** Telegram link. */
    telegram: text('telegram').notNull().default(''),
    /** Facebook page link. */
    facebook: text('facebook').notNull().default(''),
    /** Instagram link. */
    instagram: text('instagram').notNull().default(''),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [check('follow_us_single_row', sql`${t.id} = 1`)],
);

/** Bank account shown for Transfer payments (single row id 1). */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    /** Always 1. */
    id: integer('id').primaryKey().default(1),
    /** 戶名: account holder name. */
    bankAccountName: text('bank_account_name').notNull().default(''),
    /** Three-digit bank code, e.g. 808. */
    bankCode: text('bank_code').notNull().default(''),
    /** Bank name, e.g. 玉山銀行. */
    bankName: text('bank_name').notNull().default(''),
    /** Account number. */
    bankAccount: text('bank_account').notNull().default(''),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [check('payment_settings_single_row', sql`${t.id} = 1`)],
);

/** Closable ad images of the fixed button group (spec §2 SpecialArea). */
export const specialAreas = pgTable(
  'special_areas',
  {
    /** Key. */
    id: id(),
    /** Admin label / alt text. */
    name: text('name').notNull().default(''),
    /** Where a click goes. */
    url: text('url').notNull().default(''),
    /** Image upload key. */
    pic: text('pic').notNull(),
    /** Active / inactive. */
    status: status(),
    /** Sort key. */
    indexId: indexId(),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [index('idx_special_areas_status_index_id').on(t.status, t.indexId)],
);

/** Banner slides; `position` is the SiteSection whose banner shows them (Index 1 = home). */
export const carousels = pgTable(
  'carousels',
  {
    /** Key. */
    id: id(),
    /** SiteSection number 1..7. */
    position: smallint('position').notNull(),
    /** Image upload key. */
    pic: text('pic').notNull(),
    /** Where a click goes; empty = not clickable. */
    link: text('link').notNull().default(''),
    /** Headline over the slide. */
    title: text('title').notNull().default(''),
    /** Second line over the slide. */
    subtitle: text('subtitle').notNull().default(''),
    /** Active / inactive. */
    status: status(),
    /** Sort key. */
    indexId: indexId(),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [
    index('idx_carousels_position_status_index_id').on(t.position, t.status, t.indexId),
    check('carousels_position_range', sql`${t.position} BETWEEN 1 AND 7`),
  ],
);

/** Configurable home areas (spec §2 Home; ids 2 and 3 are the hot-products and review banners). */
export const indexAreas = pgTable(
  'index_areas',
  {
    /** Key; 2 = hot products, 3 = review articles (IndexAreaId). */
    id: id(),
    /** Admin label. */
    name: text('name').notNull().default(''),
    /** IndexAreaType: 'Carousel' | 'Banner' | 'Article'. */
    types: text('types').notNull(),
    /** JSON string: {content, link} for Article, {pic:[...]} for Carousel, {title} for Banner. */
    style: text('style').notNull().default('{}'),
    /** JSON list of {id}: product ids (area 2) or article ids (area 3). */
    ids: text('ids').notNull().default('[]'),
    /** Active / inactive (truthy = shown). */
    status: status(),
    /** Sort key. */
    indexId: indexId(),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [
    index('idx_index_areas_status_index_id').on(t.status, t.indexId),
    check('index_areas_types_known', sql`${t.types} IN ('Carousel', 'Banner', 'Article')`),
  ],
);

/** Terms pages: one text per BrandPosition (1 Member, 2 Shopping, 3 Terms, 4 Privacy). */
export const termsTexts = pgTable(
  'terms_texts',
  {
    /** Key. */
    id: id(),
    /** BrandPosition 1..4; one text per position. */
    position: smallint('position').notNull(),
    /** Page title. */
    title: text('title').notNull(),
    /** Body html (sanitised on output). */
    content: text('content').notNull().default(''),
    /** When last edited. */
    updatedAt: updatedAt(),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [
    unique('uq_terms_texts_position').on(t.position),
    check('terms_texts_position_range', sql`${t.position} BETWEEN 1 AND 4`),
  ],
);

/** 常見問題 shown at /terms/problem. */
export const commonQuestions = pgTable(
  'common_questions',
  {
    /** Key. */
    id: id(),
    /** The question. */
    question: text('question').notNull(),
    /** Answer html (sanitised on output). */
    answer: text('answer').notNull().default(''),
    /** Active / inactive. */
    status: status(),
    /** Sort key. */
    indexId: indexId(),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [index('idx_common_questions_status_index_id').on(t.status, t.indexId)],
);

/** About-us pages (/about?id=N); `section` is the PageSection (1 AboutUs, 2 Business, 3 AboutUsIndex). */
export const aboutPages = pgTable(
  'about_pages',
  {
    /** Key; /about?id refers to it. */
    id: id(),
    /** PageSection 1..7. */
    section: smallint('section').notNull().default(1),
    /** Page title. */
    title: text('title').notNull(),
    /** Body html (sanitised on output). */
    content: text('content').notNull().default(''),
    /** Illustration upload key; empty = none. */
    pic: text('pic').notNull().default(''),
    /** Active / inactive. */
    status: status(),
    /** Sort key. */
    indexId: indexId(),
    /** When created. */
    createdAt: createdAt(),
    /** Optimistic-lock counter (columns.ts `version`). */
    version: version(),
  },
  (t) => [
    index('idx_about_pages_section_status_index_id').on(t.section, t.status, t.indexId),
    check('about_pages_section_range', sql`${t.section} BETWEEN 1 AND 7`),
  ],
);
