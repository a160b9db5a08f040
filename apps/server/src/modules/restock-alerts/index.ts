// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
// The alert job (restock-alert-job.ts) is registered by main.ts: it sends through notifications, which
// reads orders, which queue alerts here, so the index leaves it out to keep the imports one way.
export { queueRestockAlerts, RESTOCK_ALERT_JOB, waitingCounts } from './restock-alerts.service.ts';
export { restockAlertRoutes } from './routes.ts';
