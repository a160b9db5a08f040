import { zodResolver } from '@hookform/resolvers/zod';
import { msg, refundAccountSchema, returnRequestFormSchema, type RefundAccountInput } from '@shop/domain';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { ApiError, type ApiFetch } from '../../api/client.ts';
import { requestReturn } from '../../api/orders.ts';
import { deleteUpload, uploadImage } from '../../api/uploads.ts';
import { useApi } from '../../api/use-api.ts';
import { ModalFrame } from '../../components/ui/modal-frame.tsx';
import { FormField, describedBy, type AfterSalesOrder } from './form-field.tsx';
import {
  EMPTY_REFUND_ACCOUNT,
  RefundAccountFields,
  isRefundAccountField,
  refundAccountErrors,
} from './refund-account-fields.tsx';
import { PhotoField, usePhotoPicker } from './photo-picker.tsx';
import { RETURN_IMAGES_MAX, compressReturnImage } from './return-images.ts';

/** The text fields of spec §5's return form; the photos are checked beside them (they are files here). */
const returnTextSchema = returnRequestFormSchema.omit({ pic: true });
// With the refund account when the order needs one (docs/decisions/048).
const withAccount = returnTextSchema.extend({ refund_account: refundAccountSchema });
interface ReturnText {
  contact_person: string;
  contact_phone: string;
  spec: string;
  reason: string;
  /** Sent only when the order asks for it (`refundAccount`). */
  refund_account: RefundAccountInput;
}
const EMPTY: ReturnText = {
  contact_person: '',
  contact_phone: '',
  spec: '',
  reason: '',
  refund_account: EMPTY_REFUND_ACCOUNT,
};
const TEXT_FIELDS = ['contact_person', 'contact_phone', 'spec', 'reason'] as const;
const isTextField = (field: string): field is (typeof TEXT_FIELDS)[number] =>
  (TEXT_FIELDS as readonly string[]).includes(field);
const TEXT_MAX = 200;

export interface ReturnRequestModalProps {
  order: AfterSalesOrder;
  /** The member, whose name and cell phone prefill the form (spec §2 Modals). */
  member: { name: string; cellPhone: string } | null;
  /** The order's money came by transfer, ATM or cash on delivery: ask where the refund goes (decision 048). */
  refundAccount?: boolean;
  onClose: () => void;
  onDone: (text: string) => void;
  /** For tests: the browser compression (compressorjs) and the upload. */
  compress?: (file: File) => Promise<File>;
  upload?: (api: ApiFetch, file: File, name: string) => Promise<string>;
}

/**
 * spec §2 Modals 「申請退貨」: order number, returner name and phone (prefilled), 1–4 photos with
 * previews (compressed in the browser, renamed with the timestamp prefix), the returned items and the
 * reason (≤ 200 each); 「清除重填」 and 「確認送出」. Photos go to POST /upload, then the request to
 * POST /order-return-records with their names.
 */
