// The back-office home (issue 7 item 8): today's and this month's orders and revenue in Taipei days,
// and how much handling waits (payment confirmation, shipping, cancel and return requests, unread messages);
// trouble with the background jobs (issue 39 item 8); specs that ran low (庫存不足, issue 42).
import { shopDayRange, shopMonthRange } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { countLowStockSpecs } from '../admin-catalogue/index.ts';
import { unreadCount } from '../admin-contact/index.ts';
import { orderDashboard } from '../admin-orders/index.ts';
import { jobTrouble } from './provider-trouble.ts';

export async function dashboard(db: Db, now: Date) {
  const [orders, unread, jobs, lowStock] = await Promise.all([
    orderDashboard(db, shopDayRange(now), shopMonthRange(now)),
    unreadCount(db),
    jobTrouble(db, now),
    countLowStockSpecs(db),
  ]);
  return { ...orders, unread_messages: unread, low_stock: lowStock, jobs };
}
