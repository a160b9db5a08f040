import { Fact } from './order-fact.tsx';
import type { EInvoiceLines } from './order-view.ts';

/**
 * 電子發票 on the order page (issue 16 item 3): the invoice number, when it was made, the random code
 * (which the shopper needs to look the invoice up or claim a prize) and its state, then the allowances.
 */
export function EInvoiceSection({ invoice }: { invoice: EInvoiceLines }) {
  return (
    <section className="panel order-detail__section" aria-labelledby="order-invoice-title">
      <h2 id="order-invoice-title">電子發票</h2>
      <dl className="facts">
        <Fact label="發票狀態">{invoice.status}</Fact>
        <Fact label="發票號碼">{invoice.invoiceNo}</Fact>
        <Fact label="開立時間">{invoice.date}</Fact>
        <Fact label="隨機碼">{invoice.randomNumber}</Fact>
        <Fact label="作廢時間">{invoice.voidedAt}</Fact>
      </dl>
      {invoice.allowances.length > 0 ? (
        <table className="order-lines order-invoice__allowances">
          <caption>折讓紀錄</caption>
          <thead>
            <tr>
              <th scope="col">折讓單號</th>
              <th scope="col">金額</th>
              <th scope="col">折讓時間</th>
              <th scope="col">狀態</th>
            </tr>
          </thead>
          <tbody>
            {invoice.allowances.map((a) => (
              <tr key={a.key}>
                <th scope="row">
                  {a.number || '—'}
                  <span className="order-lines__spec">{a.reason}</span>
                </th>
                <td data-label="金額">{a.amount}</td>
                <td data-label="時間">{a.date || '—'}</td>
                <td data-label="狀態">{a.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
