import { REVIEW_PHOTOS_MAX, REVIEW_TEXT_MAX, reviewMsg } from '@shop/domain';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { postReview } from '../../api/reviews.ts';
import { uploadImage } from '../../api/uploads.ts';
import { useApi } from '../../api/use-api.ts';
import { AfterSalesModal } from './after-sales-modal.tsx';
import { FormField, describedBy } from './form-field.tsx';
import { PhotoField, usePhotoPicker, type PhotoPicker } from './photo-picker.tsx';
import { isPhotoField, sendWithPhotos, type PhotoUploadSeams } from './photo-upload.ts';
import { compressReturnImage } from './return-images.ts';

const STAR_WORDS = ['', '很差', '不太好', '普通', '不錯', '非常好'];

export interface ReviewModalProps extends PhotoUploadSeams {
  orderId: number;
  orderNumber: string;
  product: { products_id: number; name: string };
  onClose: () => void;
  onDone: (text: string) => void;
}

interface ReviewSendOptions {
  orderId: number;
  product: ReviewModalProps['product'];
  photos: PhotoPicker;
  upload: NonNullable<PhotoUploadSeams['upload']>;
  onDone: (text: string) => void;
}

/** The review's stars and words, their errors, and sending it with its photos. */
function useReviewForm({ orderId, product, photos, upload, onDone }: ReviewSendOptions) {
  const api = useApi();
  const [rating, setRating] = useState(0);
  const [content, setContent] = useState('');
  const [ratingError, setRatingError] = useState('');
  const [contentError, setContentError] = useState('');
  const [failure, setFailure] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    if (rating < 1) {
      setRatingError(reviewMsg.ratingRange);
      return;
    }
    if (photos.preparing > 0) return;
    setSending(true);
    try {
      await sendWithPhotos(api, photos.images, upload, async (names) => {
        await postReview(api, product.products_id, { orders_id: orderId, rating, content, pic: names });
        onDone(`感謝您為「${product.name}」留下評價！`);
      });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const e of error.errors) {
          if (isPhotoField(e.field)) photos.setError(e.msg);
          else if (e.field === 'content') setContentError(e.msg);
          else if (e.field === 'rating') setRatingError(e.msg);
        }
        setFailure(error.message);
      } else {
        setFailure('評價送出失敗，請稍後再試');
      }
    } finally {
      setSending(false);
    }
  };

  const rate = (stars: number) => {
    setRating(stars);
    setRatingError('');
  };
  const write = (text: string) => {
    setContent(text);
    setContentError('');
  };
  return { rating, rate, ratingError, content, write, contentError, failure, sending, submit };
}

/**
 * Issue 43 item 1 「撰寫評價」: 1–5 stars, up to 500 characters, up to 3 photos taken by the return
 * form's rules (compressed in the browser, POST /upload), then POST /products/{id}/reviews.
 */
export default function ReviewModal({
  orderId,
  orderNumber,
  product,
  onClose,
  onDone,
  compress = compressReturnImage,
  upload = uploadImage,
}: ReviewModalProps) {
  const id = useId();
  const photos = usePhotoPicker({ max: REVIEW_PHOTOS_MAX, tooMany: reviewMsg.photosMax, compress });
  const review = useReviewForm({ orderId, product, photos, upload, onDone });

  const contentId = `${id}-content`;
  return (
    <AfterSalesModal
      title="撰寫評價"
      onClose={onClose}
      onSubmit={(event) => void review.submit(event)}
      facts={[
        ['訂單編號', orderNumber],
        ['商品', product.name],
      ]}
      failure={review.failure}
      secondary={{ label: '取消', onClick: onClose }}
      submitLabel="送出評價"
      sending={review.sending}
      submitBlocked={photos.preparing > 0}
    >
      <StarRating name={`${id}-rating`} rating={review.rating} error={review.ratingError} onRate={review.rate} />
      <FormField
        id={contentId}
        label="評價內容"
        error={review.contentError}
        note={`${Array.from(review.content).length} / ${REVIEW_TEXT_MAX}`}
      >
        <textarea
          rows={5}
          maxLength={REVIEW_TEXT_MAX}
          placeholder="分享商品的口感、品質或使用心得"
          value={review.content}
          {...describedBy(contentId, review.contentError)}
          onChange={(event) => review.write(event.target.value)}
        />
      </FormField>
      <PhotoField
        id={`${id}-photos`}
        label={`照片（最多 ${REVIEW_PHOTOS_MAX} 張，可不附）`}
        note="照片上傳前會自動壓縮。"
        max={REVIEW_PHOTOS_MAX}
        photoName="評價照片"
        picker={photos}
      />
    </AfterSalesModal>
  );
}

interface StarRatingProps {
  /** The radio group's name; its error is `{name}-error`. */
  name: string;
  rating: number;
  error: string;
  onRate: (stars: number) => void;
}

/** 評分: five star radio buttons, the word for the chosen one beside them. */
function StarRating({ name, rating, error, onRate }: StarRatingProps) {
  return (
    <fieldset className="field star-input" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>
        評分
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className="star-input__choices">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`star-input__star${n <= rating ? ' star-input__star--on' : ''}`}>
            <input type="radio" name={name} value={n} checked={rating === n} onChange={() => onRate(n)} />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{`${n} 顆星`}</span>
          </label>
        ))}
        <span className="star-input__word">{STAR_WORDS[rating]}</span>
      </div>
      {error ? (
        <p id={`${name}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
