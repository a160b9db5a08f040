// The cart-reminder job (issue 43 item 3): the one reminder of a cart, sent only while the cart still
// holds what the sweep saw, the shop still sends reminders and the member still takes them.
import { z } from 'zod';
import { cartReminderMessage } from '@shop/domain';
import type { JobHandler } from '../jobs/index.ts';
import { cartFingerprintOf } from '../carts/index.ts';
import { type MemberMessageDeps, sendMemberMessage } from '../notifications/index.ts';
import { getReminderSettings, getShopMessageSettings } from '../settings/index.ts';
import { CART_REMINDER_JOB } from './cart-reminders.service.ts';

const payloadSchema = z.object({ memberId: z.number().int().positive(), fingerprint: z.string().min(1) });

export function cartReminderHandler(deps: MemberMessageDeps): JobHandler {
  return async (input, ctx) => {
    const { memberId, fingerprint } = payloadSchema.parse(input);
    if (!(await getReminderSettings(deps.db)).enabled) return;
    // Empty, changed, or the member turned reminders off (the query then finds no cart).
    const cart = await cartFingerprintOf(deps.db, memberId);
    if (cart?.fingerprint !== fingerprint) return;
    const { shopName } = await getShopMessageSettings(deps.db);
    await sendMemberMessage(deps, ctx, {
      memberId,
      kind: 'cart_reminder',
      content: cartReminderMessage({
        shopName,
        url: new URL('/cart', deps.config.publicUrl).toString(),
        lineCount: cart.lines,
      }),
    });
  };
}

export function cartReminderJobHandlers(deps: MemberMessageDeps): Record<string, JobHandler> {
  return { [CART_REMINDER_JOB]: cartReminderHandler(deps) };
}
