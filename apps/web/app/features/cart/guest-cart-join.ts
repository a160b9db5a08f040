// spec §4 / issue 6: guest lines join the member cart at login. Detected on the client — a logged-in
// page that still finds guest lines in local storage posts them to the member cart, then clears them —
// so it works whichever way the shopper logged in (login page, registration, another tab).
import { CART_MERGE_LINES_MAX, mergeNotice, msg, type CartMergeAnswer } from '@shop/domain';
import { ApiError, type ApiFetch } from '../../api/client.ts';
import { mergeGuestLines } from '../../api/carts.ts';
import { CART_KEY, PACKAGE_CART_KEY } from './cart-keys.ts';
import {
  clearGuestCart,
  guestCartIsEmpty,
  readGuestCart,
  type CartStorage,
  type GuestCartLine,
  type GuestPackageLine,
} from './guest-cart.ts';
import { browserNoticeStorage, storeJoinNotices, type NoticeStorage } from './join-notices.ts';

export interface JoinResult {
  /** Lines now in the member cart, all of them or what the stock allowed. */
  joined: number;
  /** Lines left out (sold out, no longer sold): dropped. */
  refused: number;
  /** Lines kept in local storage for the next try (network or server trouble). */
  kept: number;
  /** What the shopper is told: each line that joined with less than the guest had, or not at all. */
  notices: string[];
}

let running: Promise<JoinResult> | null = null;

/**
 * Sends the guest lines to the member's cart (the server sums a product + spec / package that is
 * already there, up to the stock left) and removes what it took. The keys are cleared before sending,
 * so a second tab doing the same finds nothing and no line is added twice; lines that could not be
 * sent are written back. One run at a time per page. Issue 20 item 11: what the server kept less of is
 * said on the page the shopper lands on (join-notices.ts), not only in the console.
 */
export function joinGuestCart(
  api: ApiFetch,
  memberId: number,
  storage: CartStorage,
  notices: NoticeStorage | null = browserNoticeStorage(),
): Promise<JoinResult> {
  running ??= run(api, memberId, storage, notices).finally(() => {
    running = null;
  });
  return running;
}

/** The guest's own name for a line, for a product the shop no longer names. */
const productName = (line: GuestCartLine) => {
  const spec = line.product.product_specs.find((s) => s.id === line.spec_id);
  return spec ? `${line.product.name} ${spec.name}` : line.product.name;
};

/** 4xx other than 401/408/429: the lines themselves are unacceptable; sending them again will not help. */
const refusedOutright = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);

async function run(
  api: ApiFetch,
  memberId: number,
  storage: CartStorage,
  noticeStorage: NoticeStorage | null,
): Promise<JoinResult> {
  const cart = readGuestCart(storage);
  const result: JoinResult = { joined: 0, refused: 0, kept: 0, notices: [] };
  clearGuestCart(storage); // also drops a corrupt value, already logged by readGuestCart
  if (guestCartIsEmpty(cart)) return result;
  const keepLines: GuestCartLine[] = [];
  const keepPackages: GuestPackageLine[] = [];
  const tally = (merged: CartMergeAnswer['lines'][number] | CartMergeAnswer['packages'][number], name: string) => {
    const joined = merged.outcome === 'added' || merged.outcome === 'capped';
    result[joined ? 'joined' : 'refused'] += 1;
    const notice = mergeNotice({ ...merged, name: merged.name || name });
    if (notice) result.notices.push(notice);
  };
  // One call per CART_MERGE_LINES_MAX lines of each kind: a cart that large is rare.
  const size = Math.max(cart.lines.length, cart.packages.length);
  for (let start = 0; start < size; start += CART_MERGE_LINES_MAX) {
    const lines = cart.lines.slice(start, start + CART_MERGE_LINES_MAX);
    const packages = cart.packages.slice(start, start + CART_MERGE_LINES_MAX);
    let answer: CartMergeAnswer;
    try {
      answer = await mergeGuestLines(api, {
        members_id: memberId,
        lines: lines.map((l) => ({ products_id: l.products_id, spec_id: l.spec_id, qty: l.qty })),
        packages: packages.map((l) => ({ product_packages_id: l.product_packages_id, qty: l.qty })),
      });
    } catch (error) {
      if (refusedOutright(error)) {
        result.refused += lines.length + packages.length;
        for (const l of lines) result.notices.push(msg.mergeUnavailable(productName(l)));
        for (const l of packages) result.notices.push(msg.mergeUnavailable(l.product_package.name));
      } else {
        result.kept += lines.length + packages.length;
        keepLines.push(...lines);
        keepPackages.push(...packages);
      }
      continue;
    }
    answer.lines.forEach((merged, i) => tally(merged, lines[i] ? productName(lines[i]) : ''));
    answer.packages.forEach((merged, i) => tally(merged, packages[i]?.product_package.name ?? ''));
  }
  if (keepLines.length) storage.setItem(CART_KEY, JSON.stringify(keepLines));
  if (keepPackages.length) storage.setItem(PACKAGE_CART_KEY, JSON.stringify(keepPackages));
  // Stored, not announced: the login page loads the next page right away, and the notices are for it.
  if (noticeStorage) storeJoinNotices(noticeStorage, result.notices);
  return result;
}
