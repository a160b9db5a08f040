// What lowers a cart's price before it is ordered (docs/decisions/009): promotion bundles in their
// activity window, and the influencer discount of the code the shopper arrived with (spec §5).
import type { CelebrityDiscount, InstallmentPlanView, ProductBundle } from '@shop/domain';
import { ApiError, apiGet, type ApiFetch } from './client.ts';

/** The payment methods the checkout offers now (LINE Pay only while the shop has it on). */
export const getPaymentMethods = (api: ApiFetch) => apiGet<number[]>(api, '/payment-methods');

/** The card installment counts the owner offers and the amount they start from (decision 082). */
export const getInstallmentPlan = (api: ApiFetch) => apiGet<InstallmentPlanView>(api, '/installment-plan');

/** No installments when the plan cannot be read. */
export const NO_INSTALLMENTS: InstallmentPlanView = { counts: [], min_amount: 0 };

/** What the checkout offers when the list cannot be read: the methods every shop has. */
export const BASIC_PAYMENT_METHODS: readonly number[] = [1, 3, 2, 6];

export const getBundlesInActivity = (api: ApiFetch) =>
  apiGet<ProductBundle[] | null>(api, '/product-bundles-in-activity').then((list) => list ?? []);

interface InfluencerProfile {
  id: number;
  name: string;
  code: string;
  celebrity_discount: CelebrityDiscount | null;
}

interface InfluencerRelation {
  product?: { id: number } | null;
}

/** The influencer of `code` and the products their discount applies to; null for a code of nobody. */
export async function getCelebrityOffer(api: ApiFetch, code: string) {
  const path = encodeURIComponent(code);
  try {
    const [profile, relations] = await Promise.all([
      apiGet<InfluencerProfile>(api, `/members-by-internet-celebrity-code/${path}`),
      apiGet<InfluencerRelation[] | null>(api, `/member-product-relation-by-internet-celebrity-code/${path}`),
    ]);
    return {
      code: profile.code || code,
      name: profile.name,
      discount: profile.celebrity_discount,
      productIds: (relations ?? []).flatMap((r) => (r.product ? [r.product.id] : [])),
    };
  } catch (error) {
    // 404: not an influencer's code (or a malformed one, 400) — simply no discount.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
