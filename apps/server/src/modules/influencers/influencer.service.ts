import { DiscountKind } from '@shop/domain';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../errors.ts';
import type { Answer } from '../../http/response-cache.ts';
import { productsByInfluencer, type ProductJson } from '../catalogue/index.ts';
import * as repo from './influencer.repository.ts';

/** spec §9: the influencer list shows 12 per page. */
export const INFLUENCER_PAGE_SIZE = 12;

const NOT_FOUND_MSG = '找不到此推薦碼';

function toDiscount(type: number | null, value: number | null) {
  const known = type === DiscountKind.Discount || type === DiscountKind.PercentOn;
  return known && value !== null ? { type, value } : null;
}

/**
 * GET /members-by-internet-celebrity-code/{code}: the public profile of an influencer — id, name,
 * avatar, code and the celebrity discount shoppers get with the code (spec §5; it shows on the page's
 * prices anyway). Unknown codes, ordinary members and inactive members are all the same 404, so the
 * endpoint tells nobody whether a code belonged to someone.
 */
export async function getInfluencerByCode(db: Db, code: string) {
  const row = await repo.findInfluencerByCode(db, code);
  if (!row) throw new NotFound(NOT_FOUND_MSG);
  return {
    id: row.id,
    name: row.name,
    avatar: row.avatar,
    code: row.code,
    is_internet_celebrity: true,
    celebrity_discount: toDiscount(row.discountType, row.discountValue),
  };
}

/** What an influencer code gives an order: their discount on the products they recommend (docs/decisions/009). */
export interface CheckoutOffer {
  code: string;
  name: string;
  discount: { type: number; value: number };
  productIds: number[];
}

/** The offer behind a code at checkout; null for an unknown code or an influencer without a discount. */
export async function checkoutOfferForCode(db: Db, code: string): Promise<CheckoutOffer | null> {
  const row = await repo.findInfluencerByCode(db, code);
  const discount = row ? toDiscount(row.discountType, row.discountValue) : null;
  if (!row || !discount) return null;
  const relations = await repo.findActiveRelations(db, row.id);
  return { code: row.code, name: row.name, discount, productIds: relations.map((r) => r.productId) };
}

export interface RelationQuery {
  page?: number;
  size?: number;
}

/**
 * GET /member-product-relation-by-internet-celebrity-code/{code}: spec §4 — only for an influencer,
 * only Active relations whose product is active and inside its activity window (influencer-only
 * products included: this page is where they are sold). Each record is a relation with its product
 * (spec §3 MemberProductRelation). Without `page` the whole list, else a page and the full count.
 * Anything but an influencer's code answers an empty list (the page's empty state), never an error.
 */
export async function listRelationsByCode(
  db: Db,
  code: string,
  q: RelationQuery,
  now: Date,
): Promise<
  Answer & { data: Array<{ id: number; members_id: number; status: number; index_id: number; product: ProductJson }> }
> {
  const influencer = await repo.findInfluencerByCode(db, code);
  if (!influencer) return q.page === undefined ? { data: [] } : { data: [], total: 0 };
  const [relations, products] = await Promise.all([
    repo.findActiveRelations(db, influencer.id),
    productsByInfluencer(db, influencer.id, now),
  ]);
  const productById = new Map(products.map((p) => [p.id, p]));
  const shown = relations.flatMap((r) => {
    const product = productById.get(r.productId);
    return product ? [{ id: r.id, members_id: influencer.id, status: r.status, index_id: r.indexId, product }] : [];
  });
  if (q.page === undefined) return { data: shown };
  const size = q.size ?? INFLUENCER_PAGE_SIZE;
  const start = (q.page - 1) * size;
  return { data: shown.slice(start, start + size), total: shown.length };
}
