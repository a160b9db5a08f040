import type { Route } from './+types/not-found';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';

export const meta: Route.MetaFunction = () => adminMeta('找不到頁面');

/** An unknown /admin/... address stays in the back office (the storefront sends unknown paths home). */
export async function loader() {
  throw new Response(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
