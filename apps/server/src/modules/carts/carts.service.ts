// Members' server-side carts (spec §4 Cart, §7 Carts): every operation is scoped to one member.
import {
  isProductVisible,
  lineQtyLimit,
  mergeLineQty,
  msg,
  parsePics,
  Status,
  type AddCartLineInput,
  type AddPackageCartLineInput,
  type CartMergeInput,
  type MergedPackageLine,
  type MergedProductLine,
} from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../errors.ts';
import { toSpecJson } from '../catalogue/index.ts';
import * as repo from './carts.repository.ts';

/** Why a line cannot be ordered now; null = it can. */
export type LineProblem = 'unavailable' | 'out_of_stock' | null;

/** What a cart line shows of its product or package: the card fields, not the descriptions. */
function cardJson(p: Pick<repo.ProductRow, 'id' | 'name' | 'banner' | 'pics' | 'price' | 'onSalePrice' | 'status'>) {
  return {
    id: p.id,
    name: p.name,
    banner: p.banner,
    pics: parsePics(p.pics, p.banner),
    price: p.price,
    on_sale_price: p.onSalePrice,
    status: p.status,
  };
}

function productJson(p: repo.ProductRow, specs: repo.SpecRow[]) {
  return {
    ...cardJson(p),
    internet_celebrity: p.internetCelebrity,
    activity_start_time: p.activityStartTime?.toISOString() ?? null,
    activity_end_time: p.activityEndTime?.toISOString() ?? null,
    product_specs: specs.map(toSpecJson),
  };
}

function packageJson(p: repo.PackageRow) {
  return {
    ...cardJson(p),
    sold_out: p.stock !== null && p.stock <= 0,
    stock: p.stock,
  };
}

const productVisible = (p: Pick<repo.ProductRow, 'status' | 'activityStartTime' | 'activityEndTime'>, now: Date) =>
  isProductVisible(
    { status: p.status, activity_start_time: p.activityStartTime, activity_end_time: p.activityEndTime },
    now,
  );

/** spec §4: a line's spec must belong to its product; a product with specs needs one, one without takes none. */
function lineSpec(specs: repo.SpecRow[], specId: number | null): repo.SpecRow | null | undefined {
  if (specId === null) return specs.length === 0 ? null : undefined;
  return specs.find((s) => s.id === specId);
}

/** The line's name as the shop's messages give it: the product and its spec. */
const specName = (product: Pick<repo.ProductRow, 'name'>, spec: Pick<repo.SpecRow, 'name'> | null) =>
  spec ? `${product.name} ${spec.name}` : product.name;

/** Why a product line cannot be ordered now: inactive or outside its window, or not enough stock. */
function productLineProblem(
  product: Pick<repo.ProductRow, 'status' | 'activityStartTime' | 'activityEndTime'>,
  spec: Pick<repo.SpecRow, 'stock'> | null,
  qty: number,
  now: Date,
): LineProblem {
  if (!productVisible(product, now)) return 'unavailable';
  if (spec && spec.stock !== null && spec.stock < qty) return 'out_of_stock';
  return null;
}

function packageLineProblem(p: Pick<repo.PackageRow, 'status' | 'typeActive' | 'stock'>, qty: number): LineProblem {
  if (p.status !== Status.Active || !p.typeActive) return 'unavailable';
  if (p.stock !== null && p.stock < qty) return 'out_of_stock';
  return null;
}

/** A product cart line with everything it needs to be shown, priced and ordered. */
export interface ProductCartLine {
  row: repo.CartLineRow;
  product: repo.ProductRow;
  spec: repo.SpecRow | null;
  specs: repo.SpecRow[];
  problem: LineProblem;
}

export interface PackageCartLine {
  row: repo.PackageCartLineRow;
  productPackage: repo.PackageRow;
  problem: LineProblem;
}

/**
 * The member's product lines joined with the current catalogue. Lines whose product or spec no
 * longer exists are dropped (spec §4); lines that cannot be bought now stay, flagged with a problem.
 */
export async function loadProductLines(db: Db, memberId: number, now: Date): Promise<ProductCartLine[]> {
  const rows = await repo.findProductLines(db, memberId);
  const ids = [...new Set(rows.map((r) => r.productId))];
  const [productRows, specRows] = await Promise.all([repo.findProducts(db, ids), repo.findSpecsOf(db, ids)]);
  const productsById = new Map(productRows.map((p) => [p.id, p]));
  const lines: ProductCartLine[] = [];
  for (const row of rows) {
    const product = productsById.get(row.productId);
    if (!product) continue;
    const specs = specRows.filter((s) => s.productId === product.id);
    const spec = lineSpec(specs, row.specId);
    if (spec === undefined) continue;
    lines.push({ row, product, spec, specs, problem: productLineProblem(product, spec, row.qty, now) });
  }
  return lines;
}

