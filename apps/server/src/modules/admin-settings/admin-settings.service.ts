// Back-office settings (issue 7 item 4), owner only: the site (title, meta, logo, contact details,
// map, analytics ids), shipping fees, the free-shipping threshold and the return window, follow-us
// links and the bank account of Transfer payments. Shipping and return days live only in
// system_settings: checkout pricing and after-sales eligibility read them there (docs/decisions/009).
import {
  DEFAULT_LOW_STOCK_LEVEL,
  ATM_EXPIRE_DAYS,
  CVS_EXPIRE_MINUTES,
  BARCODE_EXPIRE_DAYS,
  INSTALLMENT_MIN_AMOUNT_DEFAULT,
  type BonusSettingsInput,
  DOWNLINE_BONUS_PERCENT,
  VERSION_CONFLICT_MSG,
  type FollowUsSettingsInput,
  type PaymentSettingsInput,
  type ShippingSettingsInput,
  type SiteSettingsInput,
  CART_REMINDER_HOURS,
  type ReminderSettingsInput,
} from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { followUs, paymentSettings, systemSettings } from '../../db/schema/index.ts';
import { Conflict, Invalid } from '../../errors.ts';
import { sanitizeMapEmbed } from '../../http/rich-text.ts';
import { recordAudit, type Actor } from '../admin/index.ts';
import * as repo from './admin-settings.repository.ts';
import { installmentCountsOf } from '../settings/index.ts';

type SystemRow = typeof systemSettings.$inferSelect;

/** A shop whose settings row was never written still gets a form (version 0 creates the row). */
const SYSTEM_DEFAULTS = { websiteTitle: '', shippingFee: 100, lowTempShippingFee: 160, returnDays: 7 };

function siteJson(s: SystemRow | undefined) {
  return {
    website_title: s?.websiteTitle ?? '',
    description: s?.description ?? '',
    keywords: s?.keywords ?? '',
    index_favicon: s?.indexFavicon ?? '',
    index_pic2: s?.indexPic2 ?? '',
    service_phone: s?.servicePhone ?? '',
    service_email: s?.serviceEmail ?? '',
    service_address: s?.serviceAddress ?? '',
    service_tax_id: s?.serviceTaxId ?? '',
    service_gmap: s?.serviceGmap ?? '',
    g_tag: s?.gTag ?? '',
    ga4_measurement_id: s?.ga4MeasurementId ?? '',
    meta_pixel_id: s?.metaPixelId ?? '',
    bundles_banner: s?.bundlesBanner ?? '',
    version: s?.version ?? 0,
  };
}

function shippingJson(s: SystemRow | undefined) {
  return {
    shipping_fee: s?.shippingFee ?? SYSTEM_DEFAULTS.shippingFee,
    low_temp_shipping_fee: s?.lowTempShippingFee ?? SYSTEM_DEFAULTS.lowTempShippingFee,
    free_shipping_threshold: s ? s.freeShippingThreshold : null,
    return_days: s?.returnDays ?? SYSTEM_DEFAULTS.returnDays,
    low_stock_level: s?.lowStockLevel ?? DEFAULT_LOW_STOCK_LEVEL,
    atm_expire_days: s?.atmExpireDays ?? ATM_EXPIRE_DAYS.default,
    cvs_enabled: s?.cvsEnabled ?? true,
    cvs_expire_minutes: s?.cvsExpireMinutes ?? CVS_EXPIRE_MINUTES.default,
    barcode_enabled: s?.barcodeEnabled ?? true,
    barcode_expire_days: s?.barcodeExpireDays ?? BARCODE_EXPIRE_DAYS.default,
    apple_pay_enabled: s?.applePayEnabled ?? false,
    twqr_enabled: s?.twqrEnabled ?? false,
    installment_counts: installmentCountsOf(s?.installmentCounts ?? ''),
    installment_min_amount: s?.installmentMinAmount ?? INSTALLMENT_MIN_AMOUNT_DEFAULT,
    version: s?.version ?? 0,
  };
}

function followUsJson(f: typeof followUs.$inferSelect | undefined) {
  return {
    line: f?.line ?? '',
    whatsapp: f?.whatsapp ?? '',
    telegram: f?.telegram ?? '',
    facebook: f?.facebook ?? '',
    instagram: f?.instagram ?? '',
    version: f?.version ?? 0,
  };
}

