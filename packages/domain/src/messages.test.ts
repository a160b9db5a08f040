import { describe, expect, it } from 'vitest';
import { CancelStatus, PaymentMethod, ReturnStatus } from './enums.ts';
import { labelOf, msg } from './messages.ts';

describe('msg', () => {
  it.each([
    ['required', msg.required, '此欄位為必填'],
    ['mobileFormat', msg.mobileFormat, '手機格式不正確'],
    ['emailFormat', msg.emailFormat, '請輸入正確的 Email 格式'],
    ['max200', msg.max200, '最多 200 字'],
    ['maxLength(50)', msg.maxLength(50), '最多 50 字'],
    ['uploadAtLeastOne', msg.uploadAtLeastOne, '請至少上傳一張圖片'],
    ['uploadAtMost4', msg.uploadAtMost4, '最多上傳 4 張圖片'],
    ['transferLength', msg.transferLength, '輸入錯誤'],
    ['cancelSuccess', msg.cancelSuccess, '取消申請成功，我們將盡快為您處理！'],
    ['cancelConfirm', msg.cancelConfirm('A20250101001'), '確定要取消訂單 A20250101001 嗎？'],
    ['tokenInvalid', msg.tokenInvalid, 'token驗證失敗'],
    ['pageLabel', msg.pageLabel(3), '第 3 頁'],
    ['loginLocked(0.2)', msg.loginLocked(0.2), '登入失敗次數過多，請 1 秒後再試'],
    ['loginLocked(59)', msg.loginLocked(59), '登入失敗次數過多，請 59 秒後再試'],
    ['loginLocked(61)', msg.loginLocked(61), '登入失敗次數過多，請 2 分鐘後再試'],
    ['lookupLimit(600)', msg.lookupLimit(600), '查詢次數過多，請 10 分鐘後再試'],
  ])('%s', (_key, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('max200 agrees with maxLength', () => {
    expect(msg.maxLength(200)).toBe(msg.max200);
  });
});

describe('labelOf', () => {
  it.each([
    [msg.paymentMethodLabel, PaymentMethod.Transfer, '銀行轉帳'],
    [msg.paymentMethodLabel, PaymentMethod.CreditFocas, '信用卡（銀行）'],
    [msg.paymentMethodLabel, PaymentMethod.CashOnDelivery, '貨到付款'],
    [msg.cancelStatusLabel, CancelStatus.Canceling, '取消申請中'],
    [msg.cancelStatusLabel, CancelStatus.Approve, '已取消'],
    [msg.cancelStatusLabel, CancelStatus.Canceled, '取消未核准'],
    [msg.returnStatusLabel, ReturnStatus.Returning, '退貨申請中'],
    [msg.returnStatusLabel, ReturnStatus.Cancel, '退貨已取消'],
    [msg.badgeLabel, 1, '熱銷'],
    [msg.deliveryMethodLabel, 3, '超商取貨'],
    [msg.paymentMethodLabel, 99, ''],
    [msg.paymentMethodLabel, null, ''],
  ])('labelOf(table, %s)', (table, value, expected) => {
    expect(labelOf(table, value)).toBe(expected);
  });
});
