import { formatNtd, isOnSale } from '@shop/domain';
import { useId, useState } from 'react';
import { AddToCartSlot } from './add-to-cart-slot.tsx';

/** spec §3: a spec with its own prices; `salePrice` already carries a celebrity discount if any. */
export interface PurchaseSpec {
  id: number;
  name: string;
  price: number;
  salePrice: number;
  soldOut: boolean;
}

export interface ProductPurchaseProps {
  kind: 'product' | 'package';
  id: number;
  /** The product's own prices, shown when it has no specs. */
  price: number;
  salePrice: number;
  specs: readonly PurchaseSpec[];
  /** A package (or a product without specs) that is out of stock. */
  soldOut: boolean;
  /** A word before the sale price (推薦價 with an influencer's code). */
  priceNote?: string;
}

/** Cart quantities are whole numbers 1–999 (docs/decisions/009). */
export const QTY_MIN = 1;
export const QTY_MAX = 999;

export function clampQty(value: number): number {
  if (!Number.isFinite(value)) return QTY_MIN;
  return Math.min(QTY_MAX, Math.max(QTY_MIN, Math.trunc(value)));
}

function PriceLine({ price, salePrice, note }: { price: number; salePrice: number; note?: string }) {
  const onSale = isOnSale({ price, on_sale_price: salePrice });
  return (
    <p className="purchase__price">
      {note ? <span className="price-note">{note}</span> : null}
      {onSale ? (
        <>
          <span className="visually-hidden">特價</span>
          <strong className="price price--sale">{formatNtd(salePrice)}</strong>
          <span className="visually-hidden">原價</span>
          <del className="price price--was">{formatNtd(price)}</del>
        </>
      ) : (
        <strong className="price">{formatNtd(salePrice)}</strong>
      )}
    </p>
  );
}

/**
 * spec §2 product detail: the price (original struck through when on sale), the spec choice with each
 * spec's own prices, the quantity and the add-to-cart control of the cart feature.
 */
export function ProductPurchase({ kind, id, price, salePrice, specs, soldOut, priceNote }: ProductPurchaseProps) {
  const baseId = useId();
  const firstAvailable = specs.find((s) => !s.soldOut) ?? null;
  const [specId, setSpecId] = useState<number | null>(firstAvailable?.id ?? null);
  // The field keeps what the shopper types (an empty box while retyping); the cart gets it clamped.
  const [qtyText, setQtyText] = useState(String(QTY_MIN));
  const qty = clampQty(Number(qtyText) || QTY_MIN);
  const setQty = (next: number) => setQtyText(String(clampQty(next)));
  const spec = specs.find((s) => s.id === specId) ?? null;
  const unavailable = specs.length > 0 ? spec === null || spec.soldOut : soldOut;

  return (
    <div className="purchase">
      <PriceLine price={spec?.price ?? price} salePrice={spec?.salePrice ?? salePrice} note={priceNote} />
      {specs.length > 0 ? (
        <fieldset className="purchase__specs">
          <legend className="purchase__label">規格</legend>
          <div className="spec-options">
            {specs.map((s) => (
              <label key={s.id} className={`spec-option${s.soldOut ? ' spec-option--sold-out' : ''}`}>
                <input
                  type="radio"
                  name={`${baseId}-spec`}
                  value={s.id}
                  checked={specId === s.id}
                  disabled={s.soldOut}
                  onChange={() => setSpecId(s.id)}
                />
                <span className="spec-option__name">{s.name}</span>
                <span className="spec-option__price">
                  {formatNtd(s.salePrice)}
                  {isOnSale({ price: s.price, on_sale_price: s.salePrice }) ? (
                    <del className="price--was">{formatNtd(s.price)}</del>
                  ) : null}
                  {s.soldOut ? <span className="spec-option__state">售完</span> : null}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="purchase__qty">
        <label className="purchase__label" htmlFor={`${baseId}-qty`}>
          數量
        </label>
        <div className="qty-stepper">
          <button type="button" aria-label="減少數量" disabled={qty <= QTY_MIN} onClick={() => setQty(qty - 1)}>
            −
          </button>
          <input
            id={`${baseId}-qty`}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            value={qtyText}
            onChange={(event) => setQtyText(event.target.value.replace(/\D/g, '').slice(0, 3))}
            onBlur={() => setQty(qty)}
          />
          <button type="button" aria-label="增加數量" disabled={qty >= QTY_MAX} onClick={() => setQty(qty + 1)}>
            +
          </button>
        </div>
      </div>
      {unavailable ? <p className="purchase__sold-out">此商品目前已售完</p> : null}
      <AddToCartSlot kind={kind} id={id} specId={spec?.id ?? null} qty={qty} disabled={unavailable} />
    </div>
  );
}
