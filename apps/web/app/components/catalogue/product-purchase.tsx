import { formatNtd, isOnSale, lineQtyLimit, msg } from '@shop/domain';
import { useId, useState } from 'react';
import type { SpecOffer } from '../../lib/catalogue-detail.ts';
import { AddToCartSlot } from './add-to-cart-slot.tsx';
import { RestockAlertSlot } from './restock-alert-slot.tsx';

/** spec §3: a spec with its own prices; `salePrice` already carries a celebrity discount if any. */
export type PurchaseSpec = SpecOffer;

export interface ProductPurchaseProps {
  kind: 'product' | 'package';
  id: number;
  /** The product's own prices, shown when it has no specs. */
  price: number;
  salePrice: number;
  specs: readonly PurchaseSpec[];
  /** A package (or a product without specs) that is out of stock. */
  soldOut: boolean;
  /** A package's units left (a product's are its specs'); null or left out when not tracked. */
  stock?: number | null;
  /** A word before the sale price (推薦價 with an influencer's code). */
  priceNote?: string;
  /** The product's name, for the analytics' add_to_cart and the 貨到通知 (issue 43). */
  name?: string;
}

/** Cart quantities are whole numbers 1–999 (docs/decisions/009). */
export const QTY_MIN = 1;
export const QTY_MAX = 999;

/** A whole quantity from QTY_MIN up to `max` (the stock left, QTY_MAX when not tracked). */
export function clampQty(value: number, max: number = QTY_MAX): number {
  const top = Math.max(QTY_MIN, Math.min(QTY_MAX, max));
  if (!Number.isFinite(value)) return QTY_MIN;
  return Math.min(top, Math.max(QTY_MIN, Math.trunc(value)));
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

/** The spec radios, each with its own prices (spec §3); a sold-out spec is shown but cannot be chosen. */
function SpecChoice(props: {
  specs: readonly PurchaseSpec[];
  name: string;
  chosenId: number | null;
  onChoose(spec: PurchaseSpec): void;
}) {
  return (
    <fieldset className="purchase__specs">
      <legend className="purchase__label">規格</legend>
      <div className="spec-options">
        {props.specs.map((s) => (
          <label key={s.id} className={`spec-option${s.soldOut ? ' spec-option--sold-out' : ''}`}>
            <input
              type="radio"
              name={props.name}
              value={s.id}
              checked={props.chosenId === s.id}
              disabled={s.soldOut}
              onChange={() => props.onChoose(s)}
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
  );
}

/** The quantity box with − and +, and the note that says when the stock left stopped it. */
function QtyStepper(props: {
  id: string;
  text: string;
  qty: number;
  limit: number;
  note: string;
  onStep(next: number): void;
  onType(digits: string): void;
  onBlur(): void;
}) {
  const { id, qty, limit } = props;
  return (
    <div className="purchase__qty">
      <label className="purchase__label" htmlFor={id}>
        數量
      </label>
      <div className="qty-stepper">
        <button type="button" aria-label="減少數量" disabled={qty <= QTY_MIN} onClick={() => props.onStep(qty - 1)}>
          −
        </button>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          value={props.text}
          onChange={(event) => props.onType(event.target.value.replace(/\D/g, '').slice(0, 3))}
          onBlur={props.onBlur}
        />
        <button type="button" aria-label="增加數量" disabled={qty >= limit} onClick={() => props.onStep(qty + 1)}>
          +
        </button>
      </div>
      <p className="purchase__qty-note" role="status" aria-live="polite">
        {props.note}
      </p>
    </div>
  );
}

/**
 * spec §2 product detail: the price (original struck through when on sale), the spec choice with each
 * spec's own prices, the quantity and the add-to-cart control of the cart feature.
 */
export function ProductPurchase({
  kind,
  id,
  price,
  salePrice,
  specs,
  soldOut,
  stock = null,
  priceNote,
  name,
}: ProductPurchaseProps) {
  const baseId = useId();
  const firstAvailable = specs.find((s) => !s.soldOut) ?? null;
  const [specId, setSpecId] = useState<number | null>(firstAvailable?.id ?? null);
  // The field keeps what the shopper types (an empty box while retyping); the cart gets it clamped.
  const [qtyText, setQtyText] = useState(String(QTY_MIN));
  // Whether the shopper met the stock left: said in words, not only by a greyed-out + (issue 20 item 11).
  const [atLimit, setAtLimit] = useState(false);
  const spec = specs.find((s) => s.id === specId) ?? null;
  const unavailable = specs.length > 0 ? spec === null || spec.soldOut : soldOut;
  const limit = lineQtyLimit(specs.length > 0 ? spec?.stock : stock);
  const qty = clampQty(Number(qtyText) || QTY_MIN, limit);
  /** Takes what the shopper asked for, brought down to the stock left. */
  const ask = (wanted: number, text = String(wanted), max = limit) => {
    setQtyText(wanted > max ? String(clampQty(wanted, max)) : text);
    setAtLimit(max < QTY_MAX && wanted >= max);
  };
  const setQty = (next: number) => ask(clampQty(next));
  const chooseSpec = (next: PurchaseSpec) => {
    setSpecId(next.id);
    // A spec with fewer left than the quantity chosen brings it down, and says why.
    const max = lineQtyLimit(next.stock);
    if (qty > max) ask(qty, String(qty), max);
    else setAtLimit(false);
  };

  return (
    <div className="purchase">
      <PriceLine price={spec?.price ?? price} salePrice={spec?.salePrice ?? salePrice} note={priceNote} />
      {specs.length > 0 ? (
        <SpecChoice specs={specs} name={`${baseId}-spec`} chosenId={specId} onChoose={chooseSpec} />
      ) : null}
      <QtyStepper
        id={`${baseId}-qty`}
        text={qtyText}
        qty={qty}
        limit={limit}
        note={atLimit && !unavailable ? msg.stockOnlyLeft(limit) : ''}
        onStep={setQty}
        onType={(digits) => ask(Number(digits), digits)}
        onBlur={() => setQtyText(String(qty))}
      />
      {unavailable ? <p className="purchase__sold-out">此商品目前已售完</p> : null}
      <AddToCartSlot
        kind={kind}
        id={id}
        specId={spec?.id ?? null}
        qty={qty}
        disabled={unavailable}
        item={name ? { name, specName: spec?.name ?? '', price: spec?.salePrice ?? salePrice } : undefined}
      />
      {kind === 'product' && specs.some((s) => s.soldOut) ? (
        <RestockAlertSlot productName={name ?? ''} specs={specs.filter((s) => s.soldOut)} />
      ) : null}
    </div>
  );
}
