// Influencer pages (/coop/{code}, spec §4): the public profile and the recommended products.
import { apiGet, apiGetPage, type ApiFetch } from './client.ts';
import type { Influencer, InfluencerRelation } from '@shop/domain';

export type { Influencer, InfluencerRelation } from '@shop/domain';

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