export async function loadPackageLines(db: Db, memberId: number): Promise<PackageCartLine[]> {
  const rows = await repo.findPackageLines(db, memberId);
  const packages = new Map(
    (await repo.findPackages(db, [...new Set(rows.map((r) => r.productPackageId))])).map((p) => [p.id, p]),
  );
  const lines: PackageCartLine[] = [];
  for (const row of rows) {
    const productPackage = packages.get(row.productPackageId);
    if (!productPackage) continue;
    lines.push({ row, productPackage, problem: packageLineProblem(productPackage, row.qty) });
  }
  return lines;
}

function toProductLineJson(line: ProductCartLine) {
  return {
    id: line.row.id,
    members_id: line.row.memberId,
    products_id: line.row.productId,
    spec_id: line.row.specId,
    qty: line.row.qty,
    /** Sale price of one unit now (the spec's, else the product's); the order recomputes it. */
    unit_price: line.spec ? line.spec.onSalePrice : line.product.onSalePrice,
    available: line.problem === null,
    problem: line.problem,
    product: productJson(line.product, line.specs),
    spec: line.spec ? toSpecJson(line.spec) : null,
    created_at: line.row.createdAt.toISOString(),
  };
}

function toPackageLineJson(line: PackageCartLine) {
  return {
    id: line.row.id,
    members_id: line.row.memberId,
    product_packages_id: line.row.productPackageId,
    qty: line.row.qty,
    unit_price: line.productPackage.onSalePrice,
    available: line.problem === null,
    problem: line.problem,
    product_package: packageJson(line.productPackage),
    created_at: line.row.createdAt.toISOString(),
  };
}

const rowJson = (row: repo.CartLineRow) => ({
  id: row.id,
  members_id: row.memberId,
  products_id: row.productId,
  spec_id: row.specId,
  qty: row.qty,
});
const packageRowJson = (row: repo.PackageCartLineRow) => ({
  id: row.id,
  members_id: row.memberId,
  product_packages_id: row.productPackageId,
  qty: row.qty,
});

/** A body's members_id, when sent, must be the caller: a client cannot write into another cart. */
export function checkBodyMember(memberId: number, bodyMemberId: number | undefined) {
  if (bodyMemberId !== undefined && bodyMemberId !== memberId) throw new Forbidden();
}

export async function listProductLines(db: Db, memberId: number, now: Date) {
  return (await loadProductLines(db, memberId, now)).map(toProductLineJson);
}

export async function listPackageLines(db: Db, memberId: number) {
  return (await loadPackageLines(db, memberId)).map(toPackageLineJson);
}

/** POST /shopping-carts: the product must be on sale now; the same product + spec sums into one line. */
export async function addProductLine(db: Db, memberId: number, input: AddCartLineInput, now: Date) {
  const [product] = await repo.findProducts(db, [input.products_id]);
  if (!product || product.status !== Status.Active) throw new NotFound('找不到此商品');
  if (!productVisible(product, now)) throw new Conflict(msg.productUnavailable(product.name));
  const specs = await repo.findSpecsOf(db, [product.id]);
  const specId = input.spec_id ?? null;
  const spec = lineSpec(specs, specId);
  if (spec === undefined) {
    throw new Invalid(msg.badRequest, [{ field: 'spec_id', msg: specId === null ? '請選擇規格' : '找不到此規格' }]);
  }
  if (spec && spec.stock !== null) {
    const inCart = await repo.findProductLineQty(db, memberId, product.id, specId);
    if (spec.stock < inCart + input.qty) throw new Conflict(msg.stockLeft(specName(product, spec), spec.stock, inCart));
  }
  const row = await repo.addProductLine(db, { memberId, productId: product.id, specId, qty: input.qty }, now);
  if (!row) throw new Invalid(msg.badRequest, [{ field: 'qty', msg: msg.qtyRange }]);
  return rowJson(row);
}

