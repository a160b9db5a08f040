// Pure shaping of the product and package pages (spec §2, §3, §5), done in the loaders.
import { applyCelebrityDiscount, type CelebrityDiscount } from '@shop/domain';

export interface DescriptionTabData {
  title: string;
  html: string;
}

/** Titles used when description_titles has fewer entries than there are descriptions. */
export const DEFAULT_DESCRIPTION_TITLES = ['商品介紹', '商品規格'] as const;

/**
 * spec §3: tab N is titled description_titles[N] and shows descriptionN+1 (docs/decisions/017).
 * A description without a title gets a default one; an empty description has no tab; titles past
 * the two descriptions have nothing to show and are dropped.
 */
export function descriptionTabs(
  titles: readonly string[] | null | undefined,
  descriptions: ReadonlyArray<string | null | undefined>,
): DescriptionTabData[] {
  const tabs: DescriptionTabData[] = [];
  descriptions.forEach((html, index) => {
    const text = (html ?? '').trim();
    if (!text) return;
    const title = (titles?.[index] ?? '').trim() || DEFAULT_DESCRIPTION_TITLES[index] || `說明 ${index + 1}`;
    tabs.push({ title, html: text });
  });
  return tabs;
}

export interface SpecInput {
  id: number;
  name: string;
  price: number;
  on_sale_price: number;
  sold_out?: boolean;
  stock?: number | null;
}

export interface SpecOffer {
  id: number;
  name: string;
  price: number;
  salePrice: number;
  soldOut: boolean;
  /** Units left; null when not tracked (no cap below the line maximum). */
  stock: number | null;
}

/** Each spec with its own prices; a celebrity discount (spec §5) lowers each sale price. */
export function specOffers(specs: readonly SpecInput[], discount: CelebrityDiscount | null = null): SpecOffer[] {
  return specs.map((s) => ({
    id: s.id,
    name: s.name,
    price: s.price,
    salePrice: applyCelebrityDiscount(s.on_sale_price, discount),
    soldOut: s.sold_out === true,
    stock: s.stock ?? null,
  }));
}

/**
 * The influencer discount that applies to this product with this code (docs/decisions/009: only on
 * the products the influencer recommends), or null.
 */
export function celebrityDiscountFor(
  productId: number,
  influencer: { celebrity_discount: CelebrityDiscount | null } | null,
  relations: ReadonlyArray<{ product: { id: number } }>,
): CelebrityDiscount | null {
  if (!influencer?.celebrity_discount) return null;
  return relations.some((r) => r.product.id === productId) ? influencer.celebrity_discount : null;
}

interface TypeNode {
  id: number;
  name: string;
  parent_id?: number | null;
  childs?: TypeNode[] | null;
}

export interface TypePath {
  /** The level-1 type above the chosen one, when the chosen one is a child. */
  parent: { id: number; name: string } | null;
  type: { id: number; name: string };
  /** The chosen type's children (a level-1 type) or its siblings (a child), for the sub-navigation. */
  neighbours: Array<{ id: number; name: string }>;
}

/** Where a type sits in the two-level tree of GET /product-types (spec §2), or null when not shown. */
export function findTypePath(tree: readonly TypeNode[], id: number): TypePath | null {
  for (const top of tree) {
    const children = (top.childs ?? []).map(({ id: childId, name }) => ({ id: childId, name }));
    if (top.id === id) return { parent: null, type: { id: top.id, name: top.name }, neighbours: children };
    const child = children.find((c) => c.id === id);
    if (child) return { parent: { id: top.id, name: top.name }, type: child, neighbours: children };
  }
  return null;
}
