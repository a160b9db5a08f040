// For the tests of payments: the simulator's card form as a shopper fills it in, and the owner's payment
// choices in 商店設定.
import { postForm, type TestApp } from '../../test/test-app.ts';
import { TEST_CARD } from './simulator-page.ts';

/** The simulator's card form sent with ECPay's test card over the checkout's `fields`: the payment. */
export const payWithTestCard = (t: Pick<TestApp, 'app'>, fields: Record<string, string>) =>
  postForm(t, '/payment-simulator/pay', {
    ...fields,
    sim_action: 'pay',
    sim_card_number: TEST_CARD.number,
    sim_card_expiry: TEST_CARD.expiry,
    sim_card_cvc: TEST_CARD.cvc,
  });

/**
 * The shipping section of the owner's 商店設定 as it stands (GET /admin/settings), and `save`: its PUT
 * with `changes` over the fields the form always sends and the version read; the PUT's answer.
 */
export async function ownerShippingSettings(t: TestApp) {
  const shipping = (await t.asStaff('owner', 'GET', '/api/v1/admin/settings')).json().data.shipping;
  const save = (changes: Record<string, unknown>) =>
    t.asStaff('owner', 'PUT', '/api/v1/admin/settings/shipping', {
      shipping_fee: shipping.shipping_fee,
      low_temp_shipping_fee: shipping.low_temp_shipping_fee,
      free_shipping_threshold: shipping.free_shipping_threshold,
      return_days: shipping.return_days,
      version: shipping.version,
      ...changes,
    });
  return { shipping, save };
}
