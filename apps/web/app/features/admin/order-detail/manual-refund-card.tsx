import { Form } from 'react-router';
import { TextField } from '../components/fields.tsx';
import { money } from '../format.ts';
import type { FieldErrors, OrderDetail } from './order-detail.ts';

/**
 * 記錄退款 (issue 16 item 2): a cancelled, paid order whose money the shop sends back itself (a
 * transfer to the account the shopper named, or by hand in a provider's back office when its
 * automatic refund failed). Recorded once; the order then reads 已退款.
 */
export function ManualRefundCard({
  order: o,
  today,
  errors,
}: {
  order: OrderDetail;
  today: string;
  errors: FieldErrors;
}) {
  return (
    <section className="bo-card" aria-labelledby="manual-refund-title">
      <h2 id="manual-refund-title">記錄退款</h2>
      <p className="bo-field__help" style={{ marginBottom: 12 }}>
        此訂單已取消，尚未記錄退款（實付 {money(o.pay_amount)}
        ）。退還顧客後（匯款，或在金流後台手動退款），請在此記錄金額與日期。
      </p>
      <Form method="post" className="bo-form" noValidate>
        <input type="hidden" name="version" value={o.version} />
        <div className="bo-fields">
          <TextField
            label="退款金額（元）"
            name="amount"
            inputMode="numeric"
            defaultValue={o.pay_amount}
            required
            error={errors.amount}
          />
          <TextField
            label="退款日期"
            name="refunded_on"
            type="date"
            defaultValue={today}
            max={today}
            required
            error={errors.refunded_on}
          />
          <TextField label="備註（例如匯入帳號末五碼）" name="note" maxLength={200} error={errors.note} />
        </div>
        <div className="bo-actions">
          <button type="submit" name="intent" value="record-refund" className="bo-button bo-button--primary">
            記錄退款
          </button>
        </div>
      </Form>
    </section>
  );
}
