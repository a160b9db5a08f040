// A product as the API answers it (spec §3), built from its rows.
import { parsePics, parseTextList } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { sanitizeRichText } from '../../http/rich-text.ts';
import * as repo from './product.repository.ts';

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

// Map.groupBy arrives in Node 21; the shop runs on Node 20.
export function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** A product's or a package's name, sanitised descriptions, picture and prices, as the API answers them. */
export function sellableJson(
  p: Pick<repo.ProductRow, 'id' | 'name' | 'description1' | 'description2' | 'banner' | 'price' | 'onSalePrice'>,
) {
  return {
    id: p.id,
    name: p.name,
    description1: sanitizeRichText(p.description1),
    description2: sanitizeRichText(p.description2),
    banner: p.banner,
    price: p.price,
    on_sale_price: p.onSalePrice,
  };
}

/** A spec of a product, on its page and in a cart line alike. */
export function toSpecJson(s: repo.SpecRow) {
  return {
    id: s.id,
    name: s.name,
    price: s.price,
    on_sale_price: s.onSalePrice,
    sold_out: s.stock !== null && s.stock <= 0,
    // issue 20 item 11: the page caps the quantity at it (a guest's cart cannot ask the server)
    stock: s.stock,
  };
}

/**
 * The API shape of spec §3 Product: snake_case, text-encoded lists as arrays. The descriptions are
 * back-office html that the storefront injects, so they leave the server sanitised (issue 4 §8).
 */
export function toProductJson(p: repo.ProductRow, specs: repo.SpecRow[], typeIds: number[]) {
  return {
    ...sellableJson(p),
    tag_type: p.tagType,
    status: p.status,
    index_id: p.indexId,
    product_type_ids: typeIds,
    product_specs: specs.map(toSpecJson),
    activity_start_time: iso(p.activityStartTime),
    activity_end_time: iso(p.activityEndTime),
    description_titles: parseTextList(p.descriptionTitles),
    pics: parsePics(p.pics, p.banner),
    internet_celebrity: p.internetCelebrity,
    created_at: p.createdAt.toISOString(),
  };
}
export type ProductJson = ReturnType<typeof toProductJson>;

/** Adds specs and type ids to product rows with two queries, keeping the rows' order. */
export async function withDetails(db: Db, rows: repo.ProductRow[]): Promise<ProductJson[]> {
  const ids = rows.map((r) => r.id);
  const [specs, links] = await Promise.all([repo.findSpecs(db, ids), repo.findTypeLinks(db, ids)]);
  const specsOf = groupBy(specs, (s) => s.productId);
  const typesOf = groupBy(links, (l) => l.productId);
  return rows.map((p) =>
    toProductJson(
      p,
      specsOf.get(p.id) ?? [],
      (typesOf.get(p.id) ?? []).map((l) => l.typeId).sort((a, b) => a - b),
    ),
  );
}
