import { Form } from 'react-router';
import { money } from '../format.ts';
import type { OrderDetail } from './order-detail.ts';

const REFUND_DUE_TEXT: Record<NonNullable<OrderDetail['refund_due']>, string> = {
  paid_after_cancel: '此訂單取消後才收到付款，需退款給顧客。',
  paid_twice: '此訂單重複付款（收到第二筆交易），需退還其中一筆。',
};

/** Money the shop owes back (paid after a cancel, or paid twice): settled by hand in the provider's back office. */
export function RefundDueCard({ order: o }: { order: OrderDetail }) {
  if (!o.refund_due) return null;
  return (
    <section className="bo-card" aria-labelledby="refund-due-title">
      <h2 id="refund-due-title">待退款</h2>
      <p className="bo-notice bo-notice--warn">
        {REFUND_DUE_TEXT[o.refund_due]}金額 {money(o.pay_amount)}
        {o.trade_no ? `，金流交易編號 ${o.trade_no}` : ''}。請在金流後台辦理退款後再按下方按鈕。
      </p>
      <Form method="post">
        <input type="hidden" name="version" value={o.version} />
        <button type="submit" name="intent" value="settle-refund" className="bo-button bo-button--primary">
          已完成退款
        </button>
      </Form>
    </section>
  );
}