export default function ReturnRequestModal({
  order,
  member,
  refundAccount = false,
  onClose,
  onDone,
  compress = compressReturnImage,
  upload = uploadImage,
}: ReturnRequestModalProps) {
  const api = useApi();
  const id = useId();
  const photos = usePhotoPicker({ max: RETURN_IMAGES_MAX, tooMany: msg.uploadAtMost4, compress });
  const { images, preparing, setError: setImageError } = photos;
  const [failure, setFailure] = useState('');
  // Without an account to ask for, the form's schema leaves `refund_account` out of what it sends.
  const resolver = useMemo(
    () => (refundAccount ? zodResolver(withAccount) : zodResolver(returnTextSchema)) as Resolver<ReturnText>,
    [refundAccount],
  );

  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ReturnText>({
    resolver,
    defaultValues: { ...EMPTY, contact_person: member?.name ?? '', contact_phone: member?.cellPhone ?? '' },
    mode: 'onTouched',
  });
  const [spec, reason] = useWatch({ control, name: ['spec', 'reason'] });

  const clearAll = () => {
    reset(EMPTY);
    photos.clear();
    setFailure('');
  };

  const imagesMissing = () => {
    if (images.length > 0) return false;
    setImageError(msg.uploadAtLeastOne);
    return true;
  };

  const submit = handleSubmit(
    async (values) => {
      setFailure('');
      if (imagesMissing() || preparing > 0) return;
      const names: string[] = [];
      try {
        for (const image of images) names.push(await upload(api, image.file, image.file.name));
        await requestReturn(api, {
          orders_id: order.id,
          order_number: order.orderNumber,
          ...(order.membersId ? { members_id: order.membersId } : {}),
          ...values,
          // spec §3: the return payload's pic is a JSON-encoded list of the uploaded images.
          pic: JSON.stringify(names),
        });
        onDone(msg.returnSuccess);
      } catch (error) {
        // The photos of a request that did not go through are of no use to the shop: delete them.
        for (const name of names) void deleteUpload(api, name).catch(() => undefined);
        if (error instanceof ApiError) {
          for (const e of error.errors) {
            if (e.field === 'pic' || e.field === 'file') setImageError(e.msg);
            else if (isTextField(e.field) || isRefundAccountField(e.field))
              setError(e.field, { type: 'server', message: e.msg });
          }
        }
        setFailure(msg.returnFailure);
      }
    },
    // spec §5: an invalid form marks every field, the photos included.
    () => void imagesMissing(),
  );

  const f = (name: (typeof TEXT_FIELDS)[number]) => `${id}-${name}`;
  return (
    <ModalFrame open title="申請退貨" onClose={onClose}>
      <form className="modal-form" noValidate onSubmit={submit}>
        <dl className="modal-form__facts">
          <div>
            <dt>訂單編號</dt>
            <dd>{order.orderNumber}</dd>
          </div>
        </dl>
        <div className="modal-form__row">
          <FormField id={f('contact_person')} label="退貨人姓名" required error={errors.contact_person?.message}>
            <input
              type="text"
              autoComplete="name"
              {...describedBy(f('contact_person'), errors.contact_person?.message)}
              {...register('contact_person')}
            />
          </FormField>
          <FormField id={f('contact_phone')} label="聯絡電話" required error={errors.contact_phone?.message}>
            <input
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={10}
              {...describedBy(f('contact_phone'), errors.contact_phone?.message)}
              {...register('contact_phone')}
            />
          </FormField>
        </div>
        <PhotoField
          id={`${id}-photos`}
          label={`商品照片（1 至 ${RETURN_IMAGES_MAX} 張）`}
          required
          note="請拍下商品與瑕疵處；照片上傳前會自動壓縮。"
          max={RETURN_IMAGES_MAX}
          photoName="退貨照片"
          picker={photos}
        />
        <FormField
          id={f('spec')}
          label="退貨商品說明"
          required
          error={errors.spec?.message}
          note={`${spec?.length ?? 0} / ${TEXT_MAX}`}
        >
          <textarea
            rows={3}
            maxLength={TEXT_MAX}
            placeholder="例如：綜合維他命B群 2 盒"
            {...describedBy(f('spec'), errors.spec?.message)}
            {...register('spec')}
          />
        </FormField>
        <FormField
          id={f('reason')}
          label="退貨原因"
          required
          error={errors.reason?.message}
          note={`${reason?.length ?? 0} / ${TEXT_MAX}`}
        >
          <textarea
            rows={4}
            maxLength={TEXT_MAX}
            {...describedBy(f('reason'), errors.reason?.message)}
            {...register('reason')}
          />
        </FormField>
        {refundAccount ? (
          <RefundAccountFields
            id={id}
            fields={{
              bank_code: register('refund_account.bank_code'),
              account: register('refund_account.account'),
              holder: register('refund_account.holder'),
            }}
            errors={refundAccountErrors(errors.refund_account)}
          />
        ) : null}
        {failure ? (
          <p className="form-result form-result--error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="button button--ghost" onClick={clearAll} disabled={isSubmitting}>
            清除重填
          </button>
          <button type="submit" className="button button--primary" disabled={isSubmitting || preparing > 0}>
            {isSubmitting ? '送出中…' : '確認送出'}
          </button>
        </div>
      </form>
    </ModalFrame>
  );
}
