import { msg } from '@shop/domain';
import { lazy, Suspense, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { cancelUnpaidOrder } from '../../api/orders.ts';
import { useApi } from '../../api/use-api.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import type { AfterSalesOrder } from './form-field.tsx';

// The modals carry React Hook Form, Zod and (the return form) compressorjs: loaded when one opens.
const TransferNoticeModal = lazy(() => import('./transfer-notice-modal.tsx'));
const CancelRequestModal = lazy(() => import('./cancel-request-modal.tsx'));
const ReturnRequestModal = lazy(() => import('./return-request-modal.tsx'));

export interface OrderActionFlags {
  /** spec §4: direct (unpaid: confirm, then cancel) or request (paid: the cancel modal). */
  cancel: 'direct' | 'request' | null;
  return: boolean;
  notifyTransfer: boolean;
  /** The cancel request or return asks where the refund goes (transfer, ATM, cash on delivery; decision 048). */
  refundAccount?: boolean;
}

interface OrderActionsProps {
  order: AfterSalesOrder;
  actions: OrderActionFlags;
  member: { name: string; cellPhone: string } | null;
  /** Called after a request succeeded, to reload the order (its record status changes). */
  onChanged: () => void;
}

type Open = 'transfer' | 'cancel' | 'confirm' | 'return' | null;

/**
 * The after-sales buttons of an order (spec §2 Modals, §4): 「通知匯款」, 「取消訂單」 and 「申請退貨」
 * when the order allows them, their modals, and the result line (spec §8 texts) once one succeeded.
 */
export function OrderActions({ order, actions, member, onChanged }: OrderActionsProps) {
  const api = useApi();
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState('');
  const [confirmError, setConfirmError] = useState('');
  const [busy, setBusy] = useState(false);

  const finish = (text: string) => {
    setOpen(null);
    setDone(text);
    onChanged();
  };

  const cancelDirectly = async () => {
    setBusy(true);
    setConfirmError('');
    try {
      await cancelUnpaidOrder(api, order.id);
      finish(`訂單 ${order.orderNumber} 已取消`);
    } catch (error) {
      setConfirmError(error instanceof ApiError && error.status === 409 ? error.message : msg.cancelFailure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="order-actions">
      {done ? (
        <p className="form-result form-result--ok order-actions__done" role="status">
          {done}
        </p>
      ) : null}
      <OrderActionButtons actions={actions} onOpen={setOpen} />
      <ConfirmDialog
        open={open === 'confirm'}
        title="取消訂單"
        message={msg.cancelConfirm(order.orderNumber)}
        confirmLabel="確定取消"
        cancelLabel="保留訂單"
        busy={busy}
        error={confirmError}
        onConfirm={() => void cancelDirectly()}
        onClose={() => {
          setOpen(null);
          setConfirmError('');
        }}
      />
      <Suspense fallback={null}>
        {open === 'transfer' ? (
          <TransferNoticeModal order={order} onClose={() => setOpen(null)} onDone={finish} />
        ) : null}
        {open === 'cancel' ? (
          <CancelRequestModal
            order={order}
            refundAccount={actions.refundAccount}
            onClose={() => setOpen(null)}
            onDone={finish}
          />
        ) : null}
        {open === 'return' ? (
          <ReturnRequestModal
            order={order}
            member={member}
            refundAccount={actions.refundAccount}
            onClose={() => setOpen(null)}
            onDone={finish}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

/** The buttons the order allows; 「取消訂單」 asks to confirm (unpaid) or opens the request form (paid). */
function OrderActionButtons({ actions, onOpen }: { actions: OrderActionFlags; onOpen: (open: Open) => void }) {
  const any = actions.notifyTransfer || actions.cancel !== null || actions.return;
  if (!any) return null;
  return (
    <div className="order-actions__buttons">
      {actions.notifyTransfer ? (
        <button type="button" className="button button--primary" onClick={() => onOpen('transfer')}>
          通知匯款
        </button>
      ) : null}
      {actions.return ? (
        <button type="button" className="button button--ghost" onClick={() => onOpen('return')}>
          申請退貨
        </button>
      ) : null}
      {actions.cancel ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => onOpen(actions.cancel === 'direct' ? 'confirm' : 'cancel')}
        >
          取消訂單
        </button>
      ) : null}
    </div>
  );
}
