// The add-to-cart control of the product, package and bundle pages. The catalogue pages render this
// slot; the cart feature owns what it does (features/cart/add-to-cart.tsx).
import { AddToCart } from '../../features/cart/add-to-cart.tsx';

export interface AddToCartSlotProps {
  kind: 'product' | 'package';
  id: number;
  /** The chosen spec; null for a package or a product without specs. */
  specId: number | null;
  qty: number;
  disabled?: boolean;
  /** What the analytics call it (issue 43 item 5); no add_to_cart event without it. */
  item?: { name: string; specName: string; price: number };
}

export function AddToCartSlot(props: AddToCartSlotProps) {
  return <AddToCart {...props} />;
}

export default AddToCartSlot;
