import {
  eInvoiceAllowanceReasonLabel,
  eInvoiceAllowanceStatusLabel,
  eInvoiceStatusLabel,
  formatNtd,
  shopDateTime,
  type AdminEInvoiceView,
} from '@shop/domain';

/**
 * 電子發票 (issue 16 item 3): the order's invoice at ECPay — number, date, random code, state — its
 * allowances, and ECPay's last word, so the staff see why one is not issued yet.
 */
export function EInvoiceCard({ invoice }: { invoice: AdminEInvoiceView }) {
  const word = [invoice.provider_code, invoice.provider_message].filter((x) => x !== null && x !== '').join(' ');
  return (
    <section className="bo-card" aria-labelledby="e-invoice-title">
      <h2 id="e-invoice-title">電子發票</h2>
      <dl className="bo-dl">
        <dt>狀態</dt>
        <dd>{eInvoiceStatusLabel[invoice.status]}</dd>
        <dt>發票號碼</dt>
        <dd>{invoice.invoice_no ?? '—'}</dd>
        <dt>開立時間</dt>
        <dd>{shopDateTime(invoice.invoice_date) || '—'}</dd>
        <dt>隨機碼</dt>
        <dd>{invoice.random_number ?? '—'}</dd>
        <dt>金額</dt>
        <dd>{formatNtd(invoice.amount)}</dd>
        {invoice.voided_at ? (
          <>
            <dt>作廢時間</dt>
            <dd>{shopDateTime(invoice.voided_at)}</dd>
          </>
        ) : null}
        <dt>自訂編號</dt>
        <dd>{invoice.relate_number}</dd>
        <dt>綠界回覆</dt>
        <dd>{word || '—'}</dd>
      </dl>
      {invoice.allowances.length > 0 ? (
        <>
          <h3 id="e-invoice-allowances-title">折讓</h3>
          <ul className="bo-picker__chosen" aria-labelledby="e-invoice-allowances-title">
            {invoice.allowances.map((a, i) => (
              <li key={`${i}-${a.reason}`}>
                <span className="bo-picker__name">
                  {eInvoiceAllowanceReasonLabel[a.reason]} {formatNtd(a.amount)} ·{' '}
                  {eInvoiceAllowanceStatusLabel[a.status]}
                  <br />
                  <small>
                    折讓單號 {a.allowance_no ?? '—'}
                    {a.allowance_date ? ` · ${shopDateTime(a.allowance_date)}` : ''}
                  </small>
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
