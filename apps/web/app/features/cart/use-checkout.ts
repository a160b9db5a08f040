import { itemOf, track } from '../../lib/analytics.tsx';
import { msg, PaymentMethod, storeMsg, type OrderBody, type OrderTotals, type StoreChain } from '@shop/domain';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useForm, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import { ApiError, type ApiFetch } from '../../api/client.ts';
import { createOrder, type OwnOrder } from '../../api/orders.ts';
import { getStoreMap } from '../../api/logistics.ts';
import { submitPaymentForm } from '../../lib/payment-form.ts';
import { useApi } from '../../api/use-api.ts';
import { useShopNavigate } from '../../components/shop-link.tsx';
import type { checkoutResolver } from './checkout-resolver.ts';
import {
  checkoutFieldOf,
  initialCheckoutValues,
  toOrderBody,
  typedBonus,
  type CheckoutContext,
  type CheckoutField,
  type CheckoutMember,
  type CheckoutValues,
} from './checkout-values.ts';
import { CART_CHANGED_EVENT } from './cart-keys.ts';
import { priceCart, type CartLineView, type CheckoutOffers } from './cart-view.ts';
import { createOrderAttempt } from './order-attempt.ts';
import { useOrderQuote, type OrderQuote } from './use-order-quote.ts';
import { saveCheckoutDraft, storeOfQuery, takeCheckoutDraft, withChosenStore, withoutStoreQuery } from './store-map.ts';
import { paysOnline, startPayment } from '../orders/start-payment.ts';

let resolverModule: Promise<{ checkoutResolver: typeof checkoutResolver }> | null = null;
/** Zod and the order schema arrive when the shopper first touches the form (cart page JS budget). */
export const loadCheckoutResolver = () => (resolverModule ??= import('./checkout-resolver.ts'));

const lazyCheckoutResolver: Resolver<CheckoutValues, CheckoutContext> = async (values, context, options) => {
  try {
    const loaded = await loadCheckoutResolver();
    return loaded.checkoutResolver(values, context, options);
  } catch {
    resolverModule = null;
    return { values, errors: {} }; // chunk failed to load: the server's identical rules answer instead
  }
};

/** The page path that shows an order's payment step and result (modules/payments: OrderResultURL). */
export const paymentResultPath = (orderId: number) => `/payment/result?order=${orderId}`;

export const checkoutMsg = {
  fixFields: '請修正標示的欄位後再送出',
  problemLines: '購物車中有目前無法購買的商品，請先移除或調整數量',
  sessionExpired: '登入已逾時，請重新登入後再結帳',
  network: '網路連線異常，訂單可能尚未成立，請再按一次「確認訂購」（不會重複下單）',
  paymentStart: '訂單已成立，正在前往付款頁面…',
  coupon: (why: string) => `優惠券無法使用：${why}。請移除優惠券或更換代碼後再送出`,
} as const;

export interface UseCheckoutOptions {
  lines: readonly CartLineView[];
  offers: CheckoutOffers;
  member: CheckoutMember | null;
  /** The influencer code the shopper arrived with (spec §2), sent with the order. */
  code: string | null;
}

type SetAlert = (text: string, tone?: 'error' | 'ok') => void;
type CheckoutForm = UseFormReturn<CheckoutValues, CheckoutContext>;

/** The form with the domain order schema; the resolver reads the points limit from `context`. */
function useCheckoutForm(member: CheckoutMember | null, context: RefObject<CheckoutContext>) {
  const resolver = useCallback<Resolver<CheckoutValues, CheckoutContext>>(
    (values, _context, options) => lazyCheckoutResolver(values, context.current, options),
    [context],
  );
  return useForm<CheckoutValues, CheckoutContext>({
    resolver,
    defaultValues: initialCheckoutValues(member),
    mode: 'onTouched',
  });
}

/** docs/decisions/061: the coupon applied in the cart, sent with the quote and the order. */
function useCouponChoice() {
  const [code, setCode] = useState<string | null>(null);
  const [refusal, setRefusal] = useState('');
  return {
    code,
    refusal,
    refuse: setRefusal,
    apply: (text: string) => {
      setRefusal('');
      setCode(text.trim().toUpperCase());
    },
    remove: () => {
      setRefusal('');
      setCode(null);
    },
  };
}

