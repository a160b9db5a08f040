// The cart page's lines, the same shape for a guest's local cart and a member's server cart, and the
// input of the domain's priceOrder (docs/decisions/009: one pricing rule for the page and the order).
import {
  lineQtyLimit,
  priceOrder,
  type BundleOffer,
  type CelebrityDiscount,
  type PackageLineInput,
  type PricedOrder,
  type ProductBundle,
  type ProductLineInput,
  type ShippingSettings,
  type SystemSettings,
  type StoreChain,
  type InstallmentPlanView,
} from '@shop/domain';
import type { MemberCartLine, MemberPackageLine } from '../../api/carts.ts';
import { packageHref, productHref } from '../../lib/catalogue-links.ts';
import { imageUrl } from '../../lib/image-url.ts';
import type { GuestCart } from './guest-cart.ts';

export interface CartLineView {
  /** Unique across both kinds, for React keys. */
  key: string;
  kind: 'product' | 'package';
  /** The cart line's id (a timestamp for guests). */
  id: number;
  /** Product or package id. */
  itemId: number;
  specId: number | null;
  name: string;
  specName: string;
  image: string;
  href: string;
  /** NT$ sale price of one unit now (before any discount). */
  salePrice: number;
  /** NT$ list price, shown struck through when higher. */
  listPrice: number;
  qty: number;
  /** Most units the line may hold: the stock left when known (issue 20 item 11), else the line maximum. */
  maxQty: number;
  /** Why the line cannot be ordered now; '' when it can. */
  problem: string;
}

type SpecLike = { id: number; name: string; price: number; on_sale_price: number; stock?: number | null };
/** What a cart line shows of a product or a package. */
type ItemLike = { id: number; name: string; banner: string; pics?: string[]; price: number; on_sale_price: number };
type ProductLike = ItemLike & { product_type_ids?: number[]; product_specs?: SpecLike[] };

const PROBLEM_TEXT: Record<string, string> = {
  unavailable: '此商品目前無法購買，請移除',
  out_of_stock: '庫存不足，請減少數量或移除',
};

function productLine(
  line: { id: number; products_id: number; spec_id: number | null; qty: number },
  product: ProductLike,
  problem: string,
): CartLineView {
  const spec = product.product_specs?.find((s) => s.id === line.spec_id) ?? null;
  return {
    key: `p-${line.id}`,
    kind: 'product',
    id: line.id,
    itemId: line.products_id,
    specId: line.spec_id,
    name: product.name,
    specName: spec?.name ?? '',
    image: imageUrl(product.pics?.[0] || product.banner),
    href: productHref(product),
    salePrice: spec ? spec.on_sale_price : product.on_sale_price,
    listPrice: spec ? spec.price : product.price,
    qty: line.qty,
    maxQty: lineQtyLimit(spec?.stock),
    problem,
  };
}

function packageLine(
  line: { id: number; product_packages_id: number; qty: number },
  pkg: ItemLike & { stock?: number | null },
  problem: string,
): CartLineView {
  return {
    key: `k-${line.id}`,
    kind: 'package',
    id: line.id,
    itemId: line.product_packages_id,
    specId: null,
    name: pkg.name,
    specName: '',
    image: imageUrl(pkg.pics?.[0] || pkg.banner),
    href: packageHref(pkg),
    salePrice: pkg.on_sale_price,
    listPrice: pkg.price,
    qty: line.qty,
    maxQty: lineQtyLimit(pkg.stock),
    problem,
  };
}

/** A guest's lines (already pruned against the catalogue), product lines first, in the order added. */
export function guestCartView(cart: GuestCart): CartLineView[] {
  // A guest's line above the stock the catalogue last gave is flagged as a member's would be.
  const checked = (line: CartLineView) =>
    line.qty > line.maxQty ? { ...line, problem: PROBLEM_TEXT.out_of_stock! } : line;
  return [
    ...cart.lines.map((l) => checked(productLine(l, l.product, ''))),
    ...cart.packages.map((l) => checked(packageLine(l, l.product_package, ''))),
  ];
}

