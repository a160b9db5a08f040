// Issue 43 item 1: under a received order, its products with 「撰寫評價」 (or 已評價), one review each.
import type { ReviewableLine } from '@shop/domain';
import { lazy, Suspense, useState } from 'react';

// Carries the photo compression: loaded when the shopper opens it.
const ReviewModal = lazy(() => import('./review-modal.tsx'));

export function OrderReviews({
  orderId,
  orderNumber,
  lines,
}: {
  orderId: number;
  orderNumber: string;
  lines: readonly ReviewableLine[];
}) {
  const [reviewed, setReviewed] = useState(() => new Set(lines.filter((l) => l.reviewed).map((l) => l.products_id)));
  const [open, setOpen] = useState<ReviewableLine | null>(null);
  const [done, setDone] = useState('');
  if (lines.length === 0) return null;
  return (
    <section className="order-reviews" aria-labelledby="order-reviews-title">
      <h2 id="order-reviews-title" className="order-reviews__title">
        商品評價
      </h2>
      {done ? (
        <p className="form-result form-result--ok" role="status">
          {done}
        </p>
      ) : null}
      <ul className="order-reviews__list">
        {lines.map((line) => (
          <li key={line.products_id} className="order-reviews__line">
            <span>{line.name}</span>
            {reviewed.has(line.products_id) ? (
              <span className="order-reviews__done">已評價</span>
            ) : (
              <button
                type="button"
                className="button button--ghost"
                aria-label={`為「${line.name}」撰寫評價`}
                onClick={() => setOpen(line)}
              >
                撰寫評價
              </button>
            )}
          </li>
        ))}
      </ul>
      <Suspense fallback={null}>
        {open ? (
          <ReviewModal
            orderId={orderId}
            orderNumber={orderNumber}
            product={open}
            onClose={() => setOpen(null)}
            onDone={(text) => {
              setReviewed((set) => new Set(set).add(open.products_id));
              setOpen(null);
              setDone(text);
            }}
          />
        ) : null}
      </Suspense>
    </section>
  );
}
