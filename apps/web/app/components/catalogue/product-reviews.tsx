// Issue 43 item 1: the product page's reviews, newest first, with the average and count. The first few
// come with the page (kept in memory with the product); 更多評價 asks the API for the next ones.
import { REVIEWS_ON_PRODUCT_PAGE, shopDay, type ProductReview, type ReviewPage } from '@shop/domain';
import { useState } from 'react';
import { getReviewPage } from '../../api/reviews.ts';
import { useApi } from '../../api/use-api.ts';
import { imageUrl } from '../../lib/image-url.ts';

/** ★★★★☆ for the eye; the words for a screen reader. */
export function Stars({ rating, label }: { rating: number; label?: string }) {
  const whole = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={label ?? `${rating} 顆星（滿分 5 顆）`}>
      <span className="stars__on" aria-hidden="true">
        {'★'.repeat(whole)}
      </span>
      <span className="stars__off" aria-hidden="true">
        {'★'.repeat(5 - whole)}
      </span>
    </span>
  );
}

function ReviewItem({ review }: { review: ProductReview }) {
  return (
    <li className="review">
      <div className="review__head">
        <Stars rating={review.rating} />
        <span className="review__name">{review.name}</span>
        <time className="review__date" dateTime={review.created_at}>
          {shopDay(review.created_at)}
        </time>
      </div>
      {review.content ? <p className="review__text">{review.content}</p> : null}
      {review.pic.length > 0 ? (
        <ul className="review__photos" aria-label="評價照片">
          {review.pic.map((name, index) => (
            <li key={name}>
              <a href={imageUrl(name)} target="_blank" rel="noopener">
                <img
                  src={imageUrl(name)}
                  alt={`${review.name} 的評價照片 ${index + 1}`}
                  width={72}
                  height={72}
                  loading="lazy"
                  decoding="async"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {review.reply ? (
        <div className="review__reply">
          <strong>店家回覆</strong>
          <p>{review.reply}</p>
        </div>
      ) : null}
    </li>
  );
}

export function ProductReviews({ productId, page }: { productId: number; page: ReviewPage }) {
  const api = useApi();
  const [reviews, setReviews] = useState(page.data);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const more = async () => {
    setLoading(true);
    setFailed(false);
    try {
      const next = Math.floor(reviews.length / REVIEWS_ON_PRODUCT_PAGE) + 1;
      const answer = await getReviewPage(api, productId, next, REVIEWS_ON_PRODUCT_PAGE);
      setReviews((shown) => [...shown, ...answer.filter((r) => !shown.some((s) => s.id === r.id))]);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return (
    <section className="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="reviews__title">
        商品評價
      </h2>
      {page.count === 0 ? (
        <p className="reviews__empty">尚無評價。購買並收到商品後，可在「我的訂單」為商品留下評價。</p>
      ) : (
        <>
          <p className="reviews__summary">
            <span className="reviews__average">{page.average.toFixed(1)}</span>
            <Stars rating={page.average} label={`平均 ${page.average.toFixed(1)} 顆星（滿分 5 顆）`} />
            <span>共 {page.count} 則評價</span>
          </p>
          <ul className="reviews__list">
            {reviews.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
          {failed ? (
            <p className="form-result form-result--error" role="alert">
              評價載入失敗，請稍後再試
            </p>
          ) : null}
          {reviews.length < page.count ? (
            <button
              type="button"
              className="button button--ghost reviews__more"
              disabled={loading}
              onClick={() => void more()}
            >
              {loading ? '載入中…' : '更多評價'}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
