import { msg, refundAccountSchema, returnRequestFormSchema, type RefundAccountInput } from '@shop/domain';
import { useId, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../api/client.ts';
import { requestReturn } from '../../api/orders.ts';
import { uploadImage } from '../../api/uploads.ts';
import { useApi } from '../../api/use-api.ts';
import { AfterSalesModal } from './after-sales-modal.tsx';
import { FormField, describedBy, orderReference, type AfterSalesOrder } from './form-field.tsx';
import {
  EMPTY_REFUND_ACCOUNT,
  OrderRefundAccount,
  isRefundAccountField,
  useRefundAccountResolver,
} from './refund-account-fields.tsx';
import { PhotoField, usePhotoPicker } from './photo-picker.tsx';
import { isPhotoField, sendWithPhotos, type PhotoUploadSeams } from './photo-upload.ts';
import { RETURN_IMAGES_MAX, compressReturnImage } from './return-images.ts';

/** The text fields of spec §5's return form; the photos are checked beside them (they are files here). */
const returnTextSchema = returnRequestFormSchema.omit({ pic: true });
// With the refund account when the order needs one (docs/decisions/048).
const SCHEMAS = { without: returnTextSchema, with: returnTextSchema.extend({ refund_account: refundAccountSchema }) };
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
type TextField = (typeof TEXT_FIELDS)[number];
const isTextField = (field: string): field is TextField => (TEXT_FIELDS as readonly string[]).includes(field);
const TEXT_MAX = 200;

export interface ReturnRequestModalProps extends PhotoUploadSeams {
  order: AfterSalesOrder;
  /** The member, whose name and cell phone prefill the form (spec §2 Modals). */
  member: { name: string; cellPhone: string } | null;
  /** The order's money came by transfer, ATM or cash on delivery: ask where the refund goes (decision 048). */
  refundAccount?: boolean;
  onClose: () => void;
  onDone: (text: string) => void;
}

/** The text fields, prefilled with the member's name and phone. */
function useReturnForm(member: ReturnRequestModalProps['member'], refundAccount: boolean) {
  const resolver = useRefundAccountResolver<ReturnText>(refundAccount, SCHEMAS);
  return useForm<ReturnText>({
    resolver,
    defaultValues: { ...EMPTY, contact_person: member?.name ?? '', contact_phone: member?.cellPhone ?? '' },
    mode: 'onTouched',
  });
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
  const form = useReturnForm(member, refundAccount);
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting },
  } = form;

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
      try {
        await sendWithPhotos(api, images, upload, async (names) => {
          // spec §3: the return payload's pic is a JSON-encoded list of the uploaded images.
          await requestReturn(api, { ...orderReference(order), ...values, pic: JSON.stringify(names) });
          onDone(msg.returnSuccess);
        });
      } catch (error) {
        if (error instanceof ApiError) {
          for (const e of error.errors) {
            if (isPhotoField(e.field)) setImageError(e.msg);
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

  return (
    <AfterSalesModal
      title="申請退貨"
      onClose={onClose}
      onSubmit={submit}
      facts={[['訂單編號', order.orderNumber]]}
      failure={failure}
      secondary={{ label: '清除重填', onClick: clearAll }}
      submitLabel="確認送出"
      sending={isSubmitting}
      submitBlocked={preparing > 0}
    >
      <ReturnerFields id={id} form={form} />
      <PhotoField
        id={`${id}-photos`}
        label={`商品照片（1 至 ${RETURN_IMAGES_MAX} 張）`}
        required
        note="請拍下商品與瑕疵處；照片上傳前會自動壓縮。"
        max={RETURN_IMAGES_MAX}
        photoName="退貨照片"
        picker={photos}
      />
      <ReturnTextFields id={id} form={form} />
      <OrderRefundAccount asked={refundAccount} id={id} form={form} />
    </AfterSalesModal>
  );
}

/** Who returns the goods: name and phone, side by side. */
function ReturnerFields({ id, form }: { id: string; form: UseFormReturn<ReturnText> }) {
  const {
    register,
    formState: { errors },
  } = form;
  const f = (name: TextField) => `${id}-${name}`;
  return (
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
  );
}

/** What is returned and why, each ≤ 200 characters with a running count. */
function ReturnTextFields({ id, form }: { id: string; form: UseFormReturn<ReturnText> }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const [spec, reason] = useWatch({ control, name: ['spec', 'reason'] });
  const f = (name: TextField) => `${id}-${name}`;
  return (
    <>
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
    </>
  );
}
