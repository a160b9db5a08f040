import { Form, Link } from 'react-router';
import type { Route } from './+types/order-detail';
import {
  CancelStatus,
  describeReceipt,
  FREIGHT_COMPANIES,
  labelOf,
  msg,
  orderEventLabel,
  orderStateLabel,
  OrderStatus,
  PaymentMethod,
  refuseCancelDecision,
  refusePaymentConfirmation,
  refuseReturnStep,
  refuseShipping,
  taipeiDate,
  type HandledLine,
  type HandledOrder,
  type OrderEvent,
  type OrderState,
} from '@shop/domain';
import { adminGet, adminSend, staffApi, type ActionResult } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { OrderBadges } from '../../features/admin/components/order-badges.tsx';
import { ActionNotice, PageHeader } from '../../features/admin/components/page-parts.tsx';
import { ReturnApproveForm } from '../../features/admin/components/return-approve-form.tsx';
import { money, shopDateTime, shopDay } from '../../features/admin/format.ts';
import { imageUrl } from '../../lib/image-url.ts';

interface OrderDetail {
  id: number;
  order_number: string;
  created_at: string;
  member: { id: number; account: string; name: string; cell_phone: string } | null;
  member_cellphone: string;
  payment_type: number;
  delivery_method: number;
  is_payment: boolean;
  paid_at: string | null;
  is_shipping: boolean;
  ship_date: string | null;
  freight_company: string;
  tracking_number: string;
  status: number;
  goods_amount: number;
  discount_amount: number;
  celebrity_discount: number;
  celebrity_code: string | null;
  shipping: number;
  use_bonus: number;
  pay_amount: number;
  recv_name: string;
  recv_cellphone: string;
  recv_address: string;
  store_info: { chain?: string; id?: string; name?: string } | null;
  remark: string;
  receipt: Record<string, unknown>;
  lines: HandledLine[];
  virtual_account: string | null;
  virtual_account_bank_code: string | null;
  last_number_of_transfer: string | null;
  trade_no: string | null;
  refund_due: 'paid_after_cancel' | 'paid_twice' | null;
  cancel_record: {
    status: number;
    contact_phone: string;
    reason: string;
    created_at: string;
    handled_at: string | null;
  } | null;
  return_record: {
    status: number;
    contact_person: string;
    contact_phone: string;
    spec: string;
    reason: string;
    pic: string[];
    refund_amount: number | null;
    created_at: string;
  } | null;
  version: number;
  events: {
    id: number;
    event: string;
    from_state: string | null;
    to_state: string;
    actor: 'member' | 'staff' | 'provider' | 'system';
    actor_name: string;
    reason: string;
    created_at: string;
  }[];
}

const ACTOR_LABEL: Record<OrderDetail['events'][number]['actor'], string> = {
  member: '顧客',
  staff: '員工',
  provider: '金流／物流',
  system: '系統',
};

/** A history row's words: the move, then the state it led to when the state changed. */
function eventText(e: OrderDetail['events'][number]): string {
  const what = e.event === 'place' ? '下單' : (orderEventLabel[e.event as OrderEvent] ?? e.event);
  const state = orderStateLabel[e.to_state as OrderState] ?? e.to_state;
  return e.from_state === e.to_state ? what : `${what} → ${state}`;
}

const REFUND_DUE_TEXT: Record<NonNullable<OrderDetail['refund_due']>, string> = {
  paid_after_cancel: '此訂單取消後才收到付款，需退款給顧客。',
  paid_twice: '此訂單重複付款（收到第二筆交易），需退還其中一筆。',
};

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data ? `訂單 ${data.order.order_number}` : '訂單');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!/^\d+$/.test(params.id)) throw new Response(null, { status: 404 });
  const { data } = await adminGet<OrderDetail>(staffApi(request, context), `/admin/orders/${params.id}`);
  return { order: data, today: taipeiDate(new Date()) };
}

const toNumber = (value: FormDataEntryValue | null) => (value === null || value === '' ? undefined : Number(value));

