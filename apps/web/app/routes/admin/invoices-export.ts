import type { Route } from './+types/invoices-export';
import { csvDownload } from '../../features/admin/csv-download.server.ts';

/** GET /admin/invoices/export?date=: the day's e-invoice register as CSV for the accountant. */
export const loader = (args: Route.LoaderArgs) => csvDownload(args, '/admin/invoices/export', 'e-invoices.csv');