/** POST /package-shopping-carts: the package must be active; the same package sums into one line. */
export async function addPackageLine(db: Db, memberId: number, input: AddPackageCartLineInput, now: Date) {
  const [productPackage] = await repo.findPackages(db, [input.product_packages_id]);
  if (!productPackage || productPackage.status !== Status.Active || !productPackage.typeActive) {
    throw new NotFound('找不到此組合商品');
  }
  if (productPackage.stock !== null) {
    const inCart = await repo.findPackageLineQty(db, memberId, productPackage.id);
    if (productPackage.stock < inCart + input.qty) {
      throw new Conflict(msg.stockLeft(productPackage.name, productPackage.stock, inCart));
    }
  }
  const row = await repo.addPackageLine(db, { memberId, productPackageId: productPackage.id, qty: input.qty }, now);
  if (!row) throw new Invalid(msg.badRequest, [{ field: 'qty', msg: msg.qtyRange }]);
  return packageRowJson(row);
}

/**
 * One guest line joining the member's line of the same product + spec. A line the shop no longer
 * sells is left out; one over the stock joins with what is left (mergeLineQty).
 */
async function mergeProductLine(
  db: Db,
  memberId: number,
  line: CartMergeInput['lines'][number],
  now: Date,
): Promise<MergedProductLine> {
  const { products_id, spec_id, qty: asked } = line;
  const [[product], specs, inCart] = await Promise.all([
    repo.findProducts(db, [products_id]),
    repo.findSpecsOf(db, [products_id]),
    repo.findProductLineQty(db, memberId, products_id, spec_id),
  ]);
  const spec = product ? lineSpec(specs, spec_id) : undefined;
  if (!product || spec === undefined || !productVisible(product, now)) {
    const name = product ? specName(product, specs.find((s) => s.id === spec_id) ?? null) : '';
    return { products_id, spec_id, name, asked, kept: inCart, stock: null, outcome: 'unavailable' };
  }
  const stock = spec?.stock ?? null;
  const merged = mergeLineQty({ asked, inCart, stock });
  let kept = merged.kept;
  if (merged.added > 0) {
    const row = await repo.addProductLine(
      db,
      { memberId, productId: product.id, specId: spec_id, qty: merged.added },
      now,
    );
    kept = row?.qty ?? inCart;
  }
  return { products_id, spec_id, name: specName(product, spec), asked, kept, stock, outcome: merged.outcome };
}

async function mergePackageLine(
  db: Db,
  memberId: number,
  line: CartMergeInput['packages'][number],
  now: Date,
): Promise<MergedPackageLine> {
  const { product_packages_id, qty: asked } = line;
  const [[productPackage], inCart] = await Promise.all([
    repo.findPackages(db, [product_packages_id]),
    repo.findPackageLineQty(db, memberId, product_packages_id),
  ]);
  if (!productPackage || productPackage.status !== Status.Active || !productPackage.typeActive) {
    const name = productPackage?.name ?? '';
    return { product_packages_id, name, asked, kept: inCart, stock: null, outcome: 'unavailable' };
  }
  const { stock, name } = productPackage;
  const merged = mergeLineQty({ asked, inCart, stock });
  let kept = merged.kept;
  if (merged.added > 0) {
    const row = await repo.addPackageLine(
      db,
      { memberId, productPackageId: product_packages_id, qty: merged.added },
      now,
    );
    kept = row?.qty ?? inCart;
  }
  return { product_packages_id, name, asked, kept, stock, outcome: merged.outcome };
}

/**
 * POST /shopping-carts-merge (issue 20 item 11): a guest's cart joins the member's at login. One
 * transaction, so a merge that fails adds nothing and the browser may send the same lines again; the
 * answer says, line by line, what the cart kept, for the page to tell the shopper.
 */
export async function mergeGuestLines(db: Db, memberId: number, input: CartMergeInput, now: Date) {
  return db.transaction(async (tx) => {
    const lines: MergedProductLine[] = [];
    const packages: MergedPackageLine[] = [];
    // One by one: two guest lines of the same item meet the stock one after the other.
    for (const line of input.lines) lines.push(await mergeProductLine(tx, memberId, line, now));
    for (const line of input.packages) packages.push(await mergePackageLine(tx, memberId, line, now));
    return { lines, packages };
  });
}

/** 404 for a line that does not exist, 403 for another member's line (spec §6). */
function assertOwnLine(line: { memberId: number } | undefined, memberId: number) {
  if (!line) throw new NotFound('找不到此購物車項目');
  if (line.memberId !== memberId) throw new Forbidden();
}

/**
 * PUT /shopping-carts/{id}: a quantity above the stock left is refused, naming what is left (issue 20
 * item 11: the server stays the truth whatever the page let through).
 */
