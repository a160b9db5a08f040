import { cancelRequestFormSchema, msg, refundAccountSchema, type RefundAccountInput } from '@shop/domain';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../api/client.ts';
import { requestCancel } from '../../api/orders.ts';
import { useApi } from '../../api/use-api.ts';
import { AfterSalesModal } from './after-sales-modal.tsx';
import { FormField, describedBy, orderReference, type AfterSalesOrder } from './form-field.tsx';
import {
  EMPTY_REFUND_ACCOUNT,
  OrderRefundAccount,
  isRefundAccountField,
  useRefundAccountResolver,
} from './refund-account-fields.tsx';

const REASON_MAX = 200;

interface CancelForm {
  contact_phone: string;
  reason: string;
  /** Sent only when the order asks for it (`refundAccount`). */
  refund_account: RefundAccountInput;
}
const EMPTY: CancelForm = { contact_phone: '', reason: '', refund_account: EMPTY_REFUND_ACCOUNT };

// The server's own rules (packages/domain): with the refund account when the order needs one.
const SCHEMAS = {
  without: cancelRequestFormSchema,
  with: cancelRequestFormSchema.extend({ refund_account: refundAccountSchema }),
};

interface CancelRequestModalProps {
  order: AfterSalesOrder;
  /** The order's money came by transfer, ATM or cash on delivery: ask where the refund goes (decision 048). */
  refundAccount?: boolean;
  onClose: () => void;
  onDone: (text: string) => void;
}

/**
 * spec §2 Modals 「取消訂單」 for a paid order (spec §4): contact phone prefilled from recv_cellphone, the
 * reason (5 rows, ≤ 200); errors after touch, all at once on submit; 「清除重填」 and 「送出」. Success
 * closes it with the spec §8 text, failure keeps it open with the failure text.
 */
export default function CancelRequestModal({ order, refundAccount = false, onClose, onDone }: CancelRequestModalProps) {
  const api = useApi();
  const id = useId();
  const [failure, setFailure] = useState('');
  const resolver = useRefundAccountResolver<CancelForm>(refundAccount, SCHEMAS);
  const form = useForm<CancelForm>({
    resolver,
    defaultValues: { ...EMPTY, contact_phone: order.recvCellphone },
    mode: 'onTouched',
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const reason = useWatch({ control, name: 'reason' }) ?? '';

  const submit = handleSubmit(async (values) => {
    setFailure('');
    try {
      await requestCancel(api, { ...orderReference(order), ...values });
      onDone(msg.cancelSuccess);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const e of error.errors) {
          if (e.field === 'contact_phone' || e.field === 'reason' || isRefundAccountField(e.field))
            setError(e.field, { type: 'server', message: e.msg });
        }
      }
      setFailure(msg.cancelFailure);
    }
  });

  const phone = `${id}-phone`;
  const why = `${id}-reason`;
  return (
    <AfterSalesModal
      title="取消訂單"
      onClose={onClose}
      onSubmit={submit}
      facts={[['訂單編號', order.orderNumber]]}
      failure={failure}
      secondary={{ label: '清除重填', onClick: () => reset(EMPTY) }}
      submitLabel="送出"
      sending={isSubmitting}
    >
      <FormField id={phone} label="聯絡電話" required error={errors.contact_phone?.message}>
        <input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          {...describedBy(phone, errors.contact_phone?.message)}
          {...register('contact_phone')}
        />
      </FormField>
      <FormField
        id={why}
        label="取消原因"
        required
        error={errors.reason?.message}
        note={`${reason.length} / ${REASON_MAX}`}
      >
        <textarea
          rows={5}
          maxLength={REASON_MAX}
          {...describedBy(why, errors.reason?.message)}
          {...register('reason')}
        />
      </FormField>
      <OrderRefundAccount asked={refundAccount} id={id} form={form} />
    </AfterSalesModal>
  );
}
