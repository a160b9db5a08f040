import { REVIEW_PHOTOS_MAX, REVIEW_TEXT_MAX, reviewMsg } from '@shop/domain';
import { useId, useState, type FormEvent } from 'react';
import { ApiError, type ApiFetch } from '../../api/client.ts';
import { postReview } from '../../api/reviews.ts';
import { deleteUpload, uploadImage } from '../../api/uploads.ts';
import { useApi } from '../../api/use-api.ts';
import { ModalFrame } from '../../components/ui/modal-frame.tsx';
import { FormField, describedBy } from './form-field.tsx';
import { PhotoField, usePhotoPicker } from './photo-picker.tsx';
import { compressReturnImage } from './return-images.ts';

const STAR_WORDS = ['', '很差', '不太好', '普通', '不錯', '非常好'];

export interface ReviewModalProps {
  orderId: number;
  orderNumber: string;
  product: { products_id: number; name: string };
  onClose: () => void;
  onDone: (text: string) => void;
  /** For tests: the browser compression (compressorjs) and the upload. */
  compress?: (file: File) => Promise<File>;
  upload?: (api: ApiFetch, file: File, name: string) => Promise<string>;
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
  const api = useApi();
  const id = useId();
  const photos = usePhotoPicker({ max: REVIEW_PHOTOS_MAX, tooMany: reviewMsg.photosMax, compress });
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
    const names: string[] = [];
    try {
      for (const image of photos.images) names.push(await upload(api, image.file, image.file.name));
      await postReview(api, product.products_id, { orders_id: orderId, rating, content, pic: names });
      onDone(`感謝您為「${product.name}」留下評價！`);
    } catch (error) {
      // The photos of a review that did not go through are of no use: delete them.
      for (const name of names) void deleteUpload(api, name).catch(() => undefined);
      if (error instanceof ApiError) {
        for (const e of error.errors) {
          if (e.field === 'pic' || e.field === 'file') photos.setError(e.msg);
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

  const contentId = `${id}-content`;
  return (
    <ModalFrame open title="撰寫評價" onClose={onClose}>
      <form className="modal-form" noValidate onSubmit={(event) => void submit(event)}>
        <dl className="modal-form__facts">
          <div>
            <dt>訂單編號</dt>
            <dd>{orderNumber}</dd>
          </div>
          <div>
            <dt>商品</dt>
            <dd>{product.name}</dd>
          </div>
        </dl>
        <fieldset className="field star-input" aria-describedby={ratingError ? `${id}-rating-error` : undefined}>
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
                <input
                  type="radio"
                  name={`${id}-rating`}
                  value={n}
                  checked={rating === n}
                  onChange={() => {
                    setRating(n);
                    setRatingError('');
                  }}
                />
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{`${n} 顆星`}</span>
              </label>
            ))}
            <span className="star-input__word">{STAR_WORDS[rating]}</span>
          </div>
          {ratingError ? (
            <p id={`${id}-rating-error`} className="field-error" role="alert">
              {ratingError}
            </p>
          ) : null}
        </fieldset>
        <FormField
          id={contentId}
          label="評價內容"
          error={contentError}
          note={`${Array.from(content).length} / ${REVIEW_TEXT_MAX}`}
        >
          <textarea
            rows={5}
            maxLength={REVIEW_TEXT_MAX}
            placeholder="分享商品的口感、品質或使用心得"
            value={content}
            {...describedBy(contentId, contentError)}
            onChange={(event) => {
              setContent(event.target.value);
              setContentError('');
            }}
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
        {failure ? (
          <p className="form-result form-result--error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={sending}>
            取消
          </button>
          <button type="submit" className="button button--primary" disabled={sending || photos.preparing > 0}>
            {sending ? '送出中…' : '送出評價'}
          </button>
        </div>
      </form>
    </ModalFrame>
  );
}
