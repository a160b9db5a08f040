import { Form } from 'react-router';
import { labelOf, msg, ReturnStatus, shopDateTime } from '@shop/domain';
import { imageUrl } from '../../../lib/image-url.ts';
import { ReturnApproveForm } from '../components/return-approve-form.tsx';
import { money } from '../format.ts';
import type { FieldErrors, OrderDetail, OrderHandling } from './order-detail.ts';
import { RefundInstructions } from './refund-instructions.tsx';

interface ReturnRequestCardProps {
  order: OrderDetail;
  handling: OrderHandling;
  errors: FieldErrors;
}

/** The return request with its photos; while pending, approve (what comes back, how much) or refuse; then refund. */
export function ReturnRequestCard({ order: o, handling, errors }: ReturnRequestCardProps) {
  const ret = o.return_record!;
  return (
    <section className="bo-card" aria-labelledby="return-title">
      <h2 id="return-title">退貨申請（{labelOf(msg.returnStatusLabel, ret.status)}）</h2>
      <dl className="bo-dl">
        <dt>申請時間</dt>
        <dd>{shopDateTime(ret.created_at)}</dd>
        <dt>退貨人</dt>
        <dd>
          {ret.contact_person} {ret.contact_phone}
        </dd>
        <dt>退回商品</dt>
        <dd>{ret.spec}</dd>
        <dt>原因</dt>
        <dd>{ret.reason}</dd>
        {ret.refund_amount !== null ? (
          <>
            <dt>退款金額</dt>
            <dd>{money(ret.refund_amount)}</dd>
          </>
        ) : null}
      </dl>
      {ret.status !== ReturnStatus.Cancel ? (
        <RefundInstructions
          order={o}
          account={ret.refund_account}
          amount={ret.refund_amount}
          contactPhone={ret.contact_phone}
        />
      ) : null}
      {ret.pic.length ? (
        <ul className="bo-pictures" aria-label="退貨照片" style={{ marginTop: 12 }}>
          {ret.pic.map((pic, i) => (
            <li key={pic} className="bo-picture">
              <a href={imageUrl(pic)} target="_blank" rel="noopener">
                <img src={imageUrl(pic)} alt={`退貨照片 ${i + 1}`} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {handling.returnPending ? (
        <>
          <h3>核准退貨</h3>
          <ReturnApproveForm
            version={o.version}
            lines={o.lines}
            amounts={{ shipping: o.shipping, use_bonus: o.use_bonus, pay_amount: o.pay_amount }}
            errors={errors}
          />
          <Form method="post" className="bo-form" style={{ marginTop: 12 }}>
            <input type="hidden" name="version" value={o.version} />
            <div className="bo-field">
              <label htmlFor="reject-note">不核准的原因（內部紀錄）</label>
              <input id="reject-note" name="note" className="bo-input" maxLength={200} />
            </div>
            <div className="bo-actions">
              <button type="submit" name="intent" value="reject-return" className="bo-button bo-button--danger">
                不核准退貨
              </button>
            </div>
          </Form>
        </>
      ) : null}
      {handling.refundPending ? (
        <Form method="post" style={{ marginTop: 12 }}>
          <input type="hidden" name="version" value={o.version} />
          <button type="submit" name="intent" value="refund" className="bo-button bo-button--primary">
            完成退款
          </button>
        </Form>
      ) : null}
    </section>
  );
}
