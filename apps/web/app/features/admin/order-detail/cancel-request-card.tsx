import { Form } from 'react-router';
import { refundRoute, refuseCancelDecision, shopDateTime } from '@shop/domain';
import type { OrderDetail, OrderHandling } from './order-detail.ts';
import { RefundInstructions } from './refund-instructions.tsx';

/**
 * The member's cancel request: while pending, to approve (stock and points go back) or refuse; once
 * approved, where the refund goes until the money is back with the shopper (docs/decisions/048).
 */
export function CancelRequestCard({ order: o, handling }: { order: OrderDetail; handling: OrderHandling }) {
  const { canApproveCancel, cancelPending, state } = handling;
  const cancel = o.cancel_record!;
  return (
    <section className="bo-card" aria-labelledby="cancel-title">
      <h2 id="cancel-title">取消申請{cancelPending ? '' : '（已核准）'}</h2>
      <dl className="bo-dl">
        <dt>申請時間</dt>
        <dd>{shopDateTime(cancel.created_at)}</dd>
        <dt>聯絡電話</dt>
        <dd>{cancel.contact_phone}</dd>
        <dt>原因</dt>
        <dd>{cancel.reason}</dd>
      </dl>
      <RefundInstructions
        order={o}
        account={cancel.refund_account}
        amount={o.pay_amount}
        contactPhone={cancel.contact_phone}
      />
      {cancelPending ? (
        <CancelDecision order={o} canApprove={canApproveCancel} refusal={refuseCancelDecision(state, 'approve')} />
      ) : null}
    </section>
  );
}

/** Approve or refuse the pending request; approving is refused while the order cannot be cancelled. */
function CancelDecision({
  order: o,
  canApprove,
  refusal,
}: {
  order: OrderDetail;
  canApprove: boolean;
  refusal: string | null;
}) {
  return (
    <Form method="post" className="bo-form" style={{ marginTop: 12 }}>
      <input type="hidden" name="version" value={o.version} />
      {/* Only to word the notice: the server decides where the money goes. */}
      <input type="hidden" name="refund_route" value={refundRoute(o) ?? ''} />
      <div className="bo-field">
        <label htmlFor="cancel-note">備註（內部紀錄）</label>
        <input id="cancel-note" name="note" className="bo-input" maxLength={200} />
      </div>
      <div className="bo-actions">
        <button
          type="submit"
          name="intent"
          value="approve-cancel"
          className="bo-button bo-button--primary"
          disabled={!canApprove}
        >
          核准取消（退回庫存與紅利）
        </button>
        <button type="submit" name="intent" value="reject-cancel" className="bo-button bo-button--danger">
          不核准
        </button>
      </div>
      {!canApprove ? <p className="bo-field__help">{refusal}</p> : null}
    </Form>
  );
}
