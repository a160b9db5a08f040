import { Link } from 'react-router';
import type { Route } from './+types/dashboard';
import {
  labelOf,
  LOW_STOCK_LABEL,
  msg,
  orderTodoLabel,
  ORDER_TODOS,
  type AdminDashboard,
  shopDateTime,
} from '@shop/domain';
import { adminGet, staffApi } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { OrderBadges } from '../../features/admin/components/order-badges.tsx';
import { PageHeader } from '../../features/admin/components/page-parts.tsx';
import { JobTrouble } from '../../features/admin/components/job-trouble.tsx';
import { PeriodFigures } from '../../features/admin/components/period-figures.tsx';
import { money } from '../../features/admin/format.ts';

export const meta: Route.MetaFunction = () => adminMeta('總覽');

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { data } = await adminGet<AdminDashboard>(staffApi({ request, url, context }), '/admin/dashboard');
  return data;
}

export default function AdminDashboard({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="總覽" description="今天與本月的訂單，以及等著處理的工作（以台北時間計）" />
      <JobTrouble jobs={d.jobs} />
      <section className="bo-stats" aria-label="營業概況">
        <PeriodFigures period="今日" totals={d.today} />
        <PeriodFigures period="本月" totals={d.month} />
        <Link className="bo-stat" to="/admin/products?stock=low">
          <div className="bo-stat__label">{LOW_STOCK_LABEL}</div>
          <div className="bo-stat__value">{d.low_stock}</div>
          <div className="bo-stat__sub">個規格需要補貨</div>
        </Link>
        <Link className="bo-stat" to="/admin/messages?state=unread">
          <div className="bo-stat__label">未讀留言</div>
          <div className="bo-stat__value">{d.unread_messages}</div>
          <div className="bo-stat__sub">前往聯絡留言</div>
        </Link>
      </section>
      <section className="bo-stats" aria-label="待處理">
        {ORDER_TODOS.map((todo) => (
          <Link key={todo} className="bo-stat" to={`/admin/orders?todo=${todo}`}>
            <div className="bo-stat__label">{orderTodoLabel[todo]}</div>
            <div className="bo-stat__value">{d.todo[todo]}</div>
            <div className="bo-stat__sub">查看訂單</div>
          </Link>
        ))}
      </section>
      <section className="bo-card" aria-labelledby="latest-orders">
        <h2 id="latest-orders">最新訂單</h2>
        {d.latest_orders.length ? (
          <div className="bo-table-wrap">
            <table className="bo-table">
              <thead>
                <tr>
                  <th scope="col">訂單編號</th>
                  <th scope="col">訂購時間</th>
                  <th scope="col">收件人</th>
                  <th scope="col">付款方式</th>
                  <th scope="col" className="bo-num">
                    金額
                  </th>
                  <th scope="col">狀態</th>
                </tr>
              </thead>
              <tbody>
                {d.latest_orders.map((o) => (
                  <tr key={o.id}>
                    <td>
                      <Link to={`/admin/orders/${o.id}`}>{o.order_number}</Link>
                    </td>
                    <td className="bo-nowrap">{shopDateTime(o.created_at)}</td>
                    <td>{o.recv_name}</td>
                    <td>{labelOf(msg.paymentMethodLabel, o.payment_type)}</td>
                    <td className="bo-num">{money(o.pay_amount)}</td>
                    <td>
                      <OrderBadges order={o} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="bo-empty">還沒有訂單</p>
        )}
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
