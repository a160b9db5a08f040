// For API tests of other modules: a store chosen the way a shopper chooses it, through the store
// map (the simulator) and its reply, so an order's `store` carries a token the shop really signed.
import type { StoreChain } from '@shop/domain';
import type { TestApp } from '../../test/test-app.ts';
import { SIMULATOR_STORES } from './simulator-stores.ts';

export interface MapChoice {
  chain: StoreChain;
  id: string;
  name: string;
  address: string;
  token: string;
}

/** Opens the map for `chain` as `memberId`, picks `storeId` (the chain's first store by default), and reads the reply's token. */
export async function chooseStoreOnMap(
  t: TestApp,
  memberId: number,
  chain: StoreChain = 'UNIMART',
  storeId?: string,
): Promise<MapChoice> {
  const form = await t.asMember(memberId, 'GET', `/api/v1/logistics/store-map?chain=${chain}&collect=Y`);
  if (form.statusCode !== 200) throw new Error(`store map form: ${form.statusCode} ${form.body}`);
  const fields = form.json().data.fields as Record<string, string>;
  const store = SIMULATOR_STORES[chain].find((s) => s.id === (storeId ?? SIMULATOR_STORES[chain][0]!.id))!;
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/v1/logistics/map-reply',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      MerchantID: fields.MerchantID!,
      MerchantTradeNo: fields.MerchantTradeNo!,
      LogisticsSubType: fields.LogisticsSubType!,
      CVSStoreID: store.id,
      CVSStoreName: store.name,
      CVSAddress: store.address,
      CVSTelephone: store.telephone,
      CVSOutSide: store.outside ? '1' : '0',
      ExtraData: fields.ExtraData!,
    }).toString(),
  });
  const location = String(reply.headers.location ?? '');
  const token = new URL(location, 'http://shop.test').searchParams.get('store');
  if (reply.statusCode !== 303 || !token) throw new Error(`map reply: ${reply.statusCode} ${reply.body}`);
  return { chain, id: store.id, name: store.name, address: store.address, token };
}
