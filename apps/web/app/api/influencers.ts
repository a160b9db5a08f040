// Influencer pages (/coop/{code}, spec §4): the public profile and the recommended products.
import { apiGet, apiGetPage, type ApiFetch } from './client.ts';
import type { ProductDetail } from './catalogue.ts';

export interface Influencer {
  id: number;
  name: string;
  avatar: string;
  code: string;
  is_internet_celebrity: boolean;
  /** spec §5 celebrity discount (type 1 Discount, 2 PercentOn), null when none. */
  celebrity_discount: { type: number; value: number } | null;
}

export interface InfluencerRelation {
  id: number;
  status: number;
  product: ProductDetail;
}

/** 404 for an unknown code, an ordinary member or an inactive one. */
export const getInfluencer = (api: ApiFetch, code: string) =>
  apiGet<Influencer>(api, `/members-by-internet-celebrity-code/${encodeURIComponent(code)}`);

/** spec §4: Active relations with a shown product; empty for anything but an influencer's code. */
export const getInfluencerRelationPage = (api: ApiFetch, code: string, q: { page: number; size: number }) =>
  apiGetPage<InfluencerRelation>(
    api,
    `/member-product-relation-by-internet-celebrity-code/${encodeURIComponent(code)}?page=${q.page}&size=${q.size}`,
  );

/** Every recommendation of a code (the product page checks whether the code discounts this product). */
export const getInfluencerRelations = (api: ApiFetch, code: string) =>
  apiGet<InfluencerRelation[]>(api, `/member-product-relation-by-internet-celebrity-code/${encodeURIComponent(code)}`);
