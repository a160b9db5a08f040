// Which ECPay e-invoice API the shop talks to (docs/decisions/052): the simulator inside the shop
// (default), ECPay's stage, production, or none (`off`). ECPAY_INVOICE_API_URL points the client at
// another host, e.g. a stand-in server a test starts. One gateway per configuration, so the checkout's
// checks and the job runner share the simulator's invoices.
import type { Config } from '../../config.ts';
import { createEcpayInvoiceClient, ECPAY_INVOICE_API_URL, type EcpayInvoiceClient } from './ecpay-invoice-api.ts';
import { createInvoiceSimulator, ECPAY_INVOICE_SIMULATOR_API, type InvoiceSimulator } from './invoice-simulator.ts';

/**
 * The checkout waits this long for ECPay's carrier and love-code checks, then places the order
 * unchecked: a slow ECPay must not slow every order (issue 16: placing stays within its p99).
 */
export const CHECK_TIMEOUT_MS = 3_000;

export interface InvoiceGateway {
  mode: Config['ECPAY_INVOICE_MODE'];
  /** Issue, void, allowance and queries, for the jobs; null when ECPAY_INVOICE_MODE=off. */
  client: EcpayInvoiceClient | null;
  /** The same API with a short timeout, for the checkout's checks; null when off. */
  checker: EcpayInvoiceClient | null;
  /** The shop's own ECPay, in simulator mode. */
  simulator: InvoiceSimulator | null;
}

const gateways = new WeakMap<Config, InvoiceGateway>();

export function invoiceGateway(config: Config): InvoiceGateway {
  const known = gateways.get(config);
  if (known) return known;
  const gateway = buildGateway(config);
  gateways.set(config, gateway);
  return gateway;
}

function buildGateway(config: Config): InvoiceGateway {
  const mode = config.ECPAY_INVOICE_MODE;
  if (mode === 'off') return { mode, client: null, checker: null, simulator: null };
  const merchant = {
    merchantId: config.ECPAY_INVOICE_MERCHANT_ID,
    hashKey: config.ECPAY_INVOICE_HASH_KEY,
    hashIv: config.ECPAY_INVOICE_HASH_IV,
  };
  const simulator = mode === 'simulator' ? createInvoiceSimulator(merchant) : null;
  const options = {
    ...merchant,
    baseUrl:
      config.ECPAY_INVOICE_API_URL ??
      (mode === 'simulator' ? ECPAY_INVOICE_SIMULATOR_API : ECPAY_INVOICE_API_URL[mode]),
    ...(simulator && !config.ECPAY_INVOICE_API_URL ? { fetch: simulator.api } : {}),
  };
  return {
    mode,
    client: createEcpayInvoiceClient(options),
    checker: createEcpayInvoiceClient({ ...options, timeoutMs: CHECK_TIMEOUT_MS }),
    simulator,
  };
}
