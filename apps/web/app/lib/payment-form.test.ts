// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitPaymentForm } from './payment-form.ts';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('submitPaymentForm', () => {
  it('posts every signed field, unchanged, to the payment page', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const form = submitPaymentForm({
      action: 'http://127.0.0.1:3000/payment-simulator',
      fields: { MerchantTradeNo: 'GD2501150101', ItemName: '烏龍茶 x 2#冷泡茶 x 1', CheckMacValue: 'ABC123' },
    });
    expect(submit).toHaveBeenCalledOnce();
    expect(form.method).toBe('post');
    expect(form.action).toBe('http://127.0.0.1:3000/payment-simulator');
    expect(form.acceptCharset).toBe('UTF-8');
    expect(Object.fromEntries(new FormData(form))).toEqual({
      MerchantTradeNo: 'GD2501150101',
      ItemName: '烏龍茶 x 2#冷泡茶 x 1',
      CheckMacValue: 'ABC123',
    });
    expect(document.body.contains(form)).toBe(true);
  });
});

describe('a payment form the page may not send', () => {
  it('calls onBlocked when the policy refuses the form, and not for other refusals', () => {
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const onBlocked = vi.fn();
    submitPaymentForm({ action: 'http://localhost:3000/payment-simulator', fields: {} }, { onBlocked });
    const refusal = (directive: string) => {
      const event = new Event('securitypolicyviolation') as Event & { effectiveDirective: string };
      event.effectiveDirective = directive;
      document.dispatchEvent(event);
    };
    refusal('img-src');
    expect(onBlocked).not.toHaveBeenCalled();
    refusal('form-action');
    refusal('form-action');
    expect(onBlocked).toHaveBeenCalledOnce();
  });
});
