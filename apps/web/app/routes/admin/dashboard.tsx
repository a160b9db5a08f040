import { Link } from 'react-router';
import type { Route } from './+types/dashboard';
import { LOW_STOCK_LABEL, orderTodoLabel, ORDER_TODOS, type AdminDashboard } from '@shop/domain';
import { adminGet, staffApi } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { OrderSummaryTable } from '../../features/admin/components/order-summary-table.tsx';
import { PageHeader } from '../../features/admin/components/page-parts.tsx';
import { JobTrouble } from '../../features/admin/components/job-trouble.tsx';
import { PeriodFigures } from '../../features/admin/components/period-figures.tsx';

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
          <OrderSummaryTable orders={d.latest_orders} withRecipient />
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
