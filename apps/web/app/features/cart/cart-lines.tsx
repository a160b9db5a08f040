import { CART_QTY_MAX, applyCelebrityDiscount, formatNtd, msg } from '@shop/domain';
import { useState } from 'react';
import { ShopLink } from '../../components/shop-link.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import type { CartLineView, CelebrityOffer } from './cart-view.ts';
import type { LineKind } from './guest-cart.ts';

interface CartLinesProps {
  lines: readonly CartLineView[];
  onQty: (line: { kind: LineKind; id: number; qty: number }) => void;
  onRemove: (line: { kind: LineKind; id: number }) => void;
  onClear: () => void;
  /** A failed change, shown above the lines. */
  error?: string;
  /** The influencer of the shopper's code: their recommended products show the discounted price (spec §5). */
  celebrity?: CelebrityOffer | null;
}

/** The unit price the order will charge before bundles: the influencer's price for their products. */
function unitPriceOf(line: CartLineView, celebrity: CelebrityOffer | null | undefined): number {
  if (line.kind !== 'product' || !celebrity?.discount || !celebrity.productIds.includes(line.itemId)) {
    return line.salePrice;
  }
  return Math.max(0, Math.round(applyCelebrityDiscount(line.salePrice, celebrity.discount)));
}

function QtyControl({ line, onQty }: { line: CartLineView; onQty: CartLinesProps['onQty'] }) {
  // The typed text, until the shopper leaves the box or presses Enter; then it becomes the line's qty.
  const [draft, setDraft] = useState<string | null>(null);
  // Whether the shopper met the stock left: said in words beside the greyed-out + (issue 20 item 11).
  const [atLimit, setAtLimit] = useState(false);
  const max = Math.max(1, Math.min(CART_QTY_MAX, line.maxQty));
  const limited = line.maxQty < CART_QTY_MAX;
  const change = (qty: number) => {
    if (qty !== line.qty) onQty({ kind: line.kind, id: line.id, qty });
  };
  const commit = () => {
    if (draft === null) return;
    const wanted = Number(draft);
    setDraft(null);
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > CART_QTY_MAX) return;
    // A larger number than is left becomes what is left, and the shopper is told why.
    setAtLimit(limited && wanted >= max);
    change(Math.min(wanted, max));
  };
  const step = (delta: number) => {
    // From a line already above the stock, − goes straight to what is left (the server takes no more).
    const qty = delta < 0 ? Math.min(line.qty + delta, max) : line.qty + delta;
    if (qty < 1 || qty > max) return;
    setAtLimit(limited && qty >= max);
    change(qty);
  };
  return (
    <div className="qty-field">
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
          disabled={line.qty >= max}
          onClick={() => step(1)}
        >
          ＋
        </button>
      </div>
      {/* Always in the page, empty until needed, so screen readers announce the text when it appears. */}
      <p className="qty-field__note" role="status" aria-live="polite">
        {atLimit && line.maxQty > 0 ? msg.stockOnlyLeft(line.maxQty) : ''}
      </p>
    </div>
  );
}

/** One line of the cart: its picture, name and price, the quantity, the subtotal and 刪除. */
function CartLine({
  line,
  index,
  celebrity,
  onQty,
  onRemove,
}: Pick<CartLinesProps, 'celebrity' | 'onQty' | 'onRemove'> & { line: CartLineView; index: number }) {
  const unitPrice = unitPriceOf(line, celebrity);
  const struck = unitPrice < line.salePrice ? line.salePrice : line.listPrice;
  return (
    <li className={`cart-line${line.problem ? ' cart-line--problem' : ''}`}>
      <ShopLink to={line.href} className="cart-line__image" tabIndex={-1} aria-hidden="true">
        {line.image ? (
          // The first lines are in view at once: loading them lazily would only delay them.
          <img
            src={line.image}
            alt=""
            width={88}
            height={88}
            loading={index < 4 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'auto'}
          />
        ) : null}
      </ShopLink>
      <div className="cart-line__info">
        <ShopLink to={line.href} className="cart-line__name">
          {line.name}
        </ShopLink>
        {line.specName ? <p className="cart-line__spec">規格：{line.specName}</p> : null}
        <p className="cart-line__price">
          {unitPrice < line.salePrice ? <span className="cart-line__tag">網紅價</span> : null}
          {formatNtd(unitPrice)}
          {struck > unitPrice ? (
            <del>
              <span className="visually-hidden">原價</span>
              {formatNtd(struck)}
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
          {formatNtd(unitPrice * line.qty)}
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
  );
}

/** spec §2 /cart: the cart's lines with quantity editing and delete, for guests and members alike. */
export function CartLines({ lines, onQty, onRemove, onClear, error = '', celebrity = null }: CartLinesProps) {
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
        {lines.map((line, index) => (
          <CartLine key={line.key} line={line} index={index} celebrity={celebrity} onQty={onQty} onRemove={onRemove} />
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
