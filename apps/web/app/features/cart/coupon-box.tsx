import { formatNtd } from '@shop/domain';
import { useId, useState, type FormEvent } from 'react';

interface CouponBoxProps {
  /** The code sent with the quote and the order; null = none. */
  applied: string | null;
  /** What the server says of it: 找不到此優惠券, 未達最低消費 NT$X…; '' when it applies. */
  error: string;
  /** NT$ it takes off, by the server's quote (0 until the quote arrives). */
  discount: number;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/**
 * 優惠券 (docs/decisions/061): a form of its own beside the totals, so Enter applies the code instead
 * of placing the order. The server alone decides what the code takes off (the quote, then the order).
 */
export function CouponBox({ applied, error, discount, onApply, onRemove }: CouponBoxProps) {
  const id = useId();
  const [text, setText] = useState(applied ?? '');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const code = text.trim();
    if (code) onApply(code);
    else onRemove();
  };
  const noteId = `${id}-note`;
  return (
    <form className="coupon-box" aria-label="優惠券" onSubmit={apply} noValidate>
      <label htmlFor={id}>優惠券代碼</label>
      <div className="coupon-box__row">
        <input
          id={id}
          type="text"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={32}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={applied ? noteId : undefined}
        />
        <button type="submit" className="button button--ghost">
          套用
        </button>
      </div>
      {applied ? (
        <div id={noteId} className="coupon-box__note">
          {error ? (
            <p className="field-error" role="alert">
              {error}
            </p>
          ) : (
            <p className="coupon-box__ok" role="status">
              已套用 {applied}
              {discount > 0 ? `，折抵 ${formatNtd(discount)}` : ''}
            </p>
          )}
          <button
            type="button"
            className="coupon-box__remove"
            onClick={() => {
              setText('');
              onRemove();
            }}
          >
            移除優惠券
          </button>
        </div>
      ) : null}
    </form>
  );
}
