// Which LINE Pay the shop talks to (docs/decisions/050): the simulator inside the shop (default),
// LINE Pay's sandbox, production, or none (`off`). LINEPAY_API_URL points the client at another
// host, e.g. a stand-in server a test starts. One gateway per configuration, so the API routes, the
// simulator's page and the job runner share the simulator's reservations.
import type { Config } from '../../config.ts';
import { createLinePayClient, LINEPAY_API_URL, type LinePayClient } from './linepay-api.ts';
import { createLinePaySimulator, LINEPAY_SIMULATOR_API, type LinePaySimulator } from './linepay-simulator.ts';
import { LINEPAY_SIMULATOR_CHANNEL } from './payment-settings.ts';

export interface LinePayGateway {
  /** null when LINEPAY_MODE=off: the checkout does not offer LINE Pay. */
  client: LinePayClient | null;
  /** The shop's own LINE Pay page and API, in simulator mode. */
  simulator: LinePaySimulator | null;
  publicUrl: string;
}

const gateways = new WeakMap<Config, LinePayGateway>();

export function linePayGateway(config: Config): LinePayGateway {
  const known = gateways.get(config);
  if (known) return known;
  const gateway = buildGateway(config);
  gateways.set(config, gateway);
  return gateway;
}

function buildGateway(config: Config): LinePayGateway {
  const mode = config.LINEPAY_MODE;
  if (mode === 'off') return { client: null, simulator: null, publicUrl: config.publicUrl };
  const channelId = config.LINEPAY_CHANNEL_ID ?? LINEPAY_SIMULATOR_CHANNEL.id;
  const channelSecret = config.LINEPAY_CHANNEL_SECRET ?? LINEPAY_SIMULATOR_CHANNEL.secret;
  const simulator =
    mode === 'simulator' ? createLinePaySimulator({ channelId, channelSecret, publicUrl: config.publicUrl }) : null;
  const client = createLinePayClient({
    baseUrl: config.LINEPAY_API_URL ?? (mode === 'simulator' ? LINEPAY_SIMULATOR_API : LINEPAY_API_URL[mode]),
    channelId,
    channelSecret,
    ...(simulator && !config.LINEPAY_API_URL ? { fetch: simulator.api } : {}),
  });
  return { client, simulator, publicUrl: config.publicUrl };
}

/** Whether the checkout offers LINE Pay. */
export const offersLinePay = (config: Config) => config.LINEPAY_MODE !== 'off';
