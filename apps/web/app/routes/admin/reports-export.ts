import type { Route } from './+types/reports-export';
import { csvDownload } from '../../features/admin/csv-download.server.ts';

/** GET /admin/reports/export?from=&to=&block=: one block of the sales report as CSV (UTF-8 with a byte order mark). */
export const loader = (args: Route.LoaderArgs) => csvDownload(args, '/admin/reports/sales/export', 'sales.csv');