/** The coupon box's state: the order's refusal first (it may have raced), else what the quote said. */
function couponState(choice: ReturnType<typeof useCouponChoice>, quote: OrderQuote, priced: OrderTotals) {
  return {
    applied: choice.code,
    error: choice.refusal || (choice.code && quote.current ? (quote.last?.coupon_error ?? '') : ''),
    discount: quote.current ? priced.couponDiscount : 0,
    onApply: choice.apply,
    onRemove: choice.remove,
  };
}

/** Back from the store map (docs/decisions/053): what was typed before it opened, then the store it chose. */
function useStoreMapReturn(form: CheckoutForm) {
  useEffect(() => {
    const draft = takeCheckoutDraft();
    const chosen = storeOfQuery(window.location.search);
    if (!draft && !chosen) return;
    const values = { ...form.getValues(), ...draft, ...(chosen ? withChosenStore(chosen.token, chosen.store) : {}) };
    form.reset(values);
    if (chosen) window.history.replaceState(window.history.state, '', withoutStoreQuery(window.location.href));
  }, [form]);
}

/** 選擇門市: keeps the form in this tab and posts the chain's map form (ECPay's, or the simulator's). */
function useStoreMapOpener(
  api: ApiFetch,
  form: CheckoutForm,
  fail: (text: string) => void,
  setLeaving: (on: boolean) => void,
) {
  return useCallback(
    async (chain: StoreChain) => {
      fail('');
      const values = form.getValues();
      try {
        const mapForm = await getStoreMap(api, {
          chain,
          collect: values.payment_type === String(PaymentMethod.CashOnDelivery),
          phone: window.matchMedia?.('(max-width: 640px)').matches ?? false,
        });
        saveCheckoutDraft(values);
        setLeaving(true);
        submitPaymentForm(mapForm, {
          onBlocked: () => {
            setLeaving(false);
            fail(storeMsg.mapUnavailable);
          },
        });
      } catch (error) {
        setLeaving(false);
        fail(error instanceof ApiError && error.status === 401 ? checkoutMsg.sessionExpired : storeMsg.mapUnavailable);
      }
    },
    [api, form, fail, setLeaving],
  );
}

/**
 * The server's refusal of an order: its field errors land on the fields (the first gets the focus),
 * a coupon's on the coupon box. Returns the alert to show.
 */
function showRefusal(error: ApiError, form: CheckoutForm, refuseCoupon: (why: string) => void): string {
  if (error.status === 401) return checkoutMsg.sessionExpired;
  const unplaced: string[] = [];
  let first: CheckoutField | null = null;
  let couponProblem = '';
  for (const fieldError of error.errors) {
    if (fieldError.field === 'coupon_code') {
      couponProblem = fieldError.msg;
      refuseCoupon(fieldError.msg);
      continue;
    }
    const field = checkoutFieldOf(fieldError.field);
    if (field) {
      form.setError(field, { type: 'server', message: fieldError.msg });
      first ??= field;
    } else unplaced.push(fieldError.msg);
  }
  if (first) form.setFocus(first);
  // 409: a line can no longer be bought as it is; reload the lines so the page marks it.
  if (error.status === 409) window.dispatchEvent(new Event(CART_CHANGED_EVENT));
  if (couponProblem && !first && !unplaced.length) return checkoutMsg.coupon(couponProblem);
  return error.errors.length && !unplaced.length ? checkoutMsg.fixFields : [error.message, ...unplaced].join('；');
}

/** After the order: online payment goes to the provider, everything else to the result page. */
async function leaveForPayment(
  api: ApiFetch,
  order: OwnOrder,
  setAlert: SetAlert,
  setLeaving: (on: boolean) => void,
  navigate: (to: string) => void,
) {
  if (paysOnline(order.payment_type) && !order.is_payment && order.pay_amount > 0) {
    try {
      setLeaving(true);
      setAlert(checkoutMsg.paymentStart, 'ok');
      const placed = order.id;
      // A refused form leaves the shopper on the result page, which names the order and pays again.
      await startPayment(api, { id: placed, paymentType: order.payment_type }, () => {
        setLeaving(false);
        navigate(paymentResultPath(placed));
      });
      return;
    } catch {
      // The result page offers the payment button again.
      setLeaving(false);
    }
  }
  navigate(paymentResultPath(order.id));
}

