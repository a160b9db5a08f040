// spec §4, §9: a guest's cart lives in local storage — product lines under `carts`, package lines
// under `package_carts` — as the Cart item / Package cart item shapes of spec §3, each guest line
// carrying its Product / ProductPackage. Pure functions over a Storage-like object so they run in
// tests and stay out of server rendering.
import { CART_QTY_MAX, type ProductSpecDetail } from '@shop/domain';
import type { Product, ProductPackage } from '../../api/types.ts';
import { CART_KEY, PACKAGE_CART_KEY } from './cart-keys.ts';

/** Largest quantity one line holds, as on the server (docs/decisions/009). */
export const MAX_LINE_QTY = CART_QTY_MAX;

export type CartStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A spec as a guest line keeps it; `stock` (units left, null = not tracked) caps the line's quantity. */
export type SpecSnapshot = Pick<ProductSpecDetail, 'id' | 'name' | 'price' | 'on_sale_price' | 'stock'>;

/** A product as the catalogue answers it: its specs may say how many are left. */
export type CatalogueProduct = Omit<Product, 'product_specs'> & { product_specs: SpecSnapshot[] };
export type CataloguePackage = ProductPackage & { stock?: number | null };

/** What a guest line keeps of its product: enough to show and price it until the catalogue answers. */
export type ProductSnapshot = Pick<
  Product,
  'id' | 'name' | 'banner' | 'price' | 'on_sale_price' | 'status' | 'internet_celebrity'
> & { pics: string[]; product_specs: SpecSnapshot[] };

export type PackageSnapshot = Pick<ProductPackage, 'id' | 'name' | 'banner' | 'price' | 'on_sale_price' | 'status'> & {
  pics: string[];
  /** Units left when the catalogue last answered; null or absent = not tracked (or stored before it was kept). */
  stock?: number | null;
};

/** spec §3 Cart item as a guest stores it (members_id 0 = guest). */
export interface GuestCartLine {
  id: number;
  members_id: 0;
  products_id: number;
  spec_id: number | null;
  qty: number;
  product: ProductSnapshot;
}

/** spec §3 Package cart item as a guest stores it. */
export interface GuestPackageLine {
  id: number;
  members_id: 0;
  product_packages_id: number;
  qty: number;
  product_package: PackageSnapshot;
}

export interface GuestCart {
  lines: GuestCartLine[];
  packages: GuestPackageLine[];
}

export function toProductSnapshot(p: CatalogueProduct | ProductSnapshot): ProductSnapshot {
  return {
    id: p.id,
    name: p.name,
    banner: p.banner,
    price: p.price,
    on_sale_price: p.on_sale_price,
    product_specs: (p.product_specs ?? []).map(({ id, name, price, on_sale_price, stock }) => ({
      id,
      name,
      price,
      on_sale_price,
      stock: stock ?? null,
    })),
    status: p.status,
    internet_celebrity: Boolean(p.internet_celebrity),
    pics: (p.pics ?? []).slice(0, 1),
  };
}

export function toPackageSnapshot(p: CataloguePackage | PackageSnapshot): PackageSnapshot {
  return {
    id: p.id,
    name: p.name,
    banner: p.banner,
    price: p.price,
    on_sale_price: p.on_sale_price,
    status: p.status,
    pics: (p.pics ?? []).slice(0, 1),
    stock: p.stock ?? null,
  };
}

/** A whole quantity in 1…MAX_LINE_QTY, or null for anything else (0, -1, 1.5, NaN, '2'). */
export function validQty(qty: unknown): number | null {
  return typeof qty === 'number' && Number.isInteger(qty) && qty >= 1 && qty <= MAX_LINE_QTY ? qty : null;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function isProductLine(v: unknown): v is GuestCartLine {
  return (
    isObject(v) &&
    isId(v.id) &&
    isId(v.products_id) &&
    (v.spec_id === null || isId(v.spec_id)) &&
    validQty(v.qty) !== null &&
    isObject(v.product) &&
    v.product.id === v.products_id
  );
}

function isPackageLine(v: unknown): v is GuestPackageLine {
  return (
    isObject(v) &&
    isId(v.id) &&
    isId(v.product_packages_id) &&
    validQty(v.qty) !== null &&
    isObject(v.product_package) &&
    v.product_package.id === v.product_packages_id
  );
}

/**
 * The lines stored under `key`. spec §4: a corrupt value (not JSON, not a list) is logged and treated
 * as empty; single entries that are not cart lines are left out.
 */
function readList<T>(storage: Pick<Storage, 'getItem'>, key: string, isLine: (v: unknown) => v is T): T[] {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return []; // storage disabled (private mode, blocked cookies)
  }
  if (raw === null || raw === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    console.warn(`購物車資料損毀（${key}），視為空車`, error);
    return [];
  }
  if (!Array.isArray(parsed)) {
    console.warn(`購物車資料損毀（${key}），視為空車`);
    return [];
  }
  const lines = parsed.filter(isLine);
  if (lines.length !== parsed.length) console.warn(`購物車有 ${parsed.length - lines.length} 筆無法辨識的資料，已略過`);
  return lines;
}