export async function setProductLineQty(db: Db, memberId: number, id: number, qty: number, now: Date) {
  const line = await repo.findProductLine(db, id);
  assertOwnLine(line, memberId);
  const [[product], specs] = await Promise.all([
    repo.findProducts(db, [line!.productId]),
    repo.findSpecsOf(db, [line!.productId]),
  ]);
  const spec = specs.find((s) => s.id === line!.specId);
  if (product && spec && qty > lineQtyLimit(spec.stock)) {
    throw new Conflict(msg.stockLeft(specName(product, spec), spec.stock ?? 0));
  }
  const row = await repo.setProductLineQty(db, id, memberId, qty, now);
  if (!row) throw new NotFound('找不到此購物車項目');
  return rowJson(row);
}

export async function setPackageLineQty(db: Db, memberId: number, id: number, qty: number, now: Date) {
  const line = await repo.findPackageLine(db, id);
  assertOwnLine(line, memberId);
  const [productPackage] = await repo.findPackages(db, [line!.productPackageId]);
  if (productPackage && qty > lineQtyLimit(productPackage.stock)) {
    throw new Conflict(msg.stockLeft(productPackage.name, productPackage.stock ?? 0));
  }
  const row = await repo.setPackageLineQty(db, id, memberId, qty, now);
  if (!row) throw new NotFound('找不到此購物車項目');
  return packageRowJson(row);
}

export async function deleteProductLine(db: Db, memberId: number, id: number) {
  assertOwnLine(await repo.findProductLine(db, id), memberId);
  await repo.deleteProductLine(db, id, memberId);
  return { id };
}

export async function deletePackageLine(db: Db, memberId: number, id: number) {
  assertOwnLine(await repo.findPackageLine(db, id), memberId);
  await repo.deletePackageLine(db, id, memberId);
  return { id };
}

export async function clearProductLines(db: Db, memberId: number) {
  return { deleted: await repo.deleteProductLines(db, memberId) };
}

export async function clearPackageLines(db: Db, memberId: number) {
  return { deleted: await repo.deletePackageLines(db, memberId) };
}

/** An order took these lines: they leave the cart in the order's transaction (issue 6: the cart is emptied). */
export async function removeOrderedLines(
  db: Db,
  memberId: number,
  lines: { productLineIds: readonly number[]; packageLineIds: readonly number[] },
): Promise<void> {
  await repo.deleteLinesById(db, memberId, lines.productLineIds, lines.packageLineIds);
}

/** A cart line as an order needs it: ids, names, prices, stock and why it cannot be bought. */
export interface OrderableProductLine {
  row: { id: number; qty: number };
  product: { id: number; name: string; onSalePrice: number };
  spec: { id: number; name: string; onSalePrice: number; stock: number | null } | null;
  problem: LineProblem;
}

export interface OrderablePackageLine {
  row: { id: number; qty: number };
  productPackage: { id: number; name: string; onSalePrice: number; stock: number | null };
  problem: LineProblem;
}

/**
 * The member's cart for an order, in two queries (POST /orders runs it inside its transaction): the
 * same lines, the same dropped lines and the same problems as loadProductLines / loadPackageLines,
 * without the display fields.
 */
export async function loadOrderableLines(
  db: Db,
  memberId: number,
  now: Date,
): Promise<{ productLines: OrderableProductLine[]; packageLines: OrderablePackageLine[] }> {
  const productRows = await repo.findOrderableProductLines(db, memberId);
  const packageRows = await repo.findOrderablePackageLines(db, memberId);
  const productLines = productRows.flatMap((r): OrderableProductLine[] => {
    // spec §4: a line whose spec is gone, or a product with specs ordered without one, is dropped.
    if (r.specId !== null ? r.spec === null : r.hasSpecs) return [];
    return [
      {
        row: { id: r.id, qty: r.qty },
        product: { id: r.product.id, name: r.product.name, onSalePrice: r.product.onSalePrice },
        spec: r.spec,
        problem: productLineProblem(r.product, r.spec, r.qty, now),
      },
    ];
  });
  const packageLines = packageRows.map((r) => ({
    row: { id: r.id, qty: r.qty },
    productPackage: {
      id: r.package.id,
      name: r.package.name,
      onSalePrice: r.package.onSalePrice,
      stock: r.package.stock,
    },
    problem: packageLineProblem({ ...r.package, typeActive: r.typeStatus === Status.Active }, r.qty),
  }));
  return { productLines, packageLines };
}
