// Adding to the cart from the product, package and bundle pages (spec §4 Cart): a member's line goes to
// the server, a guest's into local storage with its product; afterwards the header badge updates.
import { CART_QTY_MAX, msg } from '@shop/domain';
import { ApiError, apiGet, type ApiFetch } from '../../api/client.ts';
import { addMemberCartLine, addMemberPackageLine } from '../../api/carts.ts';
import { CART_CHANGED_EVENT } from './cart-keys.ts';
import {
  addGuestPackage,
  addGuestProduct,
  readGuestCart,
  specExists,
  validQty,
  type CartStorage,
  type CatalogueProduct,
  type CataloguePackage,
} from './guest-cart.ts';

export interface CartTarget {
  kind: 'product' | 'package';
  id: number;
  /** The chosen spec; null for a package or a product without specs. */
  specId: number | null;
  qty: number;
}

export interface CartOwner {
  api: ApiFetch;
  /** The logged-in member, or null for a guest. */
  memberId: number | null;
  /** Local storage for guests (null when the browser blocks it). */
  storage: CartStorage | null;
}

/** A failure the shopper can read (zh-TW). */
export class CartError extends Error {
  override name = 'CartError';
}

/** spec §4: after each change the amount updates; listeners (the header badge) re-read the cart. */
export function notifyCartChanged(): void {
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

const UNAVAILABLE = '此商品目前無法購買';
const STORAGE_BLOCKED = '瀏覽器封鎖了網站資料，無法使用購物車；請登入會員或開啟網站資料後再試';

function readable(error: unknown): CartError {
  if (error instanceof CartError) return error;
  if (error instanceof ApiError) {
    if (error.status === 404) return new CartError(UNAVAILABLE);
    return new CartError(error.errors[0]?.msg ?? error.message);
  }
  return new CartError('網路連線異常，請稍後再試');
}

export async function addToCart(owner: CartOwner, target: CartTarget): Promise<void> {
  if (validQty(target.qty) === null) throw new CartError(msg.qtyRange);
  try {
    if (owner.memberId !== null) {
      if (target.kind === 'product') {
        await addMemberCartLine(owner.api, {
          members_id: owner.memberId,
          products_id: target.id,
          spec_id: target.specId,
          qty: target.qty,
        });
      } else {
        await addMemberPackageLine(owner.api, {
          members_id: owner.memberId,
          product_packages_id: target.id,
          qty: target.qty,
        });
      }
    } else {
      if (!owner.storage) throw new CartError(STORAGE_BLOCKED);
      await addGuestLine(owner.api, owner.storage, target);
    }
  } catch (error) {
    throw readable(error);
  }
  notifyCartChanged();
}

/**
 * What a guest's line may not pass, as the server refuses it for a member: the stock left (issue 20
 * item 11, named with what the cart already holds), then the line maximum (docs/decisions/009).
 */
function checkGuestSum(name: string, stock: number | null | undefined, inCart: number, qty: number): void {
  if (stock !== null && stock !== undefined && stock < inCart + qty) {
    throw new CartError(msg.stockLeft(name, stock, inCart));
  }
  if (inCart + qty > CART_QTY_MAX) throw new CartError(msg.qtyRange);
}

/** spec §3: a guest line carries its Product / ProductPackage, fetched fresh so it is known to exist. */
async function addGuestLine(api: ApiFetch, storage: CartStorage, target: CartTarget): Promise<void> {
  const cart = readGuestCart(storage);
  if (target.kind === 'product') {
    const product = await apiGet<CatalogueProduct>(api, `/products/${target.id}`);
    if (!specExists(product, target.specId)) throw new CartError('請選擇規格');
    const spec = product.product_specs.find((s) => s.id === target.specId);
    const existing = cart.lines.find((l) => l.products_id === target.id && l.spec_id === target.specId);
    checkGuestSum(spec ? `${product.name} ${spec.name}` : product.name, spec?.stock, existing?.qty ?? 0, target.qty);
    addGuestProduct(storage, product, target.specId, target.qty);
  } else {
    const pkg = await apiGet<CataloguePackage>(api, `/product-package/${target.id}`);
    const existing = cart.packages.find((l) => l.product_packages_id === target.id);
    checkGuestSum(pkg.name, pkg.stock, existing?.qty ?? 0, target.qty);
    addGuestPackage(storage, pkg, target.qty);
  }
}
