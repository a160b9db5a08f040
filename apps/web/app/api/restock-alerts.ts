// 貨到通知 (issue 43 item 2): a member's waits for sold-out specs. The server scopes every path to the
// token's member.
import type { RestockSubscription } from '@shop/domain';
import { apiGet, apiSend, type ApiFetch } from './client.ts';

export type { RestockSubscription };

export const listRestockSubscriptions = (api: ApiFetch) => apiGet<RestockSubscription[]>(api, '/restock-subscriptions');

export const subscribeRestock = (api: ApiFetch, specId: number) =>
  apiSend<RestockSubscription>(api, 'POST', '/restock-subscriptions', { spec_id: specId });

export const unsubscribeRestock = (api: ApiFetch, id: number) =>
  apiSend<null>(api, 'DELETE', `/restock-subscriptions/${id}`);
