// Which ECPay logistics API the shipments talk to (docs/decisions/054): the simulator inside the shop
// (default), ECPay's stage or production. ECPAY_LOGISTICS_API_URL points the client at another host,
// e.g. a stand-in server a test starts. One gateway per configuration, so the job runner and the
// back office share the simulator.
import type { Config } from '../../config.ts';
import { createEcpayLogisticsClient, type EcpayLogisticsClient } from './ecpay-logistics.ts';
import { createShipmentSimulator, ECPAY_LOGISTICS_SIMULATOR_API } from './shipment-simulator.ts';
import { logisticsSettings, type LogisticsSettings } from './store-map.service.ts';

export interface LogisticsGateway {
  settings: LogisticsSettings;
  client: EcpayLogisticsClient;
}

const gateways = new WeakMap<Config, LogisticsGateway>();

export function logisticsGateway(config: Config): LogisticsGateway {
  const known = gateways.get(config);
  if (known) return known;
  const settings = logisticsSettings(config);
  const merchant = { merchantId: settings.merchantId, hashKey: settings.hashKey, hashIv: settings.hashIv };
  const simulated = settings.mode === 'simulator' && !config.ECPAY_LOGISTICS_API_URL;
  const client = createEcpayLogisticsClient({
    ...merchant,
    baseUrl: simulated ? ECPAY_LOGISTICS_SIMULATOR_API : settings.apiUrl,
    ...(simulated ? { fetch: createShipmentSimulator(merchant).api } : {}),
  });
  const gateway = { settings, client };
  gateways.set(config, gateway);
  return gateway;
}
