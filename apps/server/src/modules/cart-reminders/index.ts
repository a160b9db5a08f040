// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
export { cartReminderJobHandlers } from './cart-reminder-job.ts';
export { CART_REMINDER_JOB, sweepCartReminders } from './cart-reminders.service.ts';
export { cartReminderSweep } from './routes.ts';