function paymentJson(p: typeof paymentSettings.$inferSelect | undefined) {
  return {
    bank_account_name: p?.bankAccountName ?? '',
    bank_code: p?.bankCode ?? '',
    bank_name: p?.bankName ?? '',
    bank_account: p?.bankAccount ?? '',
    version: p?.version ?? 0,
  };
}

function bonusJson(s: SystemRow | undefined, levels: repo.LevelRate[]) {
  return {
    levels: levels.map((l) => ({
      id: l.id,
      name: l.name,
      bonus_rate: l.bonusRate,
      discount_percent: l.discountPercent,
    })),
    downline_percent_1: s?.downlinePercent1 ?? DOWNLINE_BONUS_PERCENT[1],
    downline_percent_2: s?.downlinePercent2 ?? DOWNLINE_BONUS_PERCENT[2],
    version: s?.version ?? 0,
  };
}

/** GET /admin/settings: every settings form with the version it edits. */
export async function getSettings(db: Db) {
  const [system, follow, payment, levels] = await Promise.all([
    repo.findRow(db, systemSettings),
    repo.findRow(db, followUs),
    repo.findRow(db, paymentSettings),
    repo.listLevelRates(db),
  ]);
  return {
    site: siteJson(system),
    shipping: shippingJson(system),
    follow_us: followUsJson(follow),
    payment: paymentJson(payment),
    bonus: bonusJson(system, levels),
    reminders: remindersJson(system),
  };
}

function remindersJson(s: SystemRow | undefined) {
  return {
    enabled: s?.cartRemindersEnabled ?? false,
    after_hours: s?.cartReminderAfterHours ?? CART_REMINDER_HOURS.default,
  };
}

/** PUT /admin/settings/reminders: whether members get a cart reminder, and after how many hours (issue 43 item 3). */
export async function saveReminders(db: Db, actor: Actor, input: ReminderSettingsInput) {
  const version = input.version ?? (await repo.findRow(db, systemSettings))?.version ?? 0;
  const row = await saveSystemSettings(db, actor, version, {
    cartRemindersEnabled: input.enabled,
    cartReminderAfterHours: input.after_hours,
  });
  return remindersJson(row);
}

/**
 * Writes one single-row table: lock, compare versions (0 = the row does not exist yet), insert or
 * update, audit — one transaction.
 */
async function saveRow<T extends repo.SingleRowTable>(
  db: Db,
  actor: Actor,
  table: T,
  entity: string,
  version: number,
  values: Partial<T['$inferInsert']>,
  defaults: Partial<T['$inferInsert']> = {},
) {
  try {
    return await db.transaction(async (tx) => {
      const before = await repo.lockRow(tx, table);
      if ((before?.version ?? 0) !== version) throw new Conflict(VERSION_CONFLICT_MSG);
      const after = before
        ? await repo.updateRow(tx, table, values)
        : await repo.insertRow(tx, table, { ...defaults, ...values } as T['$inferInsert']);
      await recordAudit(tx, {
        staffId: actor.id,
        action: 'update',
        entity,
        entityId: repo.SETTINGS_ROW,
        before,
        after,
      });
      return after;
    });
  } catch (err) {
    // Two first saves at once: the primary key lets one in; the other read a version that is gone.
    const e = err as { code?: string; cause?: { code?: string } };
    if ((e.code ?? e.cause?.code) === '23505') throw new Conflict(VERSION_CONFLICT_MSG);
    throw err;
  }
}

/** Writes the system settings row; a shop that never saved it starts from SYSTEM_DEFAULTS. */
function saveSystemSettings(
  db: Db,
  actor: Actor,
  version: number,
  values: Partial<typeof systemSettings.$inferInsert>,
) {
  return saveRow(db, actor, systemSettings, 'system_settings', version, values, SYSTEM_DEFAULTS);
}

/** PUT /admin/settings/site. The map accepts a Google Maps embed only (the contact page shows it). */
export async function saveSite(db: Db, actor: Actor, input: SiteSettingsInput, now: Date) {
  const map = sanitizeMapEmbed(input.service_gmap);
  if (input.service_gmap !== '' && map === '') {
    throw new Invalid(undefined, [
      {
        field: 'service_gmap',
        msg: '只接受 Google 地圖的「嵌入地圖」程式碼（<iframe src="https://www.google.com/maps/embed?...">）',
      },
    ]);
  }
  const row = await saveSystemSettings(db, actor, input.version, {
    websiteTitle: input.website_title,
    description: input.description,
    keywords: input.keywords,
    indexFavicon: input.index_favicon,
    indexPic2: input.index_pic2,
    servicePhone: input.service_phone,
    serviceEmail: input.service_email,
    serviceAddress: input.service_address,
    serviceTaxId: input.service_tax_id,
    serviceGmap: map,
    gTag: input.g_tag,
    ...(input.ga4_measurement_id === undefined ? {} : { ga4MeasurementId: input.ga4_measurement_id }),
    ...(input.meta_pixel_id === undefined ? {} : { metaPixelId: input.meta_pixel_id }),
    bundlesBanner: input.bundles_banner,
    updatedAt: now,
  });
  return siteJson(row);
}

