// Back-office products (issue 7 item 2): a product with its specs (price, sale price, stock), its
// pictures in order, its types, activity window, badge, influencer flag and detail texts.
import { sql, type SQL } from 'drizzle-orm';
import {
  isLowStock,
  parsePics,
  parseTextList,
  type AdminListQuery,
  type ProductCreateInput,
  type ProductSpecInput,
  type ProductUpdateInput,
} from '@shop/domain';
import type { Db, Tx } from '../../db/client.ts';
import { productTypeLinks, productTypes, products } from '../../db/schema/index.ts';
import { Conflict, Invalid } from '../../errors.ts';
import { sanitizeRichText } from '../../http/rich-text.ts';
import {
  deleteRecord,
  findRecord,
  insertRecord,
  listRecords,
  updateRecord,
  type Actor,
  type EditableTable,
  lockRow,
  assertVersion,
} from '../admin/index.ts';
import { openOrdersWith } from '../admin-orders/index.ts';
import { queueRestockAlerts, waitingCounts } from '../restock-alerts/index.ts';
import { productHasLowStock, shopLowStockLevel } from './low-stock.ts';
import * as repo from './product-admin.repository.ts';

export const productTable: EditableTable<typeof products> = {
  table: products,
  entity: 'products',
  notFound: '找不到此商品',
  search: [products.name, products.description1],
  name: products.name,
  status: products.status,
  indexId: products.indexId,
};

export interface ProductListQuery extends AdminListQuery {
  /** Products of this type (a level-1 type includes its children's). */
  type_id?: number;
  tag_type?: number;
  celebrity?: '0' | '1';
  /** `low`: products with a spec at or below its low-stock level (庫存不足). */
  stock?: 'low';
}

/** A message naming a few of the open orders (staff look them up by number). */
export function inOpenOrders(what: string, orderNumbers: string[]): string {
  const shown = orderNumbers.slice(0, 3).join('、');
  const more = orderNumbers.length > 3 ? ` 等 ${orderNumbers.length} 筆` : '';
  return `${what}仍在處理中的訂單（${shown}${more}）裡，無法刪除，請改為下架`;
}

function toJson(
  p: repo.ProductRow,
  specs: repo.SpecRow[],
  typeIds: number[],
  { waiting, shopLevel }: { waiting: Map<number, number>; shopLevel: number },
) {
  return {
    id: p.id,
    name: p.name,
    description1: p.description1,
    description2: p.description2,
    banner: p.banner,
    pics: parsePics(p.pics, p.banner),
    description_titles: parseTextList(p.descriptionTitles),
    price: p.price,
    on_sale_price: p.onSalePrice,
    tag_type: p.tagType,
    status: p.status,
    index_id: p.indexId,
    product_type_ids: typeIds,
    activity_start_time: p.activityStartTime?.toISOString() ?? null,
    activity_end_time: p.activityEndTime?.toISOString() ?? null,
    internet_celebrity: p.internetCelebrity,
    specs: specs.map((s) => ({
      id: s.id,
      name: s.name,
      price: s.price,
      on_sale_price: s.onSalePrice,
      stock: s.stock,
      low_stock_level: s.lowStockLevel,
      low_stock: isLowStock(s.stock, s.lowStockLevel, shopLevel),
      index_id: s.indexId,
      restock_waiting: waiting.get(s.id) ?? 0,
    })),
    /** Units left over all specs; null when no spec tracks stock. */
    stock: specs.some((s) => s.stock !== null) ? specs.reduce((sum, s) => sum + (s.stock ?? 0), 0) : null,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    version: p.version,
  };
}
export type AdminProductJson = ReturnType<typeof toJson>;

async function withDetails(db: Db | Tx, rows: repo.ProductRow[]) {
  const ids = rows.map((r) => r.id);
  const [specs, links, shopLevel] = await Promise.all([
    repo.findSpecsOf(db, ids),
    repo.findTypeIdsOf(db, ids),
    shopLowStockLevel(db),
  ]);
  const waiting = await waitingCounts(
    db,
    specs.map((s) => s.id),
  );
  return rows.map((p) =>
    toJson(
      p,
      specs.filter((s) => s.productId === p.id),
      links
        .filter((l) => l.productId === p.id)
        .map((l) => l.typeId)
        .sort((a, b) => a - b),
      { waiting, shopLevel },
    ),
  );
}

export async function listProducts(db: Db, q: ProductListQuery) {
  const filters: (SQL | undefined)[] = [];
  if (q.type_id !== undefined) {
    filters.push(
      sql`${products.id} IN (SELECT ${productTypeLinks.productId} FROM ${productTypeLinks} WHERE ${productTypeLinks.productTypeId} = ${q.type_id} OR ${productTypeLinks.productTypeId} IN (SELECT ${productTypes.id} FROM ${productTypes} WHERE ${productTypes.parentId} = ${q.type_id}))`,
    );
  }
  if (q.tag_type !== undefined) filters.push(sql`${products.tagType} = ${q.tag_type}`);
  if (q.celebrity !== undefined) filters.push(sql`${products.internetCelebrity} = ${q.celebrity === '1'}`);
  if (q.stock === 'low') filters.push(productHasLowStock);
  const { rows, total } = await listRecords(db, productTable, q, filters);
  return { items: await withDetails(db, rows), total };
}

export async function getProduct(db: Db | Tx, id: number) {
  const [json] = await withDetails(db, [await findRecord(db, productTable, id)]);
  return json!;
}

