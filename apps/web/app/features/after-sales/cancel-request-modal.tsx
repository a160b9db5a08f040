import { zodResolver } from '@hookform/resolvers/zod';
import { cancelRequestFormSchema, msg, type CancelRequestFormInput } from '@shop/domain';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../api/client.ts';
import { requestCancel } from '../../api/orders.ts';
import { useApi } from '../../api/use-api.ts';
import { ModalFrame } from '../../components/ui/modal-frame.tsx';
import { FormField, describedBy, type AfterSalesOrder } from './form-field.tsx';

const REASON_MAX = 200;
const EMPTY: CancelRequestFormInput = { contact_phone: '', reason: '' };

interface CancelRequestModalProps {
  order: AfterSalesOrder;
  onClose: () => void;
  onDone: (text: string) => void;
}

/**
 * spec §2 Modals 「取消訂單」 for a paid order (spec §4): contact phone prefilled from recv_cellphone, the
 * reason (5 rows, ≤ 200); errors after touch, all at once on submit; 「清除重填」 and 「送出」. Success
 * closes it with the spec §8 text, failure keeps it open with the failure text.
 */
export default function CancelRequestModal({ order, onClose, onDone }: CancelRequestModalProps) {
  const api = useApi();
  const id = useId();
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CancelRequestFormInput>({
    resolver: zodResolver(cancelRequestFormSchema),
    defaultValues: { contact_phone: order.recvCellphone, reason: '' },
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
          if (e.field === 'contact_phone' || e.field === 'reason')
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
