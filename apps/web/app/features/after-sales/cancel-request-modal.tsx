import { zodResolver } from '@hookform/resolvers/zod';
import { cancelRequestFormSchema, msg, refundAccountSchema, type RefundAccountInput } from '@shop/domain';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { ApiError } from '../../api/client.ts';
import { requestCancel } from '../../api/orders.ts';
import { useApi } from '../../api/use-api.ts';
import { ModalFrame } from '../../components/ui/modal-frame.tsx';
import { FormField, describedBy, type AfterSalesOrder } from './form-field.tsx';
import {
  EMPTY_REFUND_ACCOUNT,
  RefundAccountFields,
  isRefundAccountField,
  refundAccountErrors,
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
const withAccount = cancelRequestFormSchema.extend({ refund_account: refundAccountSchema });

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
  // Without an account to ask for, the form's schema leaves `refund_account` out of what it sends.
  const resolver = useMemo(
    () => (refundAccount ? zodResolver(withAccount) : zodResolver(cancelRequestFormSchema)) as Resolver<CancelForm>,
    [refundAccount],
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CancelForm>({
    resolver,
    defaultValues: { ...EMPTY, contact_phone: order.recvCellphone },
    mode: 'onTouched',
  });
  const reason = useWatch({ control, name: 'reason' }) ?? '';

  const submit = handleSubmit(async (values) => {
    setFailure('');
    try {
      await requestCancel(api, {
        orders_id: order.id,
        order_number: order.orderNumber,
        ...(order.membersId ? { members_id: order.membersId } : {}),
        ...values,
      });
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
    <ModalFrame open title="取消訂單" onClose={onClose}>
      <form className="modal-form" noValidate onSubmit={submit}>
        <dl className="modal-form__facts">
          <div>
            <dt>訂單編號</dt>
            <dd>{order.orderNumber}</dd>
          </div>
        </dl>
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
          <button type="button" className="button button--ghost" onClick={() => reset(EMPTY)} disabled={isSubmitting}>
            清除重填
          </button>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {isSubmitting ? '送出中…' : '送出'}
          </button>
        </div>
      </form>
    </ModalFrame>
  );
}
