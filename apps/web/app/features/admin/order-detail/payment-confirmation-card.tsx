import { Form } from 'react-router';
import { labelOf, msg, PaymentMethod } from '@shop/domain';
import { money } from '../format.ts';
import type { OrderDetail } from './order-detail.ts';

/** Confirm a payment by hand; for a bank transfer, with the last five digits the customer sent. */
export function PaymentConfirmationCard({ order: o }: { order: OrderDetail }) {
  return (
    <section className="bo-card" aria-labelledby="pay-title">
      <h2 id="pay-title">確認付款</h2>
      {o.payment_type === PaymentMethod.Transfer ? (
        o.last_number_of_transfer ? (
          <p>
            顧客通知的匯款帳號末五碼：<span className="bo-highlight">{o.last_number_of_transfer}</span>
            <br />
            請核對銀行入帳紀錄的末五碼與金額 {money(o.pay_amount)} 後再確認。
          </p>
        ) : (
          <p className="bo-notice bo-notice--warn">顧客尚未通知匯款（沒有末五碼）。確認前請先核對銀行入帳紀錄。</p>
        )
      ) : (
        <p>
          付款方式：{labelOf(msg.paymentMethodLabel, o.payment_type)}，應收 {money(o.pay_amount)}。
        </p>
      )}
      <Form method="post">
        <input type="hidden" name="version" value={o.version} />
        <button type="submit" name="intent" value="confirm-payment" className="bo-button bo-button--primary">
          確認已收到款項
        </button>
      </Form>
    </section>
  );
}
