import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, memberLevels } from '../../db/schema/index.ts';
import { errorsByField } from '../../test/replies.ts';
import { useTestApp } from '../../test/test-app.ts';

const NOW = new Date('2026-06-01T04:00:00Z');
const t = useTestApp({ now: () => NOW });

const site = {
  website_title: '好日子選物',
  description: '台灣好物',
  keywords: '茶,選物',
  index_favicon: '',
  index_pic2: 'admin/2026/06/logo.webp',
  service_phone: '(02) 2345-6789',
  service_email: 'hello@example.tw',
  service_address: '台北市大安區',
  service_tax_id: '',
  service_gmap:
    '<iframe src="https://www.google.com/maps/embed?pb=abc" width="600" height="450" style="border:0"></iframe>',
  g_tag: 'G-ABC1234',
  bundles_banner: '',
};

describe('who may change settings', () => {
  it('the owner only: staff get 403, a member token 401', async () => {
    expect((await t.asStaff('staff', 'GET', '/api/v1/admin/settings')).statusCode).toBe(403);
    const staffPut = await t.asStaff('staff', 'PUT', '/api/v1/admin/settings/shipping', {
      shipping_fee: 0,
      low_temp_shipping_fee: 0,
      free_shipping_threshold: '',
      return_days: 7,
      version: 0,
    });
    expect(staffPut.statusCode).toBe(403);
    expect(staffPut.json().msg).toBe('此功能僅限店長使用');
    expect((await t.asMember(1, 'GET', '/api/v1/admin/settings')).statusCode).toBe(401);
    expect((await t.asStaff('owner', 'GET', '/api/v1/admin/settings')).statusCode).toBe(200);
  });
});

describe('site settings', () => {
  it('creates the settings row on a fresh shop (version 0), then the storefront reads it', async () => {
    const empty = await t.asStaff('owner', 'GET', '/api/v1/admin/settings');
    expect(empty.json().data.site.version).toBe(0);
    expect((await t.guest('GET', '/api/v1/system-setting/1')).statusCode).toBe(404);

    const res = await t.asStaff('owner', 'PUT', '/api/v1/admin/settings/site', { ...site, version: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ website_title: '好日子選物', version: 1 });
    const pub = await t.guest('GET', '/api/v1/system-setting/1');
    expect(pub.json().data).toMatchObject({
      website_title: '好日子選物',
      g_tag: 'G-ABC1234',
      service_phone: '(02) 2345-6789',
    });
    expect(pub.json().data.service_gmap).toContain('https://www.google.com/maps/embed?pb=abc');

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'system_settings'), eq(auditLog.staffId, await t.staffId('owner'))));
    expect(audit).toMatchObject({ action: 'update', before: null });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['no title', { website_title: '' }, 'website_title', '此欄位為必填'],
    ['a bad e-mail', { service_email: 'hello@' }, 'service_email', '請輸入正確的 Email 格式'],
    ['a bad tax id', { service_tax_id: '12345678' }, 'service_tax_id', '統一編號格式不正確'],
    ['a bad analytics tag', { g_tag: '<script>' }, 'g_tag', '追蹤碼格式不正確，例如 G-XXXXXXX'],
    ['a phone with letters', { service_phone: '02-abc' }, 'service_phone', '電話只能包含數字、空格與 ( ) + - #'],
  ])('refuses %s', async (_case, change, field, message) => {
    const res = await t.asStaff('owner', 'PUT', '/api/v1/admin/settings/site', { ...site, ...change, version: 1 });
    expect(res.statusCode).toBe(400);
    expect(errorsByField(res)[field]).toBe(message);
  });

  it('refuses a map that is not a Google Maps embed', async () => {
    const res = await t.asStaff('owner', 'PUT', '/api/v1/admin/settings/site', {
      ...site,
      service_gmap: '<iframe src="https://evil.example/phish"></iframe>',
      version: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(errorsByField(res).service_gmap).toContain('Google 地圖');
  });
});

