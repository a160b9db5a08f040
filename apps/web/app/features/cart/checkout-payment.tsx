import { useSyncExternalStore } from 'react';
import {
  type InstallmentPlanView,
  PaymentMethod,
  formatNtd,
  instalmentAmounts,
  msg,
  offeredCounts,
} from '@shop/domain';
import type { CheckoutSectionProps } from './checkout-fields.tsx';
import type { CheckoutValues } from './checkout-values.ts';

/** The domain's CHECKOUT_PAYMENT_METHODS with what happens after the order, kept here without its Zod module. */
const PAYMENT_METHODS = [
  { value: PaymentMethod.Transfer, hint: '訂單成立後顯示匯款帳號，匯款後請通知我們帳號末五碼' },
  { value: PaymentMethod.VirtualAccount, hint: '取得專屬 ATM 繳費帳號，於期限內轉帳即可' },
  { value: PaymentMethod.CvsCode, hint: '取得繳費代碼，於期限內到 7-ELEVEN、全家、萊爾富或 OK超商的機台繳費' },
  { value: PaymentMethod.CvsBarcode, hint: '取得三段繳費條碼，於期限內在超商櫃檯出示手機畫面付款' },
  { value: PaymentMethod.Credit, hint: '經綠界 ECPay 安全加密付款' },
  { value: PaymentMethod.CreditFocas, hint: '經收單銀行的付款頁以信用卡付款' },
  { value: PaymentMethod.LinePay, hint: '前往 LINE Pay 以 LINE Pay 帳戶或綁定的信用卡付款' },
  { value: PaymentMethod.ApplePay, hint: '經綠界 ECPay 以 iPhone、iPad 或 Mac 上的 Apple Pay 付款' },
  { value: PaymentMethod.Twqr, hint: '經綠界 ECPay 以銀行 App 掃描台灣Pay QR Code 付款' },
  { value: PaymentMethod.CashOnDelivery, hint: '商品送達或取貨時付款' },
] as const;

/** 「3 期：首期 NT$3,334，之後每期 NT$3,333」, as ECPay splits the amount (decision 082). */
export function installmentLabel(count: number, payAmount: number): string {
  const { first, each } = instalmentAmounts(payAmount, count);
  return first === each
    ? `${count} 期：每期 ${formatNtd(each)}`
    : `${count} 期：首期 ${formatNtd(first)}，之後每期 ${formatNtd(each)}`;
}

interface CheckoutPaymentProps extends CheckoutSectionProps {
  offered: readonly number[];
  values?: Partial<CheckoutValues>;
  installmentPlan?: InstallmentPlanView;
  payAmount?: number;
}

/** 付款方式: each method the shop offers now, with what happens after the order; a card's installments. */
/**
 * Whether this browser can pay with Apple Pay (Safari on Apple devices exposes `ApplePaySession`).
 * False on the server and before hydration, so the choice appears only where it can be used.
 */
function useApplePayAvailable(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => typeof (window as { ApplePaySession?: unknown }).ApplePaySession !== 'undefined',
    () => false,
  );
}
/** Whether a browser has Apple Pay does not change while the page is open. */
const noSubscription = () => () => {};

export function CheckoutPayment({
  fields,
  register,
  offered,
  values,
  installmentPlan,
  payAmount = 0,
}: CheckoutPaymentProps) {
  const { error, errors, control } = fields;
  const applePay = useApplePayAvailable();
  const counts =
    installmentPlan && values?.payment_type === String(PaymentMethod.Credit)
      ? offeredCounts({ counts: installmentPlan.counts, minAmount: installmentPlan.min_amount }, payAmount)
      : [];
  return (
    <fieldset className="checkout__section">
      <legend>付款方式</legend>
      <div className="choice-list">
        {PAYMENT_METHODS.filter(
          (method) => offered.includes(method.value) && (method.value !== PaymentMethod.ApplePay || applePay),
        ).map((method) => (
          <label key={method.value} className="choice">
            <input
              type="radio"
              value={String(method.value)}
              aria-invalid={errors.payment_type ? true : undefined}
              {...register('payment_type')}
            />
            <span className="choice__label">{msg.paymentMethodLabel[method.value]}</span>
            <span className="choice__hint">{method.hint}</span>
          </label>
        ))}
      </div>
      {error('payment_type')}
      {counts.length > 0 ? (
        <div className="field">
          {fields.label('installments', '信用卡分期', false)}
          <select {...control('installments')} {...register('installments')}>
            <option value="">一次付清 {formatNtd(payAmount)}</option>
            {counts.map((n) => (
              <option key={n} value={String(n)}>
                {installmentLabel(n, payAmount)}
              </option>
            ))}
          </select>
          <p className="field__hint">每期金額依綠界的算法：總額平均分攤，除不盡的餘數併入首期。</p>
        </div>
      ) : null}
      {error('installments')}
    </fieldset>
  );
}
