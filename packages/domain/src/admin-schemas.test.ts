import { describe, expect, it } from 'vitest';
import { adminMemberUpdateSchema, bonusAdjustmentSchema } from './admin-member-schemas.ts';
import { adminOrderFilterSchema, approveReturnSchema, shipOrderSchema } from './admin-order-schemas.ts';
import { CHECKOUT_PAYMENT_METHODS } from './order-schemas.ts';

function fieldErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
}

describe('adminOrderFilterSchema', () => {
  it('treats blank query values as no filter and defaults the page', () => {
    const q = adminOrderFilterSchema.parse({ status: '', payment: '', from: ' ', phone: '', order_number: '' });
    expect(q).toEqual({ page: 1, size: 20 });
  });

  it.each(CHECKOUT_PAYMENT_METHODS)('filters by payment method %s, which the checkout offers', (method) => {
    expect(adminOrderFilterSchema.parse({ payment_type: String(method) }).payment_type).toBe(method);
  });

  it('reads numbers and choices from strings', () => {
    expect(
      adminOrderFilterSchema.parse({ status: '2', payment_type: '1', todo: 'shipping', page: '3', size: '50' }),
    ).toEqual({
      status: 2,
      payment_type: 1,
      todo: 'shipping',
      page: 3,
      size: 50,
    });
  });

  it.each<[string, Record<string, string>, string, string]>([
    ['an unknown status', { status: '9' }, 'status', '訂單狀態不正確'],
    ['a status word', { status: 'paid' }, 'status', '訂單狀態不正確'],
    ['an impossible date', { from: '2025-02-30' }, 'from', '日期格式應為 yyyy-MM-dd'],
    ['an end before the start', { from: '2025-02-02', to: '2025-02-01' }, 'to', '結束日期不可早於開始日期'],
    ['a phone with letters', { phone: '09abc' }, 'phone', '手機號碼只能輸入數字'],
    ['an unknown todo', { todo: 'archive' }, 'todo', '選項不正確'],
    ['a page size of 1000', { size: '1000' }, 'size', '每頁筆數為 1 到 100'],
    // Issue 20 item 6: the filter offers what the checkout may offer (the bank acquirer since decision 060).
    ['a method no checkout offers (0)', { payment_type: '0' }, 'payment_type', '付款方式不正確'],
    ['an unknown payment method', { payment_type: '99' }, 'payment_type', '付款方式不正確'],
  ])('refuses %s', (_label, query, field, message) => {
    expect(fieldErrors(adminOrderFilterSchema.safeParse(query))).toContainEqual([field, message]);
  });
});

describe('shipOrderSchema', () => {
  const valid = { version: 1, freight_company: '黑貓宅急便', tracking_number: '9055-1234', ship_date: '2025-01-15' };
  it('accepts a valid shipment', () => {
    expect(shipOrderSchema.parse({ ...valid, freight_company: ' 黑貓宅急便 ' }).freight_company).toBe('黑貓宅急便');
  });
  it.each<[string, object, string, string]>([
    ['no carrier', { freight_company: '  ' }, 'freight_company', '此欄位為必填'],
    [
      'a tracking number with spaces',
      { tracking_number: '905 512' },
      'tracking_number',
      '物流單號只能包含英文、數字與 -',
    ],
    ['no version', { version: undefined }, 'version', '缺少資料版本，請重新整理後再試'],
    ['a bad date', { ship_date: '15/01/2025' }, 'ship_date', '日期格式應為 yyyy-MM-dd'],
  ])('refuses %s', (_label, change, field, message) => {
    expect(fieldErrors(shipOrderSchema.safeParse({ ...valid, ...change }))).toContainEqual([field, message]);
  });
});

describe('approveReturnSchema', () => {
  it('needs at least one unit back', () => {
    const r = approveReturnSchema.safeParse({ version: 1, items: [{ line: 0, qty: 0 }], refund_amount: 0 });
    expect(fieldErrors(r)).toContainEqual(['items', '請至少退回一件商品']);
  });
  it('refuses a negative refund', () => {
    const r = approveReturnSchema.safeParse({ version: 1, items: [{ line: 0, qty: 1 }], refund_amount: -1 });
    expect(fieldErrors(r)).toContainEqual(['refund_amount', '退款金額不可為負數']);
  });
});

describe('adminMemberUpdateSchema', () => {
  const valid = {
    version: 2,
    member_level_id: null,
    status: 1,
    is_internet_celebrity: false,
    internet_celebrity_code: null,
    celebrity_discount_type: null,
    celebrity_discount_value: null,
  };
  it('accepts a plain member', () => {
    expect(adminMemberUpdateSchema.safeParse(valid).success).toBe(true);
  });
  it.each<[string, object, string, string]>([
    [
      'an influencer without a code',
      { is_internet_celebrity: true, internet_celebrity_code: '' },
      'internet_celebrity_code',
      '網紅會員須設定推薦碼',
    ],
    [
      'a code with spaces',
      { internet_celebrity_code: 'MY CODE' },
      'internet_celebrity_code',
      '推薦碼為 3 到 32 個英數字、- 或 _',
    ],
    [
      'a type without a value',
      { celebrity_discount_type: 1 },
      'celebrity_discount_value',
      '折扣方式與折扣值須一起設定',
    ],
    [
      'a percentage of 120',
      { celebrity_discount_type: 2, celebrity_discount_value: 120 },
      'celebrity_discount_value',
      '折數須為 1 到 100（例如 90 為九折）',
    ],
    ['an unknown field', { bonus: 100 }, '', '包含不接受的欄位'],
  ])('refuses %s', (_label, change, field, message) => {
    const r = adminMemberUpdateSchema.safeParse({ ...valid, ...change });
    expect(r.success).toBe(false);
    if (field) expect(fieldErrors(r)).toContainEqual([field, message]);
  });
});

describe('bonusAdjustmentSchema', () => {
  it.each<[object, string, string]>([
    [{ delta: 0, reason: '補償' }, 'delta', '調整點數不可為 0'],
    [{ delta: 1.5, reason: '補償' }, 'delta', '點數須為整數'],
    [{ delta: 100, reason: ' ' }, 'reason', '此欄位為必填'],
    [{ delta: 2_000_000, reason: '補償' }, 'delta', '一次最多調整 1000000 點'],
  ])('%j → %s %s', (body, field, message) => {
    expect(fieldErrors(bonusAdjustmentSchema.safeParse(body))).toContainEqual([field, message]);
  });
});
