import { Form, Link } from 'react-router';
import type { Route } from './+types/orders';
import {
  CHECKOUT_PAYMENT_METHODS,
  labelOf,
  msg,
  ORDER_TODOS,
  orderTodoLabel,
  OrderStatus,
  type AdminOrderListItem,
  type ShipmentRequestResult,
  shopDateTime,
} from '@shop/domain';
import { adminGet, adminSend, staffApi, type ActionResult } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { OrderBadges } from '../../features/admin/components/order-badges.tsx';
import { ActionNotice, PageHeader, Pager, pageOf } from '../../features/admin/components/page-parts.tsx';
import { money } from '../../features/admin/format.ts';
import { useQuery } from '../../features/admin/use-query.ts';
import { readForm } from '../../lib/form-post.server.ts';

/** The filters of GET /admin/orders and of its CSV export (adminOrderFilterSchema). */
const FILTERS = [
  'status',
  'payment',
  'payment_type',
  'shipping',
  'todo',
  'from',
  'to',
  'order_number',
  'phone',
] as const;
const PAGE_SIZE = 20;

function filterQuery(url: URL): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of FILTERS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) out.set(key, value);
  }
  return out;
}

export const meta: Route.MetaFunction = () => adminMeta('訂單管理');

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const query = filterQuery(url);
  const page = pageOf(url.searchParams);
  const api = staffApi({ request, url, context });
  const { data, total } = await adminGet<AdminOrderListItem[]>(
    api,
    `/admin/orders?${query}&page=${page}&size=${PAGE_SIZE}`,
  );
  return { orders: data, total, page, exportQuery: query.toString() };
}

/**
 * 建立物流單 for the ticked orders (issue 17 item 2): ECPay is asked by a background job per order; the
 * answer says which were sent and why the others were not.
 */
export async function action({ request, url, context }: Route.ActionArgs): Promise<ActionResult> {
  const form = await readForm(request);
  if (form.get('intent') !== 'create-shipments') return { ok: false, message: '不支援此操作' };
  const ids = form
    .getAll('order_id')
    .map(String)
    .filter((id) => /^\d{1,10}$/.test(id))
    .map(Number);
  if (ids.length === 0) return { ok: false, message: '請先勾選要建立物流單的訂單' };
  const result = await adminSend<ShipmentRequestResult[]>(
    staffApi({ request, url, context }),
    'POST',
    '/admin/shipments',
    {
      order_ids: ids.slice(0, 100),
    },
  );
  if (!result.ok || !result.data) return result;
  const sent = result.data.filter((r) => r.ok).length;
  const refused = result.data.filter((r) => !r.ok).map((r) => `${r.order_number || r.order_id}：${r.msg}`);
  const message = `已送出 ${sent} 筆物流單，綠界建立後訂單會改為已出貨${refused.length ? `；未送出 ${refused.join('；')}` : ''}`;
  return { ok: sent > 0, message };
}

/** 列印託運單: the ticked orders' labels in a new tab (the checkboxes belong to the bulk form). */
function printLabels() {
  const form = document.getElementById('bulk-orders') as HTMLFormElement | null;
  if (!form) return;
  const query = new URLSearchParams();
  for (const id of new FormData(form).getAll('order_id')) query.append('order_id', String(id));
  window.open(`/admin/orders/labels?${query}`, '_blank', 'noopener');
}

