import { PaymentMethod, msg } from '@shop/domain';
import type { CheckoutSectionProps } from './checkout-fields.tsx';

/** The domain's CHECKOUT_PAYMENT_METHODS with what happens after the order, kept here without its Zod module. */
const PAYMENT_METHODS = [
  { value: PaymentMethod.Transfer, hint: '訂單成立後顯示匯款帳號，匯款後請通知我們帳號末五碼' },
  { value: PaymentMethod.VirtualAccount, hint: '取得專屬 ATM 繳費帳號，於期限內轉帳即可' },
  { value: PaymentMethod.CvsCode, hint: '取得繳費代碼，於期限內到 7-ELEVEN、全家、萊爾富或 OK超商的機台繳費' },
  { value: PaymentMethod.Credit, hint: '經綠界 ECPay 安全加密付款' },
  { value: PaymentMethod.CreditFocas, hint: '經收單銀行的付款頁以信用卡付款' },
  { value: PaymentMethod.LinePay, hint: '前往 LINE Pay 以 LINE Pay 帳戶或綁定的信用卡付款' },
  { value: PaymentMethod.CashOnDelivery, hint: '商品送達或取貨時付款' },
] as const;

/** 付款方式: each method the shop offers now, with what happens after the order. */
export function CheckoutPayment({ fields, register, offered }: CheckoutSectionProps & { offered: readonly number[] }) {
  const { error, errors } = fields;
  return (
    <fieldset className="checkout__section">
      <legend>付款方式</legend>
      <div className="choice-list">
        {PAYMENT_METHODS.filter((method) => offered.includes(method.value)).map((method) => (
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
    </fieldset>
  );
}
