// The restock-alert job (issue 43 item 2): one 貨到通知 to the member of an ended wait, with a link to
// the product, through the member message (its per-channel log keeps a retry from sending twice).
import { z } from 'zod';
import { restockMessage } from '@shop/domain';
import type { JobHandler } from '../jobs/index.ts';
import { type MemberMessageDeps, sendMemberMessage } from '../notifications/index.ts';
import { getShopMessageSettings } from '../settings/index.ts';
import * as repo from './restock-alerts.repository.ts';
import { RESTOCK_ALERT_JOB } from './restock-alerts.service.ts';

const payloadSchema = z.object({ subscriptionId: z.number().int().positive() });

export function restockAlertHandler(deps: MemberMessageDeps): JobHandler {
  return async (input, ctx) => {
    const { subscriptionId } = payloadSchema.parse(input);
    const sub = await repo.findSubscription(deps.db, subscriptionId);
    if (!sub) return; // the member or the spec is gone: nobody to tell, nothing to tell of
    const spec = await repo.findSpec(deps.db, sub.specId);
    if (!spec) return;
    const { shopName } = await getShopMessageSettings(deps.db);
    const url = new URL(`/products?sn=${spec.productId}`, deps.config.publicUrl).toString();
    await sendMemberMessage(deps, ctx, {
      memberId: sub.memberId,
      kind: 'restock',
      content: restockMessage({ shopName, url, productName: spec.productName, specName: spec.name }),
    });
  };
}

export function restockJobHandlers(deps: MemberMessageDeps): Record<string, JobHandler> {
  return { [RESTOCK_ALERT_JOB]: restockAlertHandler(deps) };
}
