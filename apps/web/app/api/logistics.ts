// The store map of the checkout (issue 17 item 1): which chains the shop reaches, and the form that
// opens a chain's map (ECPay's, or the shop's simulator). The map's reply comes back as /cart?store=.
import type { StoreChain, StoreChains, StoreMapForm } from '@shop/domain';
import { apiGet, type ApiFetch } from './client.ts';

export const getStoreChains = (api: ApiFetch) => apiGet<StoreChains>(api, '/logistics/store-chains');

/** What the checkout offers when the list cannot be read: the four chains of ECPay's C2C contract. */
export const ALL_STORE_CHAINS: readonly StoreChain[] = ['UNIMART', 'FAMI', 'HILIFE', 'OKMART'];

export const getStoreMap = (api: ApiFetch, request: { chain: StoreChain; collect: boolean; phone: boolean }) =>
  apiGet<StoreMapForm>(
    api,
    `/logistics/store-map?chain=${request.chain}&collect=${request.collect ? 'Y' : 'N'}&device=${request.phone ? 1 : 0}`,
  );