/** Cards show the cheapest spec (db/schema/catalogue.ts: the product's price is the lowest spec price). */
function cardPrices(specs: ProductSpecInput[]) {
  const cheapest = specs.reduce((a, b) => (b.on_sale_price < a.on_sale_price ? b : a));
  return { price: cheapest.price, onSalePrice: cheapest.on_sale_price };
}

function productValues(input: ProductCreateInput, now: Date) {
  return {
    name: input.name,
    description1: input.description1,
    // Stored the way the storefront serves it (http/rich-text.ts), so the editor shows what shoppers see.
    description2: sanitizeRichText(input.description2),
    banner: input.banner || input.pics[0]!,
    pics: JSON.stringify(input.pics),
    descriptionTitles: JSON.stringify(input.description_titles),
    tagType: input.tag_type,
    status: input.status,
    indexId: input.index_id,
    activityStartTime: input.activity_start_time ? new Date(input.activity_start_time) : null,
    activityEndTime: input.activity_end_time ? new Date(input.activity_end_time) : null,
    internetCelebrity: input.internet_celebrity,
    ...cardPrices(input.specs),
    updatedAt: now,
  };
}

/** Every named type must exist. */
async function checkTypes(tx: Tx, typeIds: number[]) {
  const found = await repo.existingIds(tx, productTypes, typeIds);
  const missing = typeIds.findIndex((id) => !found.has(id));
  if (missing >= 0) throw new Invalid(undefined, [{ field: 'product_type_ids', msg: '找不到所選的分類，請重新整理' }]);
}

function specValues(productId: number, spec: ProductSpecInput, index: number) {
  return {
    productId,
    name: spec.name,
    price: spec.price,
    onSalePrice: spec.on_sale_price,
    stock: spec.stock,
    lowStockLevel: spec.low_stock_level,
    indexId: index + 1,
  };
}

export async function createProduct(db: Db, actor: Actor, input: ProductCreateInput, now: Date) {
  const id = await db.transaction(async (tx) => {
    await checkTypes(tx, input.product_type_ids);
    const row = await insertRecord(tx, productTable, actor, productValues(input, now), {
      specs: input.specs,
      product_type_ids: input.product_type_ids,
    });
    await repo.insertSpecs(
      tx,
      input.specs.map((spec, i) => specValues(row.id, spec, i)),
    );
    await repo.replaceTypeLinks(tx, row.id, input.product_type_ids);
    return row.id;
  });
  return getProduct(db, id);
}

/**
 * Specs keep their ids (carts and order snapshots refer to them); specs left out of the form are
 * removed, unless an open order holds them.
 */
export async function updateProduct(db: Db, actor: Actor, id: number, input: ProductUpdateInput, now: Date) {
  await db.transaction(async (tx) => {
    const locked = await lockRow(tx, products, id, productTable.notFound);
    assertVersion(locked, input.version);
    await checkTypes(tx, input.product_type_ids);
    const [before] = await withDetails(tx, [locked]);
    const existing = new Set(before!.specs.map((s) => s.id));
    input.specs.forEach((spec, i) => {
      if (spec.id !== null && !existing.has(spec.id)) {
        throw new Invalid(undefined, [{ field: `specs.${i}.id`, msg: '此規格已不存在，請重新整理' }]);
      }
    });
    const kept = input.specs.map((s) => s.id).filter((sid): sid is number => sid !== null);
    const removed = before!.specs.filter((s) => !kept.includes(s.id));
    if (removed.length) {
      const open = await openOrdersWith(tx, { specIds: removed.map((s) => s.id) });
      if (open.length) throw new Conflict(inOpenOrders(`規格「${removed.map((s) => s.name).join('、')}」`, open));
    }
    await repo.deleteSpecsExcept(tx, id, kept);
    for (const [i, spec] of input.specs.entries()) {
      if (spec.id === null) await repo.insertSpecs(tx, [specValues(id, spec, i)]);
      else {
        const { productId: _productId, ...values } = specValues(id, spec, i);
        await repo.updateSpec(tx, spec.id, values);
      }
    }
    // A sold-out spec given stock again: its waiting members' 貨到通知 go with this commit (issue 43 item 2).
    await queueRestockAlerts(
      tx,
      before!.specs
        .filter((s) => s.stock === 0 && input.specs.some((n) => n.id === s.id && (n.stock === null || n.stock > 0)))
        .map((s) => s.id),
    );
    await repo.replaceTypeLinks(tx, id, input.product_type_ids);
    const after = await updateRecord(tx, productTable, actor, id, input.version, productValues(input, now), {
      before: { specs: before!.specs, product_type_ids: before!.product_type_ids },
      after: { specs: input.specs, product_type_ids: input.product_type_ids },
    });
    return after;
  });
  return getProduct(db, id);
}

export async function setProductStatus(
  db: Db,
  actor: Actor,
  id: number,
  input: { status: 0 | 1; version: number },
  now: Date,
) {
  await db.transaction((tx) =>
    updateRecord(
      tx,
      productTable,
      actor,
      id,
      input.version,
      { status: input.status, updatedAt: now },
      { action: 'status' },
    ),
  );
  return getProduct(db, id);
}

/** issue 7: a product in open orders is not deleted (its stock may still come back); deactivate it instead. */
export async function deleteProduct(db: Db, actor: Actor, id: number, version: number | undefined) {
  await db.transaction(async (tx) => {
    const before = await getProduct(tx, id);
    await deleteRecord(
      tx,
      productTable,
      actor,
      id,
      version,
      async () => {
        const open = await openOrdersWith(tx, { productId: id, specIds: before.specs.map((s) => s.id) });
        if (open.length) throw new Conflict(inOpenOrders(`商品「${before.name}」`, open));
      },
      { specs: before.specs, product_type_ids: before.product_type_ids },
    );
  });
}
