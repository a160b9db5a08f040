import { TW_MOBILE_PATTERN, msg } from '@shop/domain';
import { useId, useState, type FormEvent } from 'react';
import { hrefWithQuery } from '../../lib/referral-code.ts';
import { useShopNavigate } from '../shop-link.tsx';

/** spec §2 order lookup entry: a buyer's mobile number, then /searching-order?keyword=… */
export function OrderLookupForm() {
  const navigate = useShopNavigate();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = phone.trim();
    if (!value) return setError(msg.required);
    if (!TW_MOBILE_PATTERN.test(value)) return setError(msg.mobileFormat);
    setError('');
    navigate(hrefWithQuery('/searching-order', { keyword: value }));
  };
  return (
    <form className="inline-form" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-phone`}>訂購人手機號碼</label>
      <div className="inline-form__row">
        <input
          id={`${id}-phone`}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="0912345678"
          maxLength={10}
          value={phone}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setPhone(event.target.value)}
        />
        <button type="submit" className="button button--primary">
          查詢訂單
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