describe('shipping and the return window', () => {
  it('changes what the checkout charges and answers 409 to a stale form', async () => {
    const { data } = (await t.asStaff('owner', 'GET', '/api/v1/admin/settings')).json();
    const res = await t.asStaff('owner', 'PUT', '/api/v1/admin/settings/shipping', {
      shipping_fee: '80',
      low_temp_shipping_fee: 150,
      free_shipping_threshold: 2000,
      return_days: 10,
      version: data.shipping.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const pub = (await t.guest('GET', '/api/v1/system-setting/1')).json().data;
    expect(pub).toMatchObject({
      shipping_fee: 80,
      low_temp_shipping_fee: 150,
      free_shipping_threshold: 2000,
      return_days: 10,
    });
    // The site form was opened before: the row moved on.
    const stale = await t.asStaff('owner', 'PUT', '/api/v1/admin/settings/site', {
      ...site,
      version: data.site.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('資料已被其他人修改，請重新整理後再試');

    const never = await t.asStaff('owner', 'PUT', '/api/v1/admin/settings/shipping', {
      shipping_fee: 80,
      low_temp_shipping_fee: 150,
      free_shipping_threshold: '',
      return_days: 7,
      version: data.shipping.version + 1,
    });
    expect(never.json().data.free_shipping_threshold).toBeNull();
  });

  it('refuses a return window under the 7 days the Consumer Protection Act gives (issue 21 item 6)', async () => {
    const res = await t.asStaff('owner', 'PUT', '/api/v1/admin/settings/shipping', {
      shipping_fee: 100,
      low_temp_shipping_fee: 160,
      free_shipping_threshold: null,
      return_days: 6,
      version: 1,
    });
    expect(errorsByField(res)).toMatchObject({ return_days: '依消費者保護法，退貨期限至少 7 天' });
  });

  it('refuses negative fees and a return window beyond 90 days', async () => {
    const res = await t.asStaff('owner', 'PUT', '/api/v1/admin/settings/shipping', {
      shipping_fee: -1,
      low_temp_shipping_fee: 'abc',
      free_shipping_threshold: 0,
      return_days: 91,
      atm_expire_days: 61,
      version: 1,
    });
    expect(errorsByField(res)).toMatchObject({
      shipping_fee: '金額不可小於 0',
      low_temp_shipping_fee: '請輸入整數金額',
      return_days: '天數最多 90 天',
      atm_expire_days: '綠界的 ATM 繳費期限最多 60 天',
    });
  });
});

describe('follow-us links and the bank account', () => {
  it('saves https links and a bank account the storefront shows for transfers', async () => {
    const follow = await t.asStaff('owner', 'PUT', '/api/v1/admin/settings/follow-us', {
      line: 'https://line.me/R/ti/p/@shop',
      whatsapp: '',
      telegram: '',
      facebook: 'https://www.facebook.com/shop',
      instagram: 'http://instagram.com/shop',
      version: 0,
    });
    expect(errorsByField(follow).instagram).toBe('請輸入 https:// 開頭的網址');

    const pay = await t.asStaff('owner', 'PUT', '/api/v1/admin/settings/payment', {
      bank_account_name: '好日子選物有限公司',
      bank_code: '808',
      bank_name: '玉山銀行',
      bank_account: '0123-456789012',
      version: 0,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect((await t.guest('GET', '/api/v1/payment-setting/1')).json().data).toMatchObject({
      bank_code: '808',
      bank_account: '0123-456789012',
    });
    const bad = await t.asStaff('owner', 'PUT', '/api/v1/admin/settings/payment', {
      bank_account_name: '',
      bank_code: '8080',
      bank_name: '玉山',
      bank_account: 'abc',
      version: 1,
    });
    expect(errorsByField(bad)).toMatchObject({
      bank_account_name: '此欄位為必填',
      bank_code: '銀行代碼為 3 位數字',
      bank_account: '帳號為 6 到 20 位數字（可含 -）',
    });
  });
});

describe('bonus points and the downline bonus (issue 21)', () => {
  it('sets each level’s rate and the downline percents, and refuses what is out of range', async () => {
    const [silver] = await t.db
      .insert(memberLevels)
      .values({ name: '銀卡會員', indexId: 2 })
      .returning({ id: memberLevels.id });
    const before = (await t.asStaff('owner', 'GET', '/api/v1/admin/settings')).json().data.bonus;
    expect(before).toMatchObject({ downline_percent_1: 5, downline_percent_2: 2 });
    expect(before.levels).toContainEqual({ id: silver!.id, name: '銀卡會員', bonus_rate: 0, discount_percent: 0 });

    const bad = await t.asStaff('owner', 'PUT', '/api/v1/admin/settings/bonus', {
      levels: [{ id: silver!.id, bonus_rate: 21 }],
      downline_percent_1: -1,
      downline_percent_2: '1.5',
      version: before.version,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsByField(bad)).toMatchObject({
      'levels.0.bonus_rate': '百分比最多 20%',
      downline_percent_1: '百分比不可小於 0',
      downline_percent_2: '百分比須為整數',
    });
    const unknown = await t.asStaff('owner', 'PUT', '/api/v1/admin/settings/bonus', {
      levels: [{ id: 999_999, bonus_rate: 1 }],
      downline_percent_1: 5,
      downline_percent_2: 2,
      version: before.version,
    });
    expect(errorsByField(unknown)).toMatchObject({ 'levels.0.id': '找不到此會員等級，請重新整理頁面' });

    const saved = await t.asStaff('owner', 'PUT', '/api/v1/admin/settings/bonus', {
      levels: [{ id: String(silver!.id), bonus_rate: '3', discount_percent: '5' }],
      downline_percent_1: '6',
      downline_percent_2: 1,
      version: before.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ downline_percent_1: 6, downline_percent_2: 1 });
    expect(saved.json().data.levels).toContainEqual({
      id: silver!.id,
      name: '銀卡會員',
      bonus_rate: 3,
      discount_percent: 5,
    });
    const [row] = await t.db.select().from(memberLevels).where(eq(memberLevels.id, silver!.id));
    expect(row!.bonusRate).toBe(3);

    const stale = await t.asStaff('owner', 'PUT', '/api/v1/admin/settings/bonus', {
      levels: [],
      downline_percent_1: 5,
      downline_percent_2: 2,
      version: before.version,
    });
    expect(stale.statusCode).toBe(409);
  });
});
