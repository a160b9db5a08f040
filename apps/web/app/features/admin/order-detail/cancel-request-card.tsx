import { Form } from 'react-router';
import { refuseCancelDecision, shopDateTime } from '@shop/domain';
import type { OrderDetail, OrderHandling } from './order-detail.ts';

/** The member's pending cancel request, to approve (stock and points go back) or refuse. */
export function CancelRequestCard({ order: o, handling }: { order: OrderDetail; handling: OrderHandling }) {
  const { canApproveCancel, state } = handling;
  return (
    <section className="bo-card" aria-labelledby="cancel-title">
      <h2 id="cancel-title">取消申請</h2>
      <dl className="bo-dl">
        <dt>申請時間</dt>
        <dd>{shopDateTime(o.cancel_record!.created_at)}</dd>
        <dt>聯絡電話</dt>
        <dd>{o.cancel_record!.contact_phone}</dd>
        <dt>原因</dt>
        <dd>{o.cancel_record!.reason}</dd>
      </dl>
      <Form method="post" className="bo-form" style={{ marginTop: 12 }}>
        <input type="hidden" name="version" value={o.version} />
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
            disabled={!canApproveCancel}
          >
            核准取消（退回庫存與紅利）
          </button>
          <button type="submit" name="intent" value="reject-cancel" className="bo-button bo-button--danger">
            不核准
          </button>
        </div>
        {!canApproveCancel ? <p className="bo-field__help">{refuseCancelDecision(state, 'approve')}</p> : null}
      </Form>
    </section>
  );
}
