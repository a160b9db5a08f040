// Leaving the shop to pay an order (issue 6 item 4, issue 16): a card or ATM order posts its signed
// form to ECPay (or its simulator), a 信用卡（銀行） order to the bank acquirer's page (decision 060);
// a LINE Pay order is reserved and the browser goes to LINE Pay's page (its app on a phone). The
// shopper comes back to the order's payment page either way.
import { PaymentMethod } from '@shop/domain';
import { getBankcardCheckout, getEcpayCheckout, requestLinePay } from '../../api/orders.ts';
import type { ApiFetch } from '../../api/client.ts';
import { submitPaymentForm } from '../../lib/payment-form.ts';

/** Payment methods whose payment the shopper starts from the shop. */
const STARTED_HERE: ReadonlySet<number> = new Set([
  PaymentMethod.Credit,
  PaymentMethod.CreditFocas,
  PaymentMethod.VirtualAccount,
  PaymentMethod.CvsCode,
  PaymentMethod.CvsBarcode,
  PaymentMethod.LinePay,
  PaymentMethod.ApplePay,
  PaymentMethod.Twqr,
]);

export const paysOnline = (paymentType: number) => STARTED_HERE.has(paymentType);

/**
 * Sends the browser to the provider. `onBlocked` runs when the page's policy refuses ECPay's form (a
 * shop opened by a name its policy does not list); a LINE Pay page is an ordinary navigation.
 */
export async function startPayment(
  api: ApiFetch,
  order: { id: number; paymentType: number },
  onBlocked: () => void,
): Promise<void> {
  if (order.paymentType === PaymentMethod.LinePay) {
    const { payment_url } = await requestLinePay(api, order.id);
    window.location.assign(payment_url);
    return;
  }
  const checkout =
    order.paymentType === PaymentMethod.CreditFocas
      ? await getBankcardCheckout(api, order.id)
      : await getEcpayCheckout(api, order.id);
  submitPaymentForm(checkout, { onBlocked });
}
