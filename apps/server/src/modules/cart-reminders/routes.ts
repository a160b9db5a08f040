import type { FastifyPluginAsync } from 'fastify';
import { scheduleHousekeeping } from '../../http/housekeeping.ts';
import type { ModuleOptions } from '../module-options.ts';
import { sweepCartReminders } from './cart-reminders.service.ts';

/** How often the carts are looked at; a reminder is at most this late (the owner sets hours). */
const CART_REMINDER_SWEEP_MS = 10 * 60_000;

/** Cart reminders have no route of their own: the sweep runs beside the API (issue 43 item 3). */
export const cartReminderSweep: FastifyPluginAsync<ModuleOptions> = async (app, { db, now }) => {
  scheduleHousekeeping(app, 'cart reminder sweep', () => sweepCartReminders(db, now()), CART_REMINDER_SWEEP_MS);
};
