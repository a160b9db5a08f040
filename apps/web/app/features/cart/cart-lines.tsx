import { CART_QTY_MAX, formatNtd } from '@shop/domain';
import { useState } from 'react';
import { ShopLink } from '../../components/shop-link.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import type { CartLineView } from './cart-view.ts';
import type { LineKind } from './guest-cart.ts';

interface CartLinesProps {
  lines: readonly CartLineView[];
  onQty: (line: { kind: LineKind; id: number; qty: number }) => void;
  onRemove: (line: { kind: LineKind; id: number }) => void;
  onClear: () => void;
  /** A failed change, shown above the lines. */
  error?: string;
}

function QtyControl({ line, onQty }: { line: CartLineView; onQty: CartLinesProps['onQty'] }) {
  // The typed text, until the shopper leaves the box or presses Enter; then it becomes the line's qty.
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const qty = Number(draft);
    setDraft(null);
    if (Number.isInteger(qty) && qty >= 1 && qty <= CART_QTY_MAX && qty !== line.qty) {
      onQty({ kind: line.kind, id: line.id, qty });
    }
  };
  const step = (delta: number) => {
    const qty = line.qty + delta;
    if (qty >= 1 && qty <= CART_QTY_MAX) onQty({ kind: line.kind, id: line.id, qty });
  };
  return (
    <div className="qty" role="group" aria-label={`${line.name} 數量`}>
      <button
        type="button"
        className="qty__step"
        aria-label="減少數量"
        disabled={line.qty <= 1}
        onClick={() => step(-1)}
      >
        −
      </button>
      <input
        className="qty__input"
        type="text"
        inputMode="numeric"
        aria-label="數量"
        value={draft ?? String(line.qty)}
        onChange={(event) => setDraft(event.target.value.replace(/\D/g, '').slice(0, 3))}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      <button
        type="button"
        className="qty__step"
        aria-label="增加數量"
        disabled={line.qty >= CART_QTY_MAX}
        onClick={() => step(1)}
      >
        ＋
      </button>
    </div>
  );
}

/** spec §2 /cart: the cart's lines with quantity editing and delete, for guests and members alike. */
export function CartLines({ lines, onQty, onRemove, onClear, error = '' }: CartLinesProps) {
  const [confirmClear, setConfirmClear] = useState(false);
  return (
    <section className="cart-lines" aria-labelledby="cart-lines-title">
      <div className="cart-lines__head">
        <h2 id="cart-lines-title">購物清單（{lines.length} 項）</h2>
        <button type="button" className="text-button" onClick={() => setConfirmClear(true)}>
          清空購物車
        </button>
      </div>
      {error ? (
        <p className="form-result form-result--error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="cart-lines__list">
        {lines.map((line) => (
          <li key={line.key} className={`cart-line${line.problem ? ' cart-line--problem' : ''}`}>
            <ShopLink to={line.href} className="cart-line__image" tabIndex={-1} aria-hidden="true">
              {line.image ? (
                <img src={line.image} alt="" width={88} height={88} loading="lazy" decoding="async" />
              ) : null}
            </ShopLink>
            <div className="cart-line__info">
              <ShopLink to={line.href} className="cart-line__name">
                {line.name}
              </ShopLink>
              {line.specName ? <p className="cart-line__spec">規格：{line.specName}</p> : null}
              <p className="cart-line__price">
                {formatNtd(line.salePrice)}
                {line.listPrice > line.salePrice ? (
                  <del>
                    <span className="visually-hidden">原價</span>
                    {formatNtd(line.listPrice)}
                  </del>
                ) : null}
              </p>
              {line.problem ? (
                <p className="cart-line__problem" role="status">
                  {line.problem}
                </p>
              ) : null}
            </div>
            <div className="cart-line__controls">
              <QtyControl line={line} onQty={onQty} />
              <p className="cart-line__subtotal">
                <span className="visually-hidden">小計</span>
                {formatNtd(line.salePrice * line.qty)}
              </p>
              <button
                type="button"
                className="text-button cart-line__remove"
                aria-label={`刪除 ${line.name}${line.specName ? ` ${line.specName}` : ''}`}
                onClick={() => onRemove({ kind: line.kind, id: line.id })}
              >
                刪除
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirmClear}
        title="清空購物車"
        message="確定要移除購物車中的所有商品嗎？"
        confirmLabel="清空"
        onClose={() => setConfirmClear(false)}
        onConfirm={() => {
          setConfirmClear(false);
          onClear();
        }}
      />
    </section>
  );
}
