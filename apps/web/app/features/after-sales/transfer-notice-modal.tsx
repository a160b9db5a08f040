import { zodResolver } from '@hookform/resolvers/zod';
import { formatNtd, msg, transferNoticeSchema, type TransferNoticeInput } from '@shop/domain';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../api/client.ts';
import { notifyTransfer } from '../../api/orders.ts';
import { useApi } from '../../api/use-api.ts';
import { AfterSalesModal } from './after-sales-modal.tsx';
import { FormField, describedBy, type AfterSalesOrder } from './form-field.tsx';

interface TransferNoticeModalProps {
  order: AfterSalesOrder;
  onClose: () => void;
  /** Called with the spec §8 success text; the modal closes. */
  onDone: (text: string) => void;
}

/**
 * spec §2 Modals 「通知匯款」: order number, NT$ amount and the last 5 digits of the paying account
 * (spec §5: 「此欄位為必填」 when empty, 「輸入錯誤」 unless exactly 5); 「重設」 and 「通知」.
 */
export default function TransferNoticeModal({ order, onClose, onDone }: TransferNoticeModalProps) {
  const api = useApi();
  const id = useId();
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TransferNoticeInput>({
    resolver: zodResolver(transferNoticeSchema),
    defaultValues: { last_number_of_transfer: '' },
    mode: 'onTouched',
  });

  const submit = handleSubmit(async ({ last_number_of_transfer }) => {
    setFailure('');
    try {
      await notifyTransfer(api, { id: order.id, members_id: order.membersId }, last_number_of_transfer);
      onDone(msg.transferSuccess);
    } catch (error) {
      const fieldError =
        error instanceof ApiError ? error.errors.find((e) => e.field === 'last_number_of_transfer') : undefined;
      if (fieldError) setError('last_number_of_transfer', { type: 'server', message: fieldError.msg });
      setFailure(msg.transferFailure);
    }
  });

  const digits = `${id}-digits`;
  const error = errors.last_number_of_transfer?.message;
  return (
    <AfterSalesModal
      title="通知匯款"
      onClose={onClose}
      onSubmit={submit}
      facts={[
        ['訂單編號', order.orderNumber],
        ['匯款金額', formatNtd(order.payAmount)],
      ]}
      failure={failure}
      secondary={{ label: '重設', onClick: () => reset() }}
      submitLabel="通知"
      sending={isSubmitting}
    >
      <FormField id={digits} label="匯款帳號末五碼" required error={error}>
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          placeholder="12345"
          {...describedBy(digits, error)}
          {...register('last_number_of_transfer')}
        />
      </FormField>
    </AfterSalesModal>
  );
}