export async function action({ request, context, params }: Route.ActionArgs): Promise<ActionResult> {
  const api = staffApi(request, context);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const version = toNumber(form.get('version'));
  const note = String(form.get('note') ?? '').trim() || undefined;
  const base = `/admin/orders/${params.id}`;
  const send = async (path: string, body: object, done: string) => {
    const result = await adminSend(api, 'POST', `${base}/${path}`, body);
    return result.ok ? { ok: true, message: done } : result;
  };
  switch (intent) {
    case 'confirm-payment':
      return send('payment-confirmation', { version }, '已確認付款');
    case 'ship':
      return send(
        'shipment',
        {
          version,
          freight_company: String(form.get('freight_company') ?? ''),
          tracking_number: String(form.get('tracking_number') ?? ''),
          ship_date: String(form.get('ship_date') ?? ''),
        },
        '已出貨，物流單號已寫入訂單',
      );
    case 'approve-cancel':
      return send('cancel-request/approve', { version, note }, '已核准取消，庫存與紅利已退回');
    case 'reject-cancel':
      return send('cancel-request/reject', { version, note }, '已不核准此取消申請');
    case 'approve-return': {
      const items: { line: number; qty: number }[] = [];
      for (let i = 0; form.has(`items.${i}.line`); i++) {
        items.push({ line: Number(form.get(`items.${i}.line`)), qty: Number(form.get(`items.${i}.qty`) || 0) });
      }
      return send(
        'return-request/approve',
        { version, items, refund_amount: toNumber(form.get('refund_amount')), note },
        '已核准退貨，請匯款退款後按「完成退款」',
      );
    }
    case 'reject-return':
      return send('return-request/reject', { version, note }, '已不核准此退貨申請');
    case 'refund':
      return send('return-request/refund', { version, note }, '已完成退款');
    case 'settle-refund':
      return send('refund-settled', { version }, '已記錄退款完成');
    default:
      return { ok: false, message: '不支援此操作' };
  }
}

function Amount({ label, value, negative }: { label: string; value: number; negative?: boolean }) {
  if (!value && negative) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{money(negative ? -value : value)}</dd>
    </>
  );
}

