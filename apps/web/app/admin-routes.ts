// The back office's route tree under /admin (issue 7): its own layout and stylesheet, every screen its
// own module (code-split), nothing of it in the storefront's first load.
import { index, layout, prefix, route, type RouteConfigEntry } from '@react-router/dev/routes';
import { RECORD_PATHS } from './features/admin/records/record-paths.ts';

export const adminRoutes: RouteConfigEntry[] = prefix('admin', [
  route('login', 'routes/admin/login.tsx'),
  route('logout', 'routes/admin/logout.tsx'),
  route('orders/export', 'routes/admin/orders-export.ts'),
  route('orders/labels', 'routes/admin/shipment-labels.ts'),
  route('invoices/export', 'routes/admin/invoices-export.ts'),
  route('reports/export', 'routes/admin/reports-export.ts'),
  layout('routes/admin/layout.tsx', [
    index('routes/admin/dashboard.tsx'),
    route('reports', 'routes/admin/reports.tsx'),
    route('orders', 'routes/admin/orders.tsx'),
    route('orders/:id', 'routes/admin/order-detail.tsx'),
    route('members', 'routes/admin/members.tsx'),
    route('members/:id', 'routes/admin/member-detail.tsx'),
    route('messages', 'routes/admin/messages.tsx'),
    route('reviews', 'routes/admin/reviews.tsx'),
    route('jobs', 'routes/admin/jobs.tsx'),
    route('invoices', 'routes/admin/invoices.tsx'),
    route('products', 'routes/admin/products.tsx'),
    route('products/:id', 'routes/admin/product-edit.tsx'),
    ...RECORD_PATHS.flatMap((path) => [
      route(path, 'routes/admin/records.tsx', { id: `admin-records-${path}` }),
      route(`${path}/:id`, 'routes/admin/record-edit.tsx', { id: `admin-record-edit-${path}` }),
    ]),
    route('terms-texts', 'routes/admin/terms-texts.tsx'),
    route('settings', 'routes/admin/settings.tsx'),
    route('staff', 'routes/admin/staff.tsx'),
    route('audit-log', 'routes/admin/audit-log.tsx'),
    route('*', 'routes/admin/not-found.tsx'),
  ]),
]);
