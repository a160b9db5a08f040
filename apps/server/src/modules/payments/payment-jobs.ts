// The payments module's outbox jobs (docs/decisions/038, 050), registered with the job runner by main.ts.
import { PaymentMethod } from '@shop/domain';
import { z } from 'zod';
import type { JobHandler, ProviderJobDeps } from '../jobs/index.ts';
import { REFUND_PAYMENT_JOB } from '../orders/index.ts';
import { bankcardGateway } from './bankcard-gateway.ts';
import { refundBankcardJob } from './bankcard.service.ts';
import { refundCardJob } from './card-refund.service.ts';
import { ecpayCardGateway } from './ecpay-card-gateway.ts';
import { linePayGateway } from './linepay-gateway.ts';
import { confirmLinePayJob, LINEPAY_CONFIRM_JOB, refundLinePayJob } from './linepay.service.ts';
import * as repo from './payments.repository.ts';

const refundPayload = z.object({
  orderId: z.number().int().positive(),
  amount: z.number().int().positive(),
  reason: z.enum(['cancel', 'return']),
});
const confirmPayload = z.object({ transactionId: z.string().regex(/^\d{1,25}$/) });

export function paymentJobHandlers(deps: ProviderJobDeps): Record<string, JobHandler> {
  const { db, config, log } = deps;
  const now = deps.now ?? (() => new Date());
  const gateway = linePayGateway(config);
  const cards = ecpayCardGateway(config, now);
  const bankcard = bankcardGateway(config);
  return {
    [REFUND_PAYMENT_JOB]: async (payload, ctx) => {
      const job = refundPayload.parse(payload);
      const order = await repo.findOrderById(db, job.orderId);
      if (!order) throw new Error(`order ${job.orderId} not found`);
      if (order.paymentType === PaymentMethod.LinePay)
        return refundLinePayJob(db, gateway, job, now(), log, ctx.signal);
      // Apple Pay through ECPay is a card trade: ECPay's DoAction refunds it as one.
      if (order.paymentType === PaymentMethod.Credit || order.paymentType === PaymentMethod.ApplePay)
        return refundCardJob(db, cards, job, now(), log, ctx.signal);
      if (order.paymentType === PaymentMethod.CreditFocas) {
        return refundBankcardJob(db, bankcard, job, now(), log, ctx.signal);
      }
      throw new Error(`payment type ${order.paymentType} has no provider refund`);
    },
    [LINEPAY_CONFIRM_JOB]: async (payload) => {
      await confirmLinePayJob(db, gateway, confirmPayload.parse(payload), now(), log);
    },
  };
}
