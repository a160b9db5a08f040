// Which payment methods the checkout offers now (docs/decisions/050): every method of the domain's
// list, less LINE Pay while the shop has it off. The web lists these; POST /orders refuses the rest.
import { CHECKOUT_PAYMENT_METHODS, msg, paymentMsg, PaymentMethod } from '@shop/domain';
import type { Config } from '../../config.ts';
import { Invalid } from '../../errors.ts';

export function checkoutPaymentMethods(config: Pick<Config, 'LINEPAY_MODE'>): number[] {
  return CHECKOUT_PAYMENT_METHODS.filter((m) => m !== PaymentMethod.LinePay || config.LINEPAY_MODE !== 'off');
}

/** 400 on the payment field when the method is one the schema knows but the shop does not offer now. */
export function refuseUnofferedPayment(config: Pick<Config, 'LINEPAY_MODE'>, paymentType: number): void {
  if (checkoutPaymentMethods(config).includes(paymentType)) return;
  const message = paymentType === PaymentMethod.LinePay ? paymentMsg.linePayOff : msg.paymentTypeChoose;
  throw new Invalid(msg.badRequest, [{ field: 'payment_type', msg: message }]);
}