/** Writes a list; an empty list removes the key (spec §4: deleting all removes the key). */
function writeList(storage: CartStorage, key: string, list: readonly unknown[]): void {
  if (list.length === 0) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(list));
}

export function readGuestCart(storage: Pick<Storage, 'getItem'>): GuestCart {
  return {
    lines: readList(storage, CART_KEY, isProductLine),
    packages: readList(storage, PACKAGE_CART_KEY, isPackageLine),
  };
}

export function guestCartIsEmpty(cart: GuestCart): boolean {
  return cart.lines.length === 0 && cart.packages.length === 0;
}

/** spec §9: guest cart ids are timestamps; two adds in the same millisecond still get distinct ids. */
export function nextTimestampId(taken: Iterable<number>, now: number): number {
  const used = new Set(taken);
  let id = Math.floor(now);
  while (used.has(id)) id += 1;
  return id;
}

/** Sums two quantities, capped at MAX_LINE_QTY. */
const sumQty = (a: number, b: number) => Math.min(MAX_LINE_QTY, a + b);

/** How one kind of guest line (product or package) is kept, found and refreshed. */
interface GuestLineKind<Line> {
  key: string;
  isLine: (v: unknown) => v is Line;
  isSameItem: (line: Line) => boolean;
  /** The line's snapshot replaced with the catalogue's current one. */
  refresh: (line: Line) => void;
  newLine: (id: number) => Line;
}

/**
 * spec §4: an item already in the cart has the quantity summed into its line (its snapshot refreshed);
 * otherwise it gets a new line with a timestamp id. Returns the changed line. Throws RangeError for an
 * invalid qty.
 */
function addGuestLine<Line extends { id: number; qty: number }>(
  storage: CartStorage,
  kind: GuestLineKind<Line>,
  qty: number,
  now: number,
): Line {
  if (validQty(qty) === null) throw new RangeError(`invalid qty ${qty}`);
  const lines = readList(storage, kind.key, kind.isLine);
  let line = lines.find(kind.isSameItem);
  if (line) {
    line.qty = sumQty(line.qty, qty);
    kind.refresh(line);
  } else {
    line = kind.newLine(
      nextTimestampId(
        lines.map((l) => l.id),
        now,
      ),
    );
    lines.push(line);
  }
  writeList(storage, kind.key, lines);
  return line;
}

/**
 * spec §4: adding the same product and spec sums the quantity into the existing line; otherwise a new
 * line with a timestamp id. Returns the changed line. Throws RangeError for an invalid qty.
 */
export function addGuestProduct(
  storage: CartStorage,
  product: CatalogueProduct | ProductSnapshot,
  specId: number | null,
  qty: number,
  now: number = Date.now(),
): GuestCartLine {
  return addGuestLine<GuestCartLine>(
    storage,
    {
      key: CART_KEY,
      isLine: isProductLine,
      isSameItem: (l) => l.products_id === product.id && l.spec_id === specId,
      refresh: (l) => {
        l.product = toProductSnapshot(product);
      },
      newLine: (id) => ({
        id,
        members_id: 0,
        products_id: product.id,
        spec_id: specId,
        qty,
        product: toProductSnapshot(product),
      }),
    },
    qty,
    now,
  );
}

