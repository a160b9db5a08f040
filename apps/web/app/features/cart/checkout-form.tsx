import type { InstallmentPlanView, OrderTotals, ShippingSettings, StoreChain } from '@shop/domain';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { CheckoutBonus } from './checkout-bonus.tsx';
import { CheckoutDelivery } from './checkout-delivery.tsx';
import { checkoutFields } from './checkout-fields.tsx';
import { CheckoutInvoice } from './checkout-invoice.tsx';
import { CheckoutPayment } from './checkout-payment.tsx';
import { CheckoutRecipient } from './checkout-recipient.tsx';
import type { CheckoutContext, CheckoutValues } from './checkout-values.ts';
import { loadCheckoutResolver } from './use-checkout.ts';

interface CheckoutFormProps {
  id: string;
  form: UseFormReturn<CheckoutValues, CheckoutContext>;
  priced: OrderTotals;
  shipping: ShippingSettings;
  /** The methods the checkout offers now, in order. */
  paymentMethods: readonly number[];
  /** Card installments the owner offers (decision 082). */
  installmentPlan?: InstallmentPlanView;
  bonusBalance: number;
  /** The chains of the shop's store pickup, and 選擇門市 (issue 17 item 1). */
  storeChains: readonly StoreChain[];
  onChooseStore: (chain: StoreChain) => void;
  busy?: boolean;
  onSubmit: (event?: FormEvent) => void;
  /** The submit area (totals and button) — rendered where the page puts it. */
  children?: ReactNode;
}

/**
 * spec §2 /cart checkout: recipient, delivery, payment, e-invoice, points and remark. Errors show after
 * a field is touched (and all at once on submit); the server's field errors land on the same fields.
 */
export function CheckoutForm({
  id,
  form,
  priced,
  shipping,
  paymentMethods,
  installmentPlan,
  bonusBalance,
  storeChains,
  onChooseStore,
  busy = false,
  onSubmit,
  children,
}: CheckoutFormProps) {
  const uid = useId();
  const { register, control, setValue, formState } = form;
  const values = useWatch({ control }) as Partial<CheckoutValues>;
  const fields = checkoutFields(uid, formState.errors);
  const section = { fields, register };

  return (
    <form
      id={id}
      className="checkout"
      aria-label="結帳資料"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadCheckoutResolver()}
    >
      <CheckoutRecipient {...section} />
      <CheckoutDelivery
        {...section}
        values={values}
        setValue={setValue}
        priced={priced}
        shipping={shipping}
        storeChains={storeChains}
        onChooseStore={onChooseStore}
        busy={busy}
      />
      <CheckoutPayment
        {...section}
        offered={paymentMethods}
        values={values}
        installmentPlan={installmentPlan}
        payAmount={priced.payAmount}
      />
      <CheckoutInvoice {...section} values={values} />
      <CheckoutBonus {...section} values={values} priced={priced} bonusBalance={bonusBalance} />
      {children}
    </form>
  );
}