function Select({ name, label, options }: { name: string; label: string; options: [string | number, string][] }) {
  const params = useQuery();
  return (
    <div className="bo-field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <select id={`f-${name}`} name={name} className="bo-select" defaultValue={params.get(name) ?? ''}>
        <option value="">全部</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function Input({
  name,
  label,
  type = 'text',
  placeholder,
}: {
  name: string;
  label: string;
  type?: string;
  placeholder?: string;
}) {
  const params = useQuery();
  return (
    <div className="bo-field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <input
        id={`f-${name}`}
        name={name}
        type={type}
        className="bo-input"
        defaultValue={params.get(name) ?? ''}
        placeholder={placeholder}
      />
    </div>
  );
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, total, page, exportQuery } = loaderData;
  return (
    <>
      <PageHeader
        title="訂單管理"
        description="確認匯款、出貨、處理取消與退貨"
        actions={
          // A file download, not a page: the browser saves what the export route answers.
          <a className="bo-button" href={`/admin/orders/export${exportQuery ? `?${exportQuery}` : ''}`} download>
            匯出 CSV（Excel）
          </a>
        }
      />
      <ActionNotice result={actionData} />
      <OrderFilters />
      <BulkOrderActions />
      <OrderTable orders={orders} />
      <Pager total={total} page={page} size={PAGE_SIZE} />
    </>
  );
}

/** The list's filters, read back from the address (GET: a filtered list can be bookmarked). */
function OrderFilters() {
  return (
    <Form method="get" className="bo-toolbar bo-card" role="search" aria-label="篩選訂單">
      <Input name="order_number" label="訂單編號" />
      <Input name="phone" label="手機" placeholder="09" />
      <Select name="todo" label="待處理" options={ORDER_TODOS.map((t) => [t, orderTodoLabel[t]])} />
      <Select
        name="status"
        label="訂單狀態"
        options={[OrderStatus.Processing, OrderStatus.Complete, OrderStatus.Cancel, OrderStatus.Failed].map((s) => [
          s,
          labelOf(msg.orderStatusLabel, s),
        ])}
      />
      <Select
        name="payment"
        label="付款"
        options={[
          ['paid', '已付款'],
          ['unpaid', '未付款'],
        ]}
      />
      <Select
        name="payment_type"
        label="付款方式"
        // Only what the checkout may offer: no order is paid by the bank acquirer (issue 20 item 6).
        options={CHECKOUT_PAYMENT_METHODS.map((p) => [p, labelOf(msg.paymentMethodLabel, p)])}
      />
      <Select
        name="shipping"
        label="出貨"
        options={[
          ['shipped', '已出貨'],
          ['unshipped', '未出貨'],
        ]}
      />
      <Input name="from" label="訂購日起" type="date" />
      <Input name="to" label="訂購日迄" type="date" />
      <div className="bo-toolbar__buttons">
        <button type="submit" className="bo-button bo-button--primary">
          篩選
        </button>
        <Link to="/admin/orders" className="bo-button">
          清除
        </Link>
      </div>
    </Form>
  );
}

function BulkOrderActions() {
  return (
    <>
      {/* The ticked orders go to 建立物流單 (this route's action) or 列印託運單 (a page of its own in a new tab). */}
      <Form method="post" id="bulk-orders" aria-label="勾選的訂單">
        <div className="bo-actions">
          <button type="submit" name="intent" value="create-shipments" className="bo-button bo-button--primary">
            建立物流單
          </button>
          <button type="button" className="bo-button" onClick={printLabels}>
            列印託運單<span className="bo-visually-hidden">（另開新視窗）</span>
          </button>
        </div>
      </Form>
    </>
  );
}

function OrderTable({ orders }: { orders: AdminOrderListItem[] }) {
  return (
    <div className="bo-table-wrap">
      {/* On a phone each order is a card of labelled rows (styles/admin.css, data-label). */}
      <table className="bo-table bo-table--cards">
        <thead>
          <tr>
            <th scope="col">
              <span className="bo-visually-hidden">勾選</span>
            </th>
            <th scope="col">訂單編號</th>
            <th scope="col">訂購時間</th>
            <th scope="col">收件人</th>
            <th scope="col">付款 / 配送</th>
            <th scope="col" className="bo-num">
              應付金額
            </th>
            <th scope="col">狀態</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id}>
              <td data-label="勾選">
                <label className="bo-check bo-check--row">
                  <input type="checkbox" name="order_id" value={o.id} form="bulk-orders" />
                  <span className="bo-visually-hidden">勾選訂單 {o.order_number}</span>
                </label>
              </td>
              <td className="bo-nowrap" data-label="訂單編號">
                <Link to={`/admin/orders/${o.id}`}>{o.order_number}</Link>
              </td>
              <td className="bo-nowrap" data-label="訂購時間">
                {shopDateTime(o.created_at)}
              </td>
              <td data-label="收件人">
                {o.recv_name}
                <br />
                <small>{o.recv_cellphone}</small>
              </td>
              <td data-label="付款 / 配送">
                {labelOf(msg.paymentMethodLabel, o.payment_type)}
                <br />
                <small>{labelOf(msg.deliveryMethodLabel, o.delivery_method)}</small>
              </td>
              <td className="bo-num" data-label="應付金額">
                {money(o.pay_amount)}
              </td>
              <td data-label="狀態">
                <OrderBadges order={o} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {orders.length === 0 ? <p className="bo-empty">沒有符合條件的訂單</p> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
