// Loaded on demand by use-checkout.ts: the order schema (and Zod with it) is needed only once the
// shopper starts filling in the checkout form, not for the cart's first paint.
import { orderBodySchema } from '@shop/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  checkoutFieldOf,
  localCheckoutErrors,
  toOrderBody,
  type CheckoutContext,
  type CheckoutField,
  type CheckoutValues,
} from './checkout-values.ts';

/** Every error of the form: the domain's order schema (spec §5 messages) plus the local checks. */
export function checkoutErrors(
  values: CheckoutValues,
  context: CheckoutContext,
): Partial<Record<CheckoutField, string>> {
  const errors = localCheckoutErrors(values, context);
  const result = orderBodySchema.safeParse(toOrderBody(values, null));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = checkoutFieldOf(issue.path);
      // The address parts have their own messages; the schema's recv_address adds nothing to them.
      if (field && !errors[field] && !(field === 'street' && (errors.city || errors.district))) {
        errors[field] = issue.message;
      }
    }
  }
  return errors;
}

export const checkoutResolver: Resolver<CheckoutValues, CheckoutContext> = (values, context) => {
  const errors = checkoutErrors(values, context ?? { bonusBalance: 0, maxUsableBonus: 0 });
  const entries = Object.entries(errors) as Array<[CheckoutField, string]>;
  if (entries.length === 0) return { values, errors: {} };
  const fieldErrors: FieldErrors<CheckoutValues> = {};
  for (const [field, message] of entries) fieldErrors[field] = { type: 'validate', message };
  return { values: {}, errors: fieldErrors };
};
