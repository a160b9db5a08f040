import type { Route } from './+types/orders-export';
import { csvDownload } from '../../features/admin/csv-download.server.ts';

/** GET /admin/orders/export?…filters: the filtered order list as CSV (UTF-8 with a byte order mark). */
export const loader = (args: Route.LoaderArgs) => csvDownload(args, '/admin/orders/export', 'orders.csv');
