// What the shopper is told when the join of the guest cart at login kept less than the guest had
// (issue 20 item 11). The login page joins the cart and then loads the next page in full, so the words
// wait in this tab's session storage for whichever page the shopper lands on.

/** Session storage key of the notices not shown yet (a JSON list of strings). */
export const JOIN_NOTICES_KEY = 'cart_join_notices';
/** Fired when notices were stored while a page stays open (a join started by the badge or the cart page). */
export const JOIN_NOTICES_EVENT = 'shop:cart-join-notices';

export type NoticeStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function readNotices(storage: NoticeStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(JOIN_NOTICES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((n): n is string => typeof n === 'string' && n !== '') : [];
  } catch {
    return []; // a damaged value says nothing worth showing
  }
}

/** Adds notices after any not shown yet (two joins before a page shows them lose none). */
export function storeJoinNotices(storage: NoticeStorage, notices: readonly string[]): void {
  if (notices.length === 0) return;
  try {
    storage.setItem(JOIN_NOTICES_KEY, JSON.stringify([...readNotices(storage), ...notices]));
  } catch {
    // storage full or blocked: the page that joined still has them in its answer
  }
}

/** The notices waiting, removed from storage: a page shows them once. */
export function takeJoinNotices(storage: NoticeStorage): string[] {
  const notices = readNotices(storage);
  try {
    storage.removeItem(JOIN_NOTICES_KEY);
  } catch {
    // blocked storage: nothing was stored either
  }
  return notices;
}

/**
 * Tells the page it stays on that a join (by the header badge or the cart page) left notices. The
 * login page does not: its own banner would take them just before it loads the page they are for.
 */
export function announceJoinNotices(result: { notices: readonly string[] }): void {
  if (result.notices.length && typeof window !== 'undefined') window.dispatchEvent(new Event(JOIN_NOTICES_EVENT));
}

/** This tab's session storage, or null on the server and when the browser blocks it. */
export function browserNoticeStorage(): NoticeStorage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
