import { TW_MOBILE_PATTERN, msg } from '@shop/domain';
import { useId, useState, type FormEvent } from 'react';
import { hrefWithQuery } from '../../lib/referral-code.ts';
import { useShopNavigate } from '../shop-link.tsx';

interface OrderLookupFormProps {
  /** The number already looked up (the lookup page fills it in again). */
  keyword?: string;
  /** The lookup's refusal of that number, shown until the shopper submits again. */
  error?: string;
  /** On the lookup page the form is the page's search landmark, named 訂單查詢. */
  landmark?: boolean;
}

/**
 * spec §2 order lookup entry: a buyer's mobile number, then /searching-order?keyword=… Used on the home
 * page and at the top of the lookup page itself.
 */
export function OrderLookupForm({ keyword = '', error = '', landmark = false }: OrderLookupFormProps) {
  const navigate = useShopNavigate();
  const [phone, setPhone] = useState(keyword);
  const [typed, setTyped] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = phone.trim();
    if (!value) return setTyped(msg.required);
    if (!TW_MOBILE_PATTERN.test(value)) return setTyped(msg.mobileFormat);
    setTyped('');
    navigate(hrefWithQuery('/searching-order', { keyword: value }));
  };
  const shown = typed || error;
  return (
    <form
      className={landmark ? 'inline-form order-lookup' : 'inline-form'}
      onSubmit={submit}
      noValidate
      role={landmark ? 'search' : undefined}
      aria-label={landmark ? msg.orderQuery : undefined}
    >
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
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          onChange={(event) => setPhone(event.target.value)}
        />
        <button type="submit" className="button button--primary">
          查詢訂單
        </button>
      </div>
      {shown ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {shown}
        </p>
      ) : null}
    </form>
  );
}
