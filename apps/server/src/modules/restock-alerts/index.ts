// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
export { restockJobHandlers } from './restock-alert-job.ts';
export { queueRestockAlerts, RESTOCK_ALERT_JOB, waitingCounts } from './restock-alerts.service.ts';
export { restockAlertRoutes } from './routes.ts';