/** A member's server lines; the server already dropped lines whose product or spec is gone (spec §4). */
export function memberCartView(
  lines: readonly MemberCartLine[],
  packages: readonly MemberPackageLine[],
): CartLineView[] {
  return [
    ...lines.map((l) => productLine(l, l.product, PROBLEM_TEXT[l.problem ?? ''] ?? '')),
    ...packages.map((l) => packageLine(l, l.product_package, PROBLEM_TEXT[l.problem ?? ''] ?? '')),
  ];
}

/** The influencer of the code the shopper arrived with (spec §5 celebrity discount). */
export interface CelebrityOffer {
  code: string;
  name: string;
  discount: CelebrityDiscount | null;
  /** Products the influencer recommends: the only ones their discount applies to (decision 009). */
  productIds: number[];
}

/** priceOrder's line inputs; lines that cannot be ordered now are left out of the totals. */
export function pricingLines(
  lines: readonly CartLineView[],
  celebrity: CelebrityOffer | null,
): { products: ProductLineInput[]; packages: PackageLineInput[] } {
  const recommended = new Set(celebrity?.discount ? celebrity.productIds : []);
  const orderable = lines.filter((l) => l.problem === '');
  return {
    products: orderable
      .filter((l) => l.kind === 'product')
      .map((l) => ({
        productId: l.itemId,
        specId: l.specId,
        name: l.name,
        specName: l.specName,
        salePrice: l.salePrice,
        qty: l.qty,
        celebrity: recommended.has(l.itemId),
      })),
    packages: orderable
      .filter((l) => l.kind === 'package')
      .map((l) => ({ packageId: l.itemId, name: l.name, salePrice: l.salePrice, qty: l.qty })),
  };
}

/** Bundles in activity as priceOrder takes them (the server's order: index_id, then id). */
export function bundleOffers(bundles: readonly ProductBundle[]): BundleOffer[] {
  return bundles.flatMap((b) =>
    b.discount ? [{ id: b.id, title: b.title, discount: b.discount, productIds: b.product_ids ?? [] }] : [],
  );
}

/** What lowers or adds to the cart's price besides its lines (loaded with the cart page). */
export interface CheckoutOffers {
  bundles: BundleOffer[];
  celebrity: CelebrityOffer | null;
  shipping: ShippingSettings;
  /** Payment methods the checkout lists (GET /payment-methods), in their order. */
  paymentMethods: readonly number[];
  /** Convenience-store chains of the shop's ECPay contract (GET /logistics/store-chains); all four when absent. */
  storeChains?: readonly StoreChain[];
  /** Card installments the owner offers (GET /installment-plan); none when absent. */
  installmentPlan?: InstallmentPlanView;
}

/** Shipping settings of the system settings; without them shipping costs nothing extra. */
export function shippingSettingsOf(settings: Partial<SystemSettings> | null | undefined): ShippingSettings {
  const fee = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0);
  const threshold = settings?.free_shipping_threshold;
  return {
    shippingFee: fee(settings?.shipping_fee),
    lowTempShippingFee: fee(settings?.low_temp_shipping_fee),
    freeShippingThreshold: typeof threshold === 'number' && Number.isFinite(threshold) ? threshold : null,
  };
}

/** The cart priced exactly as POST /orders will price it (docs/decisions/009). */
export function priceCart(
  lines: readonly CartLineView[],
  offers: CheckoutOffers,
  deliveryMethod: number,
  useBonus = 0,
  /** The member level's percent off, as the server's last quote said (docs/decisions/061). */
  levelDiscountPercent = 0,
): PricedOrder {
  const { products, packages } = pricingLines(lines, offers.celebrity);
  return priceOrder({
    products,
    packages,
    bundles: offers.bundles,
    celebrityDiscount: offers.celebrity?.discount ?? null,
    deliveryMethod,
    shipping: offers.shipping,
    useBonus,
    levelDiscountPercent,
  });
}
