// Which bank acquirer the shop talks to (docs/decisions/060): none (BANKCARD_MODE=off) or the
// simulator inside the shop. BANKCARD_API_URL points the payment form and the refund calls at another
// host, e.g. a stand-in server a test starts. One gateway per configuration, so the API routes, the
// simulator's page and the job runner share the simulator's trades.
import type { Config } from '../../config.ts';
import type { BankcardSettings } from './bankcard-protocol.ts';
import { createBankcardSimulator, type BankcardSimulator } from './bankcard-simulator.ts';

export interface BankcardGateway {
  settings: BankcardSettings;
  /** How refund calls reach the acquirer: the simulator in-process, else the network. */
  fetch: typeof fetch;
  /** The shop's own acquirer page and API, in simulator mode without BANKCARD_API_URL. */
  simulator: BankcardSimulator | null;
}

const gateways = new WeakMap<Config, BankcardGateway | null>();

/** null when BANKCARD_MODE=off: the checkout does not offer the method. */
export function bankcardGateway(config: Config): BankcardGateway | null {
  if (!gateways.has(config)) gateways.set(config, buildGateway(config));
  return gateways.get(config) ?? null;
}

function buildGateway(config: Config): BankcardGateway | null {
  if (config.BANKCARD_MODE === 'off') return null;
  const settings: BankcardSettings = {
    mode: config.BANKCARD_MODE,
    merchantId: config.BANKCARD_MERCHANT_ID,
    hashKey: config.BANKCARD_HASH_KEY,
    publicUrl: config.publicUrl,
    apiUrl: (config.BANKCARD_API_URL ?? config.publicUrl).replace(/\/$/, ''),
  };
  const simulator = config.BANKCARD_API_URL ? null : createBankcardSimulator(settings);
  return { settings, fetch: simulator?.api ?? fetch, simulator };
}
