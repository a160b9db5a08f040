// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
export { checkProductIds } from './catalogue-records.service.ts';
export { countLowStockSpecs, enqueueLowStockAlert, LOW_STOCK_ALERT_JOB, lowStockJobHandlers } from './low-stock.ts';
