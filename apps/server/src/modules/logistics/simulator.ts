// The store-map simulator (ECPAY_LOGISTICS_MODE=simulator, the offline default): a page of the
// shop that plays ECPay's /Express/map. It takes the checkout's map form, checks it as ECPay would,
// lists a few stores of the chain (searchable by district), and each 「選擇此門市」 posts the map's
// reply fields from the browser to ServerReplyURL, as ECPay's map does. docs/decisions/053.
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import { shopPath } from '../../http/shop-path.ts';
import { chainOfSubType } from './ecpay-logistics.ts';
import { acceptFormBodies, formFields, sendHtml } from './html-reply.ts';
import { mapErrorPage, storeMapPage } from './simulator-page.ts';
import { searchSimulatorStores, simulatorDistricts } from './simulator-stores.ts';
import { CHECKOUT_PATH, logisticsSettings, STORE_MAP_SIMULATOR_PATH } from './store-map.service.ts';

export const storeMapSimulatorRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  if (config.ECPAY_LOGISTICS_MODE !== 'simulator') return; // with ECPay for real, this page must not exist
  acceptFormBodies(app);
  const settings = logisticsSettings(config);

  app.post(STORE_MAP_SIMULATOR_PATH, { config: { access: 'exempt' }, schema: { hide: true } }, async (req, reply) => {
    const all = formFields(req.body);
    const request = Object.fromEntries(Object.entries(all).filter(([name]) => !name.startsWith('sim_')));
    const refuse = (detail: string) => sendHtml(reply, 400, (nonce) => mapErrorPage(nonce, detail, CHECKOUT_PATH));

    // ECPay's own checks on a map request.
    if (request.MerchantID !== settings.merchantId) return refuse('廠商編號（MerchantID）不正確。');
    if (request.LogisticsType !== 'CVS') return refuse('物流類型（LogisticsType）須為 CVS。');
    const chain = chainOfSubType(settings.cvsType, request.LogisticsSubType ?? '');
    if (!chain)
      return refuse(`此廠商的 ${settings.cvsType} 合約不支援物流子類型「${request.LogisticsSubType ?? ''}」。`);
    if (!/^[0-9A-Za-z]{1,20}$/.test(request.MerchantTradeNo ?? ''))
      return refuse('廠商交易編號（MerchantTradeNo）格式錯誤。');
    if (request.IsCollection !== 'Y' && request.IsCollection !== 'N')
      return refuse('是否代收貨款（IsCollection）須為 Y 或 N。');
    if ((request.ExtraData ?? '').length > 20) return refuse('額外資訊（ExtraData）最多 20 個字。');
    const replyAction = shopPath(settings.publicUrl, request.ServerReplyURL);
    if (!replyAction) return refuse('回傳網址（ServerReplyURL）不是本商店的網址。');

    const districts = simulatorDistricts(chain);
    const district = districts.includes(all.sim_district ?? '') ? all.sim_district! : '';
    const words = (all.sim_q ?? '').slice(0, 40);
    return sendHtml(reply, 200, (nonce) =>
      storeMapPage({
        nonce,
        chain,
        request,
        replyAction,
        districts,
        district,
        words,
        stores: searchSimulatorStores(chain, district, words),
        replyFields: (store) => ({
          MerchantID: request.MerchantID!,
          MerchantTradeNo: request.MerchantTradeNo!,
          LogisticsSubType: request.LogisticsSubType!,
          CVSStoreID: store.id,
          CVSStoreName: store.name,
          CVSAddress: store.address,
          CVSTelephone: store.telephone,
          CVSOutSide: store.outside ? '1' : '0',
          ExtraData: request.ExtraData ?? '',
        }),
        backHref: CHECKOUT_PATH,
      }),
    );
  });
};
