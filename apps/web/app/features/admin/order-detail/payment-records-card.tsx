import { shopDateTime, type AdminOrderPayment } from '@shop/domain';
import { Form } from 'react-router';
import { money } from '../format.ts';
import type { OrderDetail } from './order-detail.ts';

const PROVIDER: Record<AdminOrderPayment['provider'], string> = {
  linepay: 'LINE Pay',
  ecpay: '綠界 ECPay',
  bankcard: '收單銀行',
  manual: '人工退款',
};
const KIND: Record<AdminOrderPayment['kind'], string> = { request: '建立付款', confirm: '付款', refund: '退款' };
const STATUS: Record<AdminOrderPayment['status'], string> = {
  pending: '處理中',
  succeeded: '成功',
  failed: '失敗',
};
const JOB_KIND: Record<string, string> = {
  'refund-payment': '自動退款',
  'linepay-confirm': 'LINE Pay 付款確認',
  'issue-invoice': '開立發票',
  'void-invoice': '作廢發票',
  'invoice-allowance': '發票折讓',
  'notify-order': '通知顧客',
  'create-shipment': '建立物流單',
};

/**
 * 金流紀錄 (issue 16 item 4): every payment call and refund of the order with the provider's answer,
 * and the background jobs that failed for it, each with 重新執行.
 */
export function PaymentRecordsCard({ order: o }: { order: OrderDetail }) {
  if (o.payments.length === 0 && o.failed_jobs.length === 0) return null;
  return (
    <section className="bo-card" aria-labelledby="payments-title">
      <h2 id="payments-title">金流紀錄</h2>
      {o.payments.length ? (
        <ol className="bo-picker__chosen">
          {o.payments.map((p) => (
            <li key={p.id}>
              <span className="bo-picker__name">
                {PROVIDER[p.provider]} {KIND[p.kind]} {money(p.amount)} · {STATUS[p.status]}
                <br />
                <small>
                  {shopDateTime(p.created_at)}
                  {p.transaction_id ? ` · 交易序號 ${p.transaction_id}` : ''}
                  {p.return_code ? ` · 代碼 ${p.return_code}` : ''}
                  {p.staff_name ? ` · ${p.staff_name}` : ''}
                  {p.message ? ` · ${p.message}` : ''}
                </small>
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      {o.failed_jobs.map((j) => (
        <div key={j.id} className="bo-notice bo-notice--warn" role="group" aria-label={`失敗的工作 #${j.id}`}>
          <p>
            {JOB_KIND[j.kind] ?? j.kind}失敗（已試 {j.attempts} 次，{shopDateTime(j.updated_at)}）：{j.last_error}
          </p>
          <Form method="post" className="bo-inline-form">
            <input type="hidden" name="job" value={j.id} />
            <button type="submit" name="intent" value="retry-job" className="bo-button bo-button--small">
              重新執行
            </button>
          </Form>
        </div>
      ))}
    </section>
  );
}
