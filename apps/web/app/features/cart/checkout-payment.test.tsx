// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentMethod } from '@shop/domain';
import { checkoutFields } from './checkout-fields.tsx';
import { CheckoutPayment } from './checkout-payment.tsx';
import type { CheckoutValues } from './checkout-values.ts';

function Payment({ offered }: { offered: number[] }) {
  const { register } = useForm<CheckoutValues>();
  return <CheckoutPayment fields={checkoutFields('t', {})} register={register} offered={offered} />;
}

const OFFERED = [PaymentMethod.Credit, PaymentMethod.ApplePay, PaymentMethod.Twqr];

afterEach(() => {
  cleanup();
  delete (window as { ApplePaySession?: unknown }).ApplePaySession;
});

describe('付款方式 with Apple Pay and 台灣Pay offered (issue 40)', () => {
  it('hides Apple Pay in a browser without it, and shows 台灣Pay', () => {
    render(<Payment offered={OFFERED} />);
    expect(screen.queryByRole('radio', { name: /Apple Pay/ })).toBeNull();
    expect(screen.getByRole('radio', { name: /台灣Pay/ })).toBeTruthy();
  });

  it('shows Apple Pay where the browser has ApplePaySession', () => {
    (window as { ApplePaySession?: unknown }).ApplePaySession = function ApplePaySession() {};
    render(<Payment offered={OFFERED} />);
    expect(screen.getByRole('radio', { name: /Apple Pay/ })).toBeTruthy();
  });

  it('lists neither when the shop does not offer them', () => {
    (window as { ApplePaySession?: unknown }).ApplePaySession = function ApplePaySession() {};
    render(<Payment offered={[PaymentMethod.Credit]} />);
    expect(screen.queryByRole('radio', { name: /Apple Pay|台灣Pay/ })).toBeNull();
  });
});