export default function AdminOrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { order: o, today } = loaderData;
  const errors = actionData && !actionData.ok ? (actionData.errors ?? {}) : {};
  const state: HandledOrder = {
    status: o.status,
    payment_type: o.payment_type,
    is_payment: o.is_payment,
    is_shipping: o.is_shipping,
    cancel_status: o.cancel_record?.status ?? null,
    return_status: o.return_record?.status ?? null,
  };
  const canConfirm = refusePaymentConfirmation(state) === null;
  const canShip = refuseShipping(state) === null;
  const shipBlocked = !o.is_shipping && !canShip ? refuseShipping(state) : null;
  const cancelPending = o.cancel_record?.status === CancelStatus.Canceling;
  const canApproveCancel = cancelPending && refuseCancelDecision(state, 'approve') === null;
  const returnPending = refuseReturnStep(state.return_status, 'approve') === null;
  const refundPending = refuseReturnStep(state.return_status, 'refund') === null;
  const receipt = describeReceipt(o.receipt);

  return (
    <>
      <PageHeader
        title={`訂單 ${o.order_number}`}
        description={
          <OrderBadges
            order={{ ...o, cancel_status: o.cancel_record?.status, return_status: o.return_record?.status }}
          />
        }
        back={{ to: '/admin/orders', label: '訂單列表' }}
      />
      <ActionNotice result={actionData} />
      <div className="bo-grid-main">
        <div>
          {o.refund_due ? (
            <section className="bo-card" aria-labelledby="refund-due-title">
              <h2 id="refund-due-title">待退款</h2>
              <p className="bo-notice bo-notice--warn">
                {REFUND_DUE_TEXT[o.refund_due]}金額 {money(o.pay_amount)}
                {o.trade_no ? `，金流交易編號 ${o.trade_no}` : ''}。請在金流後台辦理退款後再按下方按鈕。
              </p>
              <Form method="post">
                <input type="hidden" name="version" value={o.version} />
                <button type="submit" name="intent" value="settle-refund" className="bo-button bo-button--primary">
                  已完成退款
                </button>
              </Form>
            </section>
          ) : null}

          {canConfirm ? (
            <section className="bo-card" aria-labelledby="pay-title">
              <h2 id="pay-title">確認付款</h2>
              {o.payment_type === PaymentMethod.Transfer ? (
                o.last_number_of_transfer ? (
                  <p>
                    顧客通知的匯款帳號末五碼：<span className="bo-highlight">{o.last_number_of_transfer}</span>
                    <br />
                    請核對銀行入帳紀錄的末五碼與金額 {money(o.pay_amount)} 後再確認。
                  </p>
                ) : (
                  <p className="bo-notice bo-notice--warn">
                    顧客尚未通知匯款（沒有末五碼）。確認前請先核對銀行入帳紀錄。
                  </p>
                )
              ) : (
                <p>
                  付款方式：{labelOf(msg.paymentMethodLabel, o.payment_type)}，應收 {money(o.pay_amount)}。
                </p>
              )}
              <Form method="post">
                <input type="hidden" name="version" value={o.version} />
                <button type="submit" name="intent" value="confirm-payment" className="bo-button bo-button--primary">
                  確認已收到款項
                </button>
              </Form>
            </section>
          ) : null}

          {canShip ? (
            <section className="bo-card" aria-labelledby="ship-title">
              <h2 id="ship-title">出貨</h2>
              <Form method="post" className="bo-form">
                <input type="hidden" name="version" value={o.version} />
                <div className="bo-fields">
                  <div className="bo-field">
                    <label htmlFor="freight">物流公司</label>
                    <input
                      id="freight"
                      name="freight_company"
                      className="bo-input"
                      list="freight-companies"
                      defaultValue={FREIGHT_COMPANIES[0]}
                      required
                      aria-invalid={errors.freight_company ? true : undefined}
                    />
                    <datalist id="freight-companies">
                      {FREIGHT_COMPANIES.map((c) => (
                        <option key={c} value={c} />
                      ))}
                    </datalist>
                    {errors.freight_company ? <p className="bo-field__error">{errors.freight_company}</p> : null}
                  </div>
                  <div className="bo-field">
                    <label htmlFor="tracking">物流單號</label>
                    <input
                      id="tracking"
                      name="tracking_number"
                      className="bo-input"
                      required
                      autoComplete="off"
                      aria-invalid={errors.tracking_number ? true : undefined}
                    />
                    {errors.tracking_number ? <p className="bo-field__error">{errors.tracking_number}</p> : null}
                  </div>
                  <div className="bo-field">
                    <label htmlFor="ship-date">出貨日期</label>
                    <input
                      id="ship-date"
                      name="ship_date"
                      type="date"
                      className="bo-input"
                      defaultValue={today}
                      max={today}
                      required
                      aria-invalid={errors.ship_date ? true : undefined}
                    />
                    {errors.ship_date ? <p className="bo-field__error">{errors.ship_date}</p> : null}
                  </div>
                </div>
                <div className="bo-actions">
                  <button type="submit" name="intent" value="ship" className="bo-button bo-button--primary">
                    確認出貨
                  </button>
                </div>
              </Form>
            </section>
          ) : shipBlocked && o.status === OrderStatus.Processing && !cancelPending ? (
            <p className="bo-notice bo-notice--warn">出貨：{shipBlocked}</p>
          ) : null}

          {cancelPending ? (
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
          ) : null}

          {o.return_record ? (
            <section className="bo-card" aria-labelledby="return-title">
              <h2 id="return-title">退貨申請（{labelOf(msg.returnStatusLabel, o.return_record.status)}）</h2>
              <dl className="bo-dl">
                <dt>申請時間</dt>
                <dd>{shopDateTime(o.return_record.created_at)}</dd>
                <dt>退貨人</dt>
                <dd>
                  {o.return_record.contact_person} {o.return_record.contact_phone}
                </dd>
                <dt>退回商品</dt>
                <dd>{o.return_record.spec}</dd>
                <dt>原因</dt>
                <dd>{o.return_record.reason}</dd>
                {o.return_record.refund_amount !== null ? (
                  <>
                    <dt>退款金額</dt>
                    <dd>{money(o.return_record.refund_amount)}</dd>
                  </>
                ) : null}
              </dl>
              {o.return_record.pic.length ? (
                <ul className="bo-pictures" aria-label="退貨照片" style={{ marginTop: 12 }}>
                  {o.return_record.pic.map((pic, i) => (
                    <li key={pic} className="bo-picture">
                      <a href={imageUrl(pic)} target="_blank" rel="noopener">
                        <img src={imageUrl(pic)} alt={`退貨照片 ${i + 1}`} loading="lazy" />
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
              {returnPending ? (
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
              {refundPending ? (
                <Form method="post" style={{ marginTop: 12 }}>
                  <input type="hidden" name="version" value={o.version} />
                  <button type="submit" name="intent" value="refund" className="bo-button bo-button--primary">
                    完成退款
                  </button>
                </Form>
              ) : null}
            </section>
          ) : null}

          <section className="bo-card" aria-labelledby="lines-title">
            <h2 id="lines-title">訂購內容</h2>
            <div className="bo-table-wrap">
              <table className="bo-table">
                <thead>
                  <tr>
                    <th scope="col">品項</th>
                    <th scope="col" className="bo-num">
                      單價
                    </th>
                    <th scope="col" className="bo-num">
                      數量
                    </th>
                    <th scope="col" className="bo-num">
                      小計
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {o.lines.map((l, i) => (
                    <tr key={i}>
                      <td>
                        {l.kind === 'package' ? <span className="bo-badge">組合</span> : null} {l.name}
                        {l.spec_name ? `（${l.spec_name}）` : ''}
                      </td>
                      <td className="bo-num">{money(l.on_sale_price)}</td>
                      <td className="bo-num">{l.qty}</td>
                      <td className="bo-num">{money(l.on_sale_price * l.qty)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <dl className="bo-dl" style={{ marginTop: 12 }}>
              <Amount label="商品金額" value={o.goods_amount} />
              <Amount label="組合優惠" value={o.discount_amount} negative />
              <Amount label="網紅折扣" value={o.celebrity_discount} negative />
              <dt>運費</dt>
              <dd>{o.shipping === 0 ? '免運費' : money(o.shipping)}</dd>
              <Amount label="紅利折抵" value={o.use_bonus} negative />
              <dt>應付金額</dt>
              <dd>
                <strong>{money(o.pay_amount)}</strong>
              </dd>
            </dl>
          </section>
        </div>

        <div>
          <section className="bo-card" aria-labelledby="info-title">
            <h2 id="info-title">訂單資訊</h2>
            <dl className="bo-dl">
              <dt>訂購時間</dt>
              <dd>{shopDateTime(o.created_at)}</dd>
              <dt>會員</dt>
              <dd>
                {o.member ? (
                  <Link to={`/admin/members/${o.member.id}`}>
                    {o.member.name || o.member.account}（{o.member.cell_phone}）
                  </Link>
                ) : (
                  `訪客 ${o.member_cellphone}`
                )}
              </dd>
              <dt>付款方式</dt>
              <dd>{labelOf(msg.paymentMethodLabel, o.payment_type)}</dd>
              <dt>付款狀態</dt>
              <dd>{o.is_payment ? `已付款 ${shopDateTime(o.paid_at)}` : '未付款'}</dd>
              {o.last_number_of_transfer ? (
                <>
                  <dt>匯款末五碼</dt>
                  <dd>{o.last_number_of_transfer}</dd>
                </>
              ) : null}
              {o.virtual_account ? (
                <>
                  <dt>虛擬帳號</dt>
                  <dd>
                    ({o.virtual_account_bank_code}) {o.virtual_account}
                  </dd>
                </>
              ) : null}
              {o.trade_no ? (
                <>
                  <dt>金流交易序號</dt>
                  <dd>{o.trade_no}</dd>
                </>
              ) : null}
              <dt>發票</dt>
              <dd>{receipt || '—'}</dd>
              {o.celebrity_code ? (
                <>
                  <dt>推薦碼</dt>
                  <dd>{o.celebrity_code}</dd>
                </>
              ) : null}
            </dl>
          </section>
          <section className="bo-card" aria-labelledby="ship-info-title">
            <h2 id="ship-info-title">收件與配送</h2>
            <dl className="bo-dl">
              <dt>收件人</dt>
              <dd>{o.recv_name}</dd>
              <dt>手機</dt>
              <dd>{o.recv_cellphone}</dd>
              <dt>配送方式</dt>
              <dd>{labelOf(msg.deliveryMethodLabel, o.delivery_method)}</dd>
              {o.store_info ? (
                <>
                  <dt>取貨門市</dt>
                  <dd>
                    {o.store_info.chain} {o.store_info.name}（{o.store_info.id}）
                  </dd>
                </>
              ) : (
                <>
                  <dt>地址</dt>
                  <dd>{o.recv_address || '—'}</dd>
                </>
              )}
              <dt>出貨</dt>
              <dd>{o.is_shipping ? `已出貨 ${shopDay(o.ship_date)}` : '未出貨'}</dd>
              {o.tracking_number ? (
                <>
                  <dt>物流</dt>
                  <dd>
                    {o.freight_company} {o.tracking_number}
                  </dd>
                </>
              ) : null}
              <dt>備註</dt>
              <dd>{o.remark || '—'}</dd>
            </dl>
          </section>
          <section className="bo-card" aria-labelledby="history-title">
            <h2 id="history-title">訂單歷程</h2>
            {o.events.length ? (
              <ol className="bo-picker__chosen">
                {o.events.map((e) => (
                  <li key={e.id}>
                    <span className="bo-picker__name">
                      {eventText(e)}
                      <br />
                      <small>
                        {shopDateTime(e.created_at)} · {ACTOR_LABEL[e.actor]}
                        {e.actor_name ? ` ${e.actor_name}` : ''}
                        {e.reason ? ` · ${e.reason}` : ''}
                      </small>
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="bo-field__help">尚無歷程</p>
            )}
          </section>
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
