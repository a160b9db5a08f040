import { totalsOfQuote, type OrderQuoteView, type OrderTotals } from '@shop/domain';
import { useEffect, useState } from 'react';
import { previewOrder } from '../../api/orders.ts';
import type { ApiFetch } from '../../api/client.ts';

/** Quiet time after the last change (a typed points figure, a delivery method) before asking. */
const ASK_AFTER_MS = 250;

export interface QuoteRequest {
  delivery_method: number;
  use_bonus: number;
  code: string | null;
  /** The coupon code applied in the cart (docs/decisions/061); null = none. */
  coupon_code: string | null;
}

export interface OrderQuote {
  /** The totals for exactly these choices and lines; null while that answer is on its way. */
  totals: OrderTotals | null;
  /** The last answer, whatever it was for: the member's level and what it said of the coupon. */
  last: Pick<OrderQuoteView, 'level' | 'coupon_error' | 'coupon_discount'> | null;
  /** Whether `last` answers exactly these choices. */
  current: boolean;
}

/**
 * The server's totals of the member's cart (POST /orders-preview, issue 15 item 3): the checkout
 * shows what the order will cost as the server prices it, with the offers and settings of this
 * moment. Until the answer for exactly these choices and these lines arrives (or when the server
 * cannot answer) it is null, and the page shows its own estimate from the same domain rule.
 */
export function useOrderQuote(api: ApiFetch, request: QuoteRequest, linesKey: string): OrderQuote {
  const { delivery_method, use_bonus, code, coupon_code } = request;
  const key = `${delivery_method}|${use_bonus}|${code ?? ''}|${coupon_code ?? ''}|${linesKey}`;
  const [answer, setAnswer] = useState<{ key: string; totals: OrderTotals; quote: OrderQuoteView } | null>(null);

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      previewOrder(api, { delivery_method, use_bonus, code, coupon_code }).then(
        (quote) => current && setAnswer({ key, totals: totalsOfQuote(quote), quote }),
        () => undefined, // the estimate stays; POST /orders prices the order itself either way
      );
    }, ASK_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, key, delivery_method, use_bonus, code, coupon_code]);

  const current = answer?.key === key;
  return { totals: current ? answer.totals : null, last: answer?.quote ?? null, current };
}