/** PUT /admin/settings/shipping: fees, free-shipping threshold, return window. */
export async function saveShipping(db: Db, actor: Actor, input: ShippingSettingsInput, now: Date) {
  const row = await saveSystemSettings(db, actor, input.version, {
    shippingFee: input.shipping_fee,
    lowTempShippingFee: input.low_temp_shipping_fee,
    freeShippingThreshold: input.free_shipping_threshold,
    returnDays: input.return_days,
    ...(input.low_stock_level === undefined ? {} : { lowStockLevel: input.low_stock_level }),
    ...(input.atm_expire_days === undefined ? {} : { atmExpireDays: input.atm_expire_days }),
    ...(input.cvs_enabled === undefined ? {} : { cvsEnabled: input.cvs_enabled }),
    ...(input.cvs_expire_minutes === undefined ? {} : { cvsExpireMinutes: input.cvs_expire_minutes }),
    ...(input.barcode_enabled === undefined ? {} : { barcodeEnabled: input.barcode_enabled }),
    ...(input.barcode_expire_days === undefined ? {} : { barcodeExpireDays: input.barcode_expire_days }),
    ...(input.apple_pay_enabled === undefined ? {} : { applePayEnabled: input.apple_pay_enabled }),
    ...(input.twqr_enabled === undefined ? {} : { twqrEnabled: input.twqr_enabled }),
    ...(input.installment_counts === undefined
      ? {}
      : { installmentCounts: [...new Set(input.installment_counts)].sort((a, b) => a - b).join(',') }),
    ...(input.installment_min_amount === undefined ? {} : { installmentMinAmount: input.installment_min_amount }),
    updatedAt: now,
  });
  return shippingJson(row);
}

export async function saveFollowUs(db: Db, actor: Actor, input: FollowUsSettingsInput) {
  const { version, ...links } = input;
  return followUsJson(await saveRow(db, actor, followUs, 'follow_us', version, links));
}

export async function savePayment(db: Db, actor: Actor, input: PaymentSettingsInput) {
  const row = await saveRow(db, actor, paymentSettings, 'payment_settings', input.version, {
    bankAccountName: input.bank_account_name,
    bankCode: input.bank_code,
    bankName: input.bank_name,
    bankAccount: input.bank_account,
  });
  return paymentJson(row);
}

/**
 * PUT /admin/settings/bonus (issue 21): each level's earning rate and the downline percents, in one
 * transaction under the system settings' version, with each level's percent off (docs/decisions/061).
 * Rates apply to orders paid from now on; points already held keep the rate they were earned at.
 */
export async function saveBonus(db: Db, actor: Actor, input: BonusSettingsInput, now: Date) {
  const known = new Set((await repo.listLevelRates(db)).map((l) => l.id));
  const unknown = input.levels.findIndex((l) => !known.has(l.id));
  if (unknown >= 0)
    throw new Invalid(undefined, [{ field: `levels.${unknown}.id`, msg: '找不到此會員等級，請重新整理頁面' }]);
  const row = await db.transaction(async (tx) => {
    const before = await repo.lockRow(tx, systemSettings);
    if ((before?.version ?? 0) !== input.version) throw new Conflict(VERSION_CONFLICT_MSG);
    const values = {
      downlinePercent1: input.downline_percent_1,
      downlinePercent2: input.downline_percent_2,
      updatedAt: now,
    };
    const after = before
      ? await repo.updateRow(tx, systemSettings, values)
      : await repo.insertRow(tx, systemSettings, { ...SYSTEM_DEFAULTS, ...values });
    const levelsBefore = await repo.listLevelRates(tx);
    for (const level of input.levels) {
      await repo.setLevelRate(tx, level.id, level.bonus_rate, level.discount_percent);
    }
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'update',
      entity: 'bonus_settings',
      entityId: repo.SETTINGS_ROW,
      before: { ...before, levels: levelsBefore },
      after: { ...after, levels: input.levels },
    });
    return after;
  });
  return bonusJson(row, await repo.listLevelRates(db));
}
