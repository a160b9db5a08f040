// Leaving the checkout for a chain's store map and coming back (issue 17 item 1, docs/decisions/053):
// what the shopper typed is kept in this tab's sessionStorage while the map is open, and the map's
// reply brings the store back as /cart?store=<token>, which fills the store fields. The token is
// read here only to show the store; the server checks its signature when the order is placed.
import { DeliveryMethod, readStoreToken, type ChosenStore, type StoreChain } from '@shop/domain';
import type { CheckoutValues } from './checkout-values.ts';

const DRAFT_KEY = 'shop:checkout-draft';
/** A draft older than the map's ticket is of another visit: not restored. */
const DRAFT_LIFETIME_MS = 2 * 3600_000;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

const session = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage refused (privacy settings): the map still works, the form starts afresh
  }
};

/** Keeps the form's values while the shopper is on the map. */
export function saveCheckoutDraft(values: CheckoutValues, now = Date.now(), storage = session()): void {
  try {
    storage?.setItem(DRAFT_KEY, JSON.stringify({ savedAt: now, values }));
  } catch {
    // full or refused: nothing to keep
  }
}

/** The values kept before the map opened (once: the draft is removed), or null. */
export function takeCheckoutDraft(now = Date.now(), storage = session()): Partial<CheckoutValues> | null {
  let text: string | null = null;
  try {
    text = storage?.getItem(DRAFT_KEY) ?? null;
    storage?.removeItem(DRAFT_KEY);
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as { savedAt?: unknown; values?: unknown };
    if (typeof draft.savedAt !== 'number' || now - draft.savedAt > DRAFT_LIFETIME_MS) return null;
    if (!draft.values || typeof draft.values !== 'object') return null;
    // Only text values of the form's own fields.
    return Object.fromEntries(
      Object.entries(draft.values as Record<string, unknown>).filter(([, v]) => typeof v === 'string'),
    ) as Partial<CheckoutValues>;
  } catch {
    return null;
  }
}

/** The store of `?store=` in a URL's query, or null. */
export function storeOfQuery(search: string): { token: string; store: ChosenStore } | null {
  const token = new URLSearchParams(search).get('store');
  const store = token ? readStoreToken(token) : null;
  return token && store ? { token, store } : null;
}

/** The form's values with the chosen store in them (and store pickup chosen). */
export function withChosenStore(token: string, store: ChosenStore): Partial<CheckoutValues> {
  return {
    delivery_method: String(DeliveryMethod.ConvenienceStore),
    store_chain: store.chain,
    store_id: store.id,
    store_name: store.name,
    store_address: store.address,
    store_token: token,
  };
}

/** Nothing chosen: what choosing another chain does to the store fields. */
export const NO_STORE: Pick<CheckoutValues, 'store_id' | 'store_name' | 'store_address' | 'store_token'> = {
  store_id: '',
  store_name: '',
  store_address: '',
  store_token: '',
};

/** The URL without its `store` parameter, so a reload does not choose the store again. */
export function withoutStoreQuery(url: string): string {
  const u = new URL(url);
  u.searchParams.delete('store');
  return u.pathname + u.search + u.hash;
}

export const isStoreChain = (value: string, offered: readonly StoreChain[]): value is StoreChain =>
  (offered as readonly string[]).includes(value);
