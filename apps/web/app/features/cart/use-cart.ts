import { itemOf, track } from '../../lib/analytics.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useApi } from '../../api/use-api.ts';
import { guestCartCount } from './cart-count.ts';
import { CART_CHANGED_EVENT, CART_KEY, PACKAGE_CART_KEY } from './cart-keys.ts';
import { browserCartStorage } from './cart-owner.ts';
import {
  loadCartLines,
  loadGuestLines,
  removeAllLines,
  removeLine,
  setLineQty,
  storedGuestLines,
  type CartSource,
} from './cart-source.ts';
import type { CartLineView } from './cart-view.ts';
import type { LineKind } from './guest-cart.ts';

const cartKey = (memberId: number | null) => ['cart', memberId ?? 'guest'] as const;

/** Re-reads whether guest lines wait in local storage whenever a cart changes (here or in another tab). */
function subscribeToCarts(onChange: () => void) {
  window.addEventListener(CART_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CART_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * The cart page's lines with edit and delete. spec §4: after each change the cart reloads and the
 * amount updates — every change fires the cart-changed event, which reloads this list and the badge.
 * A member's lines may come rendered by the server (`initialLines`); a guest's stored lines show at
 * once in the browser, and the catalogue then confirms them.
 */
export function useCart(memberId: number | null, initialLines?: CartLineView[]) {
  const api = useApi();
  const client = useQueryClient();
  const key = cartKey(memberId);
  const source = useMemo<CartSource>(
    () => ({ api, memberId, storage: typeof window === 'undefined' ? null : browserCartStorage() }),
    [api, memberId],
  );

  const query = useQuery({
    queryKey: key,
    // A guest's lines are read from local storage, no request; a member's from the server.
    queryFn: memberId === null ? async () => storedGuestLines(source.storage) : () => loadCartLines(source),
    // Local storage exists only in the browser: the server renders the loading state (or a member's
    // lines it read itself).
    enabled: typeof window !== 'undefined',
    initialData: initialLines,
  });

  // spec §4: once per page, a guest's stored lines are checked against the catalogue; lines whose
  // product, spec or package is gone are dropped, the others take its current names and prices.
  useEffect(() => {
    if (memberId !== null || !source.storage) return;
    let alive = true;
    loadGuestLines(source.api, source.storage).then(
      (lines) => alive && client.setQueryData(cartKey(null), lines),
      () => undefined, // offline: the stored lines stay
    );
    return () => {
      alive = false;
    };
  }, [memberId, source, client]);

  // spec §4: right after a login the guest's lines still wait in this browser: the member's lines the
  // server rendered are not the whole cart yet. Load again (joining them first) and say so meanwhile.
  const guestLinesWaiting = useSyncExternalStore(
    subscribeToCarts,
    () => (source.storage ? guestCartCount(source.storage) > 0 : false),
    () => false,
  );
  const joining = memberId !== null && guestLinesWaiting;
  useEffect(() => {
    if (joining) void client.invalidateQueries({ queryKey: cartKey(memberId) });
  }, [joining, client, memberId]);

  useEffect(() => {
    const reload = () => void client.invalidateQueries({ queryKey: ['cart'] });
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === CART_KEY || event.key === PACKAGE_CART_KEY) reload();
    };
    window.addEventListener(CART_CHANGED_EVENT, reload);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(CART_CHANGED_EVENT, reload);
      window.removeEventListener('storage', onStorage);
    };
  }, [client]);

  const changed = () => window.dispatchEvent(new Event(CART_CHANGED_EVENT));

  const setQty = useMutation({
    mutationFn: ({ kind, id, qty }: { kind: LineKind; id: number; qty: number }) => setLineQty(source, kind, id, qty),
    // Show the new quantity at once; the reload after the change confirms it (or restores the old one).
    onMutate: ({ kind, id, qty }) => {
      client.setQueryData<CartLineView[]>(key, (lines) =>
        lines?.map((l) => (l.kind === kind && l.id === id ? { ...l, qty } : l)),
      );
    },
    onSettled: changed,
  });

  const remove = useMutation({
    mutationFn: ({ kind, id }: { kind: LineKind; id: number }) => removeLine(source, kind, id),
    onMutate: ({ kind, id }) => {
      const gone = client.getQueryData<CartLineView[]>(key)?.find((l) => l.kind === kind && l.id === id);
      if (gone) track('remove_from_cart', { value: gone.salePrice * gone.qty, items: [itemOf(gone)] });
      client.setQueryData<CartLineView[]>(key, (lines) => lines?.filter((l) => !(l.kind === kind && l.id === id)));
    },
    onSettled: changed,
  });

  const removeAll = useMutation({
    mutationFn: () => removeAllLines(source),
    onSettled: changed,
  });

  return { query, setQty, remove, removeAll, joining: joining && query.isFetching };
}
