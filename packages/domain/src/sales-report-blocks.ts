// The report's blocks, each exported to CSV on its own (issue 42 item 1).
import { z } from 'zod';

export const SALES_REPORT_BLOCKS = ['days', 'payment', 'delivery', 'products', 'specs', 'after_sales'] as const;
export type SalesReportBlock = (typeof SALES_REPORT_BLOCKS)[number];

export const salesReportBlockLabel: Record<SalesReportBlock, string> = {
  days: '每日營收',
  payment: '付款方式',
  delivery: '配送方式',
  products: '熱銷商品',
  specs: '熱銷規格',
  after_sales: '取消與退貨原因',
};

/** GET /admin/reports/sales/export?from=&to=&block= */
export const salesReportBlockSchema = z.enum(SALES_REPORT_BLOCKS, { error: '報表區塊不正確' });