/** spec §4: the same package sums the quantity; otherwise a new timestamp-id line. */
export function addGuestPackage(
  storage: CartStorage,
  pkg: CataloguePackage | PackageSnapshot,
  qty: number,
  now: number = Date.now(),
): GuestPackageLine {
  return addGuestLine<GuestPackageLine>(
    storage,
    {
      key: PACKAGE_CART_KEY,
      isLine: isPackageLine,
      isSameItem: (l) => l.product_packages_id === pkg.id,
      refresh: (l) => {
        l.product_package = toPackageSnapshot(pkg);
      },
      newLine: (id) => ({
        id,
        members_id: 0,
        product_packages_id: pkg.id,
        qty,
        product_package: toPackageSnapshot(pkg),
      }),
    },
    qty,
    now,
  );
}

export type LineKind = 'product' | 'package';

const keyOf = (kind: LineKind) => (kind === 'product' ? CART_KEY : PACKAGE_CART_KEY);

function readKind(storage: CartStorage, kind: LineKind): Array<GuestCartLine | GuestPackageLine> {
  return kind === 'product'
    ? readList(storage, CART_KEY, isProductLine)
    : readList(storage, PACKAGE_CART_KEY, isPackageLine);
}

/** Sets a line's quantity; false when the line is gone or the qty is invalid. */
export function setGuestQty(storage: CartStorage, kind: LineKind, id: number, qty: number): boolean {
  if (validQty(qty) === null) return false;
  const lines = readKind(storage, kind);
  const line = lines.find((l) => l.id === id);
  if (!line) return false;
  line.qty = qty;
  writeList(storage, keyOf(kind), lines);
  return true;
}

/** Changes a product line's spec; merges into a line that already has that spec. */
export function setGuestSpec(storage: CartStorage, id: number, specId: number | null): boolean {
  const lines = readList(storage, CART_KEY, isProductLine);
  const line = lines.find((l) => l.id === id);
  if (!line) return false;
  const twin = lines.find((l) => l.id !== id && l.products_id === line.products_id && l.spec_id === specId);
  if (twin) {
    twin.qty = sumQty(twin.qty, line.qty);
    writeList(
      storage,
      CART_KEY,
      lines.filter((l) => l.id !== id),
    );
  } else {
    line.spec_id = specId;
    writeList(storage, CART_KEY, lines);
  }
  return true;
}

export function removeGuestLine(storage: CartStorage, kind: LineKind, id: number): void {
  const lines = readKind(storage, kind);
  writeList(
    storage,
    keyOf(kind),
    lines.filter((l) => l.id !== id),
  );
}

/** spec §4: deleting all removes the keys. */
export function clearGuestCart(storage: CartStorage, kind?: LineKind): void {
  if (kind !== 'package') storage.removeItem(CART_KEY);
  if (kind !== 'product') storage.removeItem(PACKAGE_CART_KEY);
}

/** Whether a spec id is valid for a product: one of its specs, or null for a product without specs. */
export function specExists(product: Pick<Product, 'product_specs'>, specId: number | null): boolean {
  const specs = product.product_specs ?? [];
  return specId === null ? specs.length === 0 : specs.some((s) => s.id === specId);
}

/**
 * spec §4: guest lines whose product, spec or package no longer exists are dropped (and deleted from
 * storage); the others take the catalogue's current data. `products`/`packages` hold what the
 * catalogue still shows, by id. Returns the pruned cart and how many lines were dropped.
 */
export function pruneGuestCart(
  storage: CartStorage,
  products: ReadonlyMap<number, CatalogueProduct | ProductSnapshot>,
  packages: ReadonlyMap<number, CataloguePackage | PackageSnapshot>,
): GuestCart & { dropped: number } {
  const cart = readGuestCart(storage);
  const lines = cart.lines.flatMap((line) => {
    const product = products.get(line.products_id);
    if (!product || !specExists(product, line.spec_id)) return [];
    return [{ ...line, product: toProductSnapshot(product) }];
  });
  const pkgs = cart.packages.flatMap((line) => {
    const pkg = packages.get(line.product_packages_id);
    return pkg ? [{ ...line, product_package: toPackageSnapshot(pkg) }] : [];
  });
  const dropped = cart.lines.length - lines.length + (cart.packages.length - pkgs.length);
  writeList(storage, CART_KEY, lines);
  writeList(storage, PACKAGE_CART_KEY, pkgs);
  return { lines, packages: pkgs, dropped };
}
