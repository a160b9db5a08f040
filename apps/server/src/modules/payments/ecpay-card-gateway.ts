// Which ECPay answers the shop's card refunds (docs/decisions/051): the payment simulator's own card
// trades in simulator mode, else ECPay's host of the mode (ECPay's stage has no refund APIs: its
// answers are errors, which park the job for the staff). ECPAY_PAYMENT_API_URL points the client at
// another host, e.g. a test's stand-in server. One per configuration, shared by the simulator's page
// (which records the trades) and the refund jobs.
import type { Config } from '../../config.ts';
import { createEcpayCardClient, ECPAY_CARD_API_URL, type EcpayCardClient } from './ecpay-card-refund.ts';
import { createEcpayCardSimulator, ECPAY_CARD_SIMULATOR_API, type EcpayCardSimulator } from './ecpay-card-simulator.ts';
import { ECPAY_SIMULATOR_CHECK_CODE } from './payment-settings.ts';

export interface EcpayCardGateway {
  /** null outside simulator mode without ECPAY_CREDIT_CHECK_CODE: card refunds wait for the staff. */
  client: EcpayCardClient | null;
  simulator: EcpayCardSimulator | null;
}

const gateways = new WeakMap<Config, EcpayCardGateway>();

export function ecpayCardGateway(config: Config, now: () => Date = () => new Date()): EcpayCardGateway {
  let gateway = gateways.get(config);
  if (!gateway) {
    gateway = buildGateway(config, now);
    gateways.set(config, gateway);
  }
  return gateway;
}

function buildGateway(config: Config, now: () => Date): EcpayCardGateway {
  const merchant = {
    merchantId: config.ECPAY_MERCHANT_ID,
    hashKey: config.ECPAY_HASH_KEY,
    hashIv: config.ECPAY_HASH_IV,
  };
  const simulated = config.ECPAY_MODE === 'simulator';
  const creditCheckCode = config.ECPAY_CREDIT_CHECK_CODE ?? (simulated ? ECPAY_SIMULATOR_CHECK_CODE : null);
  if (!creditCheckCode) return { client: null, simulator: null };
  const simulator = simulated ? createEcpayCardSimulator({ ...merchant, creditCheckCode, now }) : null;
  const client = createEcpayCardClient({
    ...merchant,
    creditCheckCode,
    baseUrl:
      config.ECPAY_PAYMENT_API_URL ??
      (config.ECPAY_MODE === 'simulator' ? ECPAY_CARD_SIMULATOR_API : ECPAY_CARD_API_URL[config.ECPAY_MODE]),
    ...(simulator && !config.ECPAY_PAYMENT_API_URL ? { fetch: simulator.api } : {}),
  });
  return { client, simulator };
}
