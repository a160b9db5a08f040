import { describe, expect, it } from 'vitest';
import { observedFetch, observeProviderCall } from './provider-calls.ts';
import { providerCallDuration } from './shop-metrics.ts';

async function calls(provider: string, outcome: string): Promise<number> {
  const { values } = await providerCallDuration.get();
  const count = values.find(
    (v) =>
      v.metricName === 'shop_provider_call_duration_seconds_count' &&
      v.labels.provider === provider &&
      v.labels.outcome === outcome,
  );
  return count?.value ?? 0;
}

describe('provider calls', () => {
  it('count an answer, a refusal and no answer apart', async () => {
    const before = await Promise.all([calls('sms', 'ok'), calls('sms', 'error'), calls('sms', 'failed')]);
    const answering = (status: number) => observedFetch('sms', async () => new Response('', { status }));
    await answering(200)('http://sms.invalid/');
    await answering(500)('http://sms.invalid/');
    const unreachable = observedFetch('sms', async () => {
      throw new TypeError('fetch failed');
    });
    await expect(unreachable('http://sms.invalid/')).rejects.toThrow('fetch failed');
    const after = await Promise.all([calls('sms', 'ok'), calls('sms', 'error'), calls('sms', 'failed')]);
    expect(after.map((n, i) => n - before[i]!)).toEqual([1, 1, 1]);
  });

  it('hand back what the call answered', async () => {
    await expect(observeProviderCall('mail', async () => ({ messageId: 'm1' }))).resolves.toEqual({ messageId: 'm1' });
  });
});
