import { Form, Link } from 'react-router';
import type { Route } from './+types/invoices';
import { eInvoiceRegisterKindLabel, isShopDate, shopDateTime, taipeiDate, type EInvoiceRegister } from '@shop/domain';
import { adminGet, staffApi } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { PageHeader } from '../../features/admin/components/page-parts.tsx';
import { money } from '../../features/admin/format.ts';

export const meta: Route.MetaFunction = () => adminMeta('電子發票');

const INVOICE_TYPE: Record<number, string> = { 1: '二聯式', 2: '三聯式', 3: '捐贈' };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const asked = url.searchParams.get('date') ?? '';
  // A day that is not one reads as today, as the date field shows it.
  const date = isShopDate(asked) ? asked : taipeiDate(new Date());
  const { data } = await adminGet<EInvoiceRegister>(
    staffApi({ request, url, context }),
    `/admin/invoices?date=${date}`,
  );
  return { register: data };
}

/**
 * 電子發票 (issue 16 item 4): the invoices issued, voided and given back by allowances on one day, with
 * the day's sums, and the same list as a CSV for the accountant.
 */
export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  const { register } = loaderData;
  const { totals } = register;
  return (
    <>
      <PageHeader
        title="電子發票"
        description="每日開立、作廢與折讓的發票，可匯出給會計"
        actions={
          <a className="bo-button" href={`/admin/invoices/export?date=${register.date}`} download>
            匯出 CSV（Excel）
          </a>
        }
      />
      <Form method="get" className="bo-toolbar bo-card" role="search" aria-label="選擇日期">
        <div className="bo-field">
          <label htmlFor="invoice-date">日期</label>
          <input id="invoice-date" name="date" type="date" className="bo-input" defaultValue={register.date} />
        </div>
        <div className="bo-toolbar__buttons">
          <button type="submit" className="bo-button bo-button--primary">
            查詢
          </button>
          <Link to="/admin/invoices" className="bo-button">
            今天
          </Link>
        </div>
      </Form>
      <dl className="bo-card bo-dl" aria-label={`${register.date} 合計`}>
        <dt>開立</dt>
        <dd>{money(totals.issued)}</dd>
        <dt>作廢</dt>
        <dd>{money(totals.voided)}</dd>
        <dt>折讓</dt>
        <dd>{money(totals.allowance)}</dd>
      </dl>
      <InvoiceTable register={register} />
    </>
  );
}

/** The day's invoices, allowances under their invoice number. */
function InvoiceTable({ register }: { register: EInvoiceRegister }) {
  const { entries } = register;
  return (
    <div className="bo-table-wrap">
      <table className="bo-table bo-table--cards">
        <caption className="bo-visually-hidden">{register.date} 的發票</caption>
        <thead>
          <tr>
            <th scope="col">類別</th>
            <th scope="col">時間</th>
            <th scope="col">發票號碼</th>
            <th scope="col">訂單編號</th>
            <th scope="col">發票類型</th>
            <th scope="col" className="bo-num">
              金額（含稅）
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={`${e.kind}-${e.invoice_no}-${e.allowance_no ?? ''}`}>
              <td data-label="類別">{eInvoiceRegisterKindLabel[e.kind]}</td>
              <td className="bo-nowrap" data-label="時間">
                {shopDateTime(e.at)}
              </td>
              <td className="bo-nowrap" data-label="發票號碼">
                {e.invoice_no}
                {e.allowance_no ? (
                  <>
                    <br />
                    <small>折讓單 {e.allowance_no}</small>
                  </>
                ) : null}
              </td>
              <td className="bo-nowrap" data-label="訂單編號">
                <Link to={`/admin/orders/${e.order_id}`}>{e.order_number}</Link>
              </td>
              <td data-label="發票類型">
                {INVOICE_TYPE[e.invoice_type] ?? ''}
                {e.customer_identifier ? ` ${e.customer_identifier}` : ''}
              </td>
              <td className="bo-num" data-label="金額（含稅）">
                {money(e.amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {entries.length === 0 ? <p className="bo-empty">這天沒有開立、作廢或折讓的發票</p> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