/** The live totals: the server's quote for these choices once it answers, the same rule's estimate meanwhile. */
function useCheckoutTotals(
  api: ApiFetch,
  { lines, offers, code }: Pick<UseCheckoutOptions, 'lines' | 'offers' | 'code'>,
  form: CheckoutForm,
  couponCode: string | null,
) {
  const deliveryMethod = Number(useWatch({ control: form.control, name: 'delivery_method' }));
  const bonusText = useWatch({ control: form.control, name: 'use_bonus' }) ?? '';
  const useBonus = typedBonus(bonusText);
  const linesKey = lines.map((l) => `${l.key}:${l.qty}:${l.problem}`).join(',');
  const quote = useOrderQuote(
    api,
    { delivery_method: deliveryMethod, use_bonus: useBonus, code, coupon_code: couponCode },
    linesKey,
  );
  const levelPercent = quote.last?.level?.discount_percent ?? 0;
  const estimate = useMemo(
    () => priceCart(lines, offers, deliveryMethod, useBonus, levelPercent),
    [lines, offers, deliveryMethod, useBonus, levelPercent],
  );
  const priced: OrderTotals = quote.totals ?? estimate;
  return { quote, priced };
}

/**
 * The checkout of spec §2 /cart: the form (React Hook Form with the domain order schema), the live
 * totals, and POST /orders with one Idempotency-Key per attempt. The server's answer is the truth:
 * its 400 field errors land on the fields, its 409 message (naming the product) is shown as is.
 */
export function useCheckout({ lines, offers, member, code }: UseCheckoutOptions) {
  const api = useApi();
  const navigate = useShopNavigate();
  const [attempt] = useState(createOrderAttempt);
  const [alert, setAlertState] = useState<{ text: string; tone: 'error' | 'ok' }>({ text: '', tone: 'error' });
  const setAlert: SetAlert = (text, tone = 'error') => setAlertState({ text, tone });
  const [leaving, setLeaving] = useState(false);
  // The resolver reads the points limit of the current totals; kept fresh after every render.
  const context = useRef<CheckoutContext>({ bonusBalance: member?.bonus ?? 0, maxUsableBonus: 0 });
  const form = useCheckoutForm(member, context);
  const coupon = useCouponChoice();
  const { quote, priced } = useCheckoutTotals(api, { lines, offers, code }, form, coupon.code);
  useEffect(() => {
    context.current.bonusBalance = member?.bonus ?? 0;
    context.current.maxUsableBonus = priced.maxUsableBonus;
    context.current.payAmount = priced.payAmount;
  }, [member, priced.maxUsableBonus, priced.payAmount]);
  useStoreMapReturn(form);
  const failStoreMap = useCallback((text: string) => setAlertState({ text, tone: 'error' }), []);
  const openStoreMap = useStoreMapOpener(api, form, failStoreMap, setLeaving);

  const submit = form.handleSubmit(
    async (values) => {
      setAlert('');
      if (lines.length === 0) return setAlert(msg.emptyCart);
      if (lines.some((l) => l.problem !== '')) return setAlert(checkoutMsg.problemLines);
      const body = { ...toOrderBody(values, code), coupon_code: coupon.code } as unknown as OrderBody;
      const items = lines.map(itemOf);
      track('add_payment_info', {
        value: priced.payAmount,
        payment_type:
          msg.paymentMethodLabel[Number(values.payment_type) as PaymentMethod] ?? String(values.payment_type),
        items,
      });
      let order;
      try {
        order = await createOrder(api, body, attempt.key());
        attempt.settle(201);
      } catch (error) {
        if (!(error instanceof ApiError)) {
          attempt.settle(null);
          return setAlert(checkoutMsg.network);
        }
        attempt.settle(error.status);
        return setAlert(showRefusal(error, form, coupon.refuse));
      }
      // The server emptied the cart with the order: the badge and the lines reload.
      window.dispatchEvent(new Event(CART_CHANGED_EVENT));
      await leaveForPayment(api, order, setAlert, setLeaving, navigate);
    },
    () => setAlert(checkoutMsg.fixFields),
  );

  return {
    form,
    priced,
    level: quote.last?.level ?? null,
    coupon: couponState(coupon, quote, priced),
    submit,
    alert,
    busy: form.formState.isSubmitting || leaving,
    openStoreMap,
  };
}
