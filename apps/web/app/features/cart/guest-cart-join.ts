// spec §4 / issue 6: guest lines join the member cart at login. Detected on the client — a logged-in
// page that still finds guest lines in local storage posts them to the member cart, then clears them —
// so it works whichever way the shopper logged in (login page, registration, another tab).
import { ApiError, type ApiFetch } from '../../api/client.ts';
import { addMemberCartLine, addMemberPackageLine } from '../../api/carts.ts';
import { CART_KEY, PACKAGE_CART_KEY } from './cart-keys.ts';
import {
  clearGuestCart,
  guestCartIsEmpty,
  readGuestCart,
  type CartStorage,
  type GuestCartLine,
  type GuestPackageLine,
} from './guest-cart.ts';

export interface JoinResult {
  /** Lines now in the member cart. */
  joined: number;
  /** Lines the server refused (product gone, quantity over the limit): dropped. */
  refused: number;
  /** Lines kept in local storage for the next try (network or server trouble). */
  kept: number;
}

let running: Promise<JoinResult> | null = null;

/**
 * Posts every guest line to the member's cart (the server sums a product + spec / package that is
 * already there) and removes what joined. The keys are cleared before posting, so a second tab doing
 * the same finds nothing and no line is added twice; lines that could not be sent are written back.
 * One run at a time per page.
 */
export function joinGuestCart(api: ApiFetch, memberId: number, storage: CartStorage): Promise<JoinResult> {
  running ??= run(api, memberId, storage).finally(() => {
    running = null;
  });
  return running;
}

async function run(api: ApiFetch, memberId: number, storage: CartStorage): Promise<JoinResult> {
  const cart = readGuestCart(storage);
  const result: JoinResult = { joined: 0, refused: 0, kept: 0 };
  if (guestCartIsEmpty(cart)) {
    clearGuestCart(storage); // also drops a corrupt value, already logged by readGuestCart
    return result;
  }
  clearGuestCart(storage);
  const keepLines: GuestCartLine[] = [];
  const keepPackages: GuestPackageLine[] = [];
  const outcome = async (send: () => Promise<unknown>): Promise<'joined' | 'refused' | 'kept'> => {
    try {
      await send();
      return 'joined';
    } catch (error) {
      // 4xx other than 401/429: the line itself is unacceptable (gone, inactive, qty); retrying will not help.
      const refused =
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        ![401, 408, 429].includes(error.status);
      return refused ? 'refused' : 'kept';
    }
  };
  // One by one: the server merges into existing lines, and a cart has few lines.
  for (const line of cart.lines) {
    const r = await outcome(() =>
      addMemberCartLine(api, {
        members_id: memberId,
        products_id: line.products_id,
        spec_id: line.spec_id,
        qty: line.qty,
      }),
    );
    result[r] += 1;
    if (r === 'kept') keepLines.push(line);
  }
  for (const line of cart.packages) {
    const r = await outcome(() =>
      addMemberPackageLine(api, { members_id: memberId, product_packages_id: line.product_packages_id, qty: line.qty }),
    );
    result[r] += 1;
    if (r === 'kept') keepPackages.push(line);
  }
  if (keepLines.length) storage.setItem(CART_KEY, JSON.stringify(keepLines));
  if (keepPackages.length) storage.setItem(PACKAGE_CART_KEY, JSON.stringify(keepPackages));
  if (result.refused) console.warn(`購物車合併：${result.refused} 筆商品已無法購買，未加入會員購物車`);
  return result;
}
