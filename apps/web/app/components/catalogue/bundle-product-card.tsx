import { formatNtd } from '@shop/domain';
import { useId, useState } from 'react';
import type { SpecOffer } from '../../lib/catalogue-detail.ts';
import { ProductCard, type CatalogueCard } from '../product-card.tsx';
import { AddToCartSlot } from './add-to-cart-slot.tsx';

/**
 * A bundle's product (spec §2 bundle products): the card, and under it the spec choice and the
 * add-to-cart control, so a shopper picks the bundle's N items from the list (spec §5 「任選」).
 */
export function BundleProductCard({
  card,
  productId,
  specs,
  eager,
}: {
  card: CatalogueCard;
  productId: number;
  specs: SpecOffer[];
  eager?: boolean;
}) {
  const selectId = useId();
  const [specId, setSpecId] = useState<number | null>(specs.find((s) => !s.soldOut)?.id ?? null);
  const spec = specs.find((s) => s.id === specId) ?? null;
  const unavailable = specs.length > 0 && (spec === null || spec.soldOut);
  return (
    <div className="bundle-item">
      <ProductCard card={card} eager={eager} />
      <div className="bundle-item__buy">
        {specs.length > 1 ? (
          <>
            <label className="visually-hidden" htmlFor={selectId}>
              {card.name} 規格
            </label>
            <select id={selectId} value={specId ?? ''} onChange={(event) => setSpecId(Number(event.target.value))}>
              {specs.map((s) => (
                <option key={s.id} value={s.id} disabled={s.soldOut}>
                  {s.name} {formatNtd(s.salePrice)}
                  {s.soldOut ? '（售完）' : ''}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <AddToCartSlot kind="product" id={productId} specId={spec?.id ?? null} qty={1} disabled={unavailable} />
      </div>
    </div>
  );
}
