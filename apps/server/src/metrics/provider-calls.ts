// Calls to the shop's outside services, timed by provider and outcome (docs/decisions/080-metrics.md).
// Every client keeps its own error handling; this only watches the call go by.
import { providerCallDuration } from './shop-metrics.ts';

/** One per service the shop calls; a fixed set keeps the series few. */
export type Provider = 'ecpay' | 'linepay' | 'bankcard' | 'invoice' | 'logistics' | 'sms' | 'mail' | 'line';

/** 'error': the provider answered but refused (an HTTP error); 'failed': no answer (network, timeout). */
export type ProviderOutcome = 'ok' | 'error' | 'failed';

/**
 * Runs `call` and records its duration under `provider` and its outcome: 'ok' when it resolves
 * (unless `judge` says otherwise), 'failed' when it throws.
 */
export async function observeProviderCall<T>(
  provider: Provider,
  call: () => Promise<T>,
  judge: (result: T) => ProviderOutcome = () => 'ok',
): Promise<T> {
  const end = providerCallDuration.startTimer({ provider });
  try {
    const result = await call();
    end({ outcome: judge(result) });
    return result;
  } catch (error) {
    end({ outcome: 'failed' });
    throw error;
  }
}

/** `fetch` as a provider's client uses it, timed until the answer's headers arrive. */
export function observedFetch(provider: Provider, send: typeof fetch): typeof fetch {
  return (input, init) =>
    observeProviderCall(
      provider,
      () => send(input, init),
      (res) => (res.ok ? 'ok' : 'error'),
    );
}
