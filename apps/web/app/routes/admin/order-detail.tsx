import type { Route } from './+types/order-detail';
import { type AdminOrderMessage, CancelStatus, OrderStatus, taipeiDate } from '@shop/domain';
import { adminGet, adminSend, staffApi, type ActionResult } from '../../features/admin/admin-api.server.ts';
import { adminMeta } from '../../features/admin/admin-meta.ts';
import { AdminRouteError } from '../../features/admin/components/admin-route-error.tsx';
import { OrderBadges } from '../../features/admin/components/order-badges.tsx';
import { ActionNotice, PageHeader } from '../../features/admin/components/page-parts.tsx';
import { CancelRequestCard } from '../../features/admin/order-detail/cancel-request-card.tsx';
import { DeliveryCard } from '../../features/admin/order-detail/delivery-card.tsx';
import { EInvoiceCard } from '../../features/admin/order-detail/e-invoice-card.tsx';
import { EcpayShipmentCard } from '../../features/admin/order-detail/ecpay-shipment-card.tsx';
import { orderHandling, type OrderDetail } from '../../features/admin/order-detail/order-detail.ts';
import { OrderHistoryCard } from '../../features/admin/order-detail/order-history-card.tsx';
import { OrderInfoCard } from '../../features/admin/order-detail/order-info-card.tsx';
import { OrderLinesCard } from '../../features/admin/order-detail/order-lines-card.tsx';
import { OrderMessagesCard } from '../../features/admin/order-detail/order-messages-card.tsx';
import { PaymentConfirmationCard } from '../../features/admin/order-detail/payment-confirmation-card.tsx';
import { ManualRefundCard } from '../../features/admin/order-detail/manual-refund-card.tsx';
import { PaymentRecordsCard } from '../../features/admin/order-detail/payment-records-card.tsx';
import { RefundDueCard } from '../../features/admin/order-detail/refund-due-card.tsx';
import { ReturnRequestCard } from '../../features/admin/order-detail/return-request-card.tsx';
import { ShipmentCard } from '../../features/admin/order-detail/shipment-card.tsx';
import { readForm } from '../../lib/form-post.server.ts';

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data ? `訂單 ${data.order.order_number}` : '訂單');

export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  if (!/^\d+$/.test(params.id)) throw new Response(null, { status: 404 });
  const api = staffApi({ request, url, context });
  const [{ data }, messages] = await Promise.all([
    adminGet<OrderDetail>(api, `/admin/orders/${params.id}`),
    adminGet<AdminOrderMessage[]>(api, `/admin/orders/${params.id}/messages`),
  ]);
  return { order: data, messages: messages.data, today: taipeiDate(new Date()) };
}

const toNumber = (value: FormDataEntryValue | null) => (value === null || value === '' ? undefined : Number(value));
const versionOf = (form: FormData) => toNumber(form.get('version'));
const noteOf = (form: FormData) => String(form.get('note') ?? '').trim() || undefined;

/** A staff move that is one POST under the order: where it goes, what it sends, what the notice says. */
type OrderMove = (form: FormData) => { path: string; body: object; done: string };

const ORDER_MOVES = new Map<string, OrderMove>([
  [
    'confirm-payment',
    (form) => ({ path: 'payment-confirmation', body: { version: versionOf(form) }, done: '已確認付款' }),
  ],
  [
    'ship',
    (form) => ({
      path: 'shipment',
      body: {
        version: versionOf(form),
        freight_company: String(form.get('freight_company') ?? ''),
        tracking_number: String(form.get('tracking_number') ?? ''),
        ship_date: String(form.get('ship_date') ?? ''),
      },
      done: '已出貨，物流單號已寫入訂單',
    }),
  ],
  ['simulate-shipment', () => simulatedShipment(false)],
  ['simulate-unclaimed', () => simulatedShipment(true)],
  [
    'approve-cancel',
    (form) => ({
      path: 'cancel-request/approve',
      body: { version: versionOf(form), note: noteOf(form) },
      done:
        form.get('refund_route') === 'provider'
          ? '已核准取消，庫存與紅利已退回，款項將自動退回原付款方式'
          : '已核准取消，庫存與紅利已退回',
    }),
  ],
  [
    'reject-cancel',
    (form) => ({
      path: 'cancel-request/reject',
      body: { version: versionOf(form), note: noteOf(form) },
      done: '已不核准此取消申請',
    }),
  ],
  ['approve-return', approvedReturn],
  [
    'reject-return',
    (form) => ({
      path: 'return-request/reject',
      body: { version: versionOf(form), note: noteOf(form) },
      done: '已不核准此退貨申請',
    }),
  ],
  [
    'refund',
    (form) => ({
      path: 'return-request/refund',
      body: { version: versionOf(form), note: noteOf(form) },
      done: '已完成退款',
    }),
  ],
  ['settle-refund', (form) => ({ path: 'refund-settled', body: { version: versionOf(form) }, done: '已記錄退款完成' })],
  [
    'record-refund',
    (form) => ({
      path: 'refund-record',
      body: {
        version: versionOf(form),
        amount: toNumber(form.get('amount')),
        refunded_on: String(form.get('refunded_on') ?? ''),
        note: String(form.get('note') ?? ''),
      },
      done: '已記錄退款，訂單狀態為已退款',
    }),
  ],
]);

function simulatedShipment(unclaimed: boolean) {
  return { path: 'shipment/simulate', body: { unclaimed }, done: '已模擬綠界的下一個物流狀態通知' };
}

/** The return approved for the lines and quantities the form lists, with the refund the staff set. */
function approvedReturn(form: FormData) {
  const items: { line: number; qty: number }[] = [];
  for (let i = 0; form.has(`items.${i}.line`); i++) {
    items.push({ line: Number(form.get(`items.${i}.line`)), qty: Number(form.get(`items.${i}.qty`) || 0) });
  }
  return {
    path: 'return-request/approve',
    body: { version: versionOf(form), items, refund_amount: toNumber(form.get('refund_amount')), note: noteOf(form) },
    done: '已核准退貨，請匯款退款後按「完成退款」',
  };
}

async function createShipment(api: ReturnType<typeof staffApi>, orderId: string): Promise<ActionResult> {
  const result = await adminSend<{ ok: boolean; msg: string }[]>(api, 'POST', '/admin/shipments', {
    order_ids: [Number(orderId)],
  });
  if (!result.ok) return result;
  const [one] = result.data ?? [];
  return one?.ok
    ? { ok: true, message: '已送出建立物流單，綠界建立後訂單會改為已出貨' }
    : { ok: false, message: one?.msg ?? '無法建立物流單' };
}

async function retryJob(api: ReturnType<typeof staffApi>, form: FormData): Promise<ActionResult> {
  const job = String(form.get('job') ?? '');
  if (!/^\d+$/.test(job)) return { ok: false, message: '不支援此操作' };
  const result = await adminSend(api, 'POST', `/admin/jobs/${job}/retry`);
  return result.ok ? { ok: true, message: '已重新排入背景工作，稍後重新整理查看結果' } : result;
}

export async function action({ request, url, context, params }: Route.ActionArgs): Promise<ActionResult> {
  const api = staffApi({ request, url, context });
  const form = await readForm(request);
  const intent = String(form.get('intent') ?? '');
  if (intent === 'create-shipment') return createShipment(api, params.id);
  if (intent === 'retry-job') return retryJob(api, form);
  const move = ORDER_MOVES.get(intent);
  if (!move) return { ok: false, message: '不支援此操作' };
  const { path, body, done } = move(form);
  const result = await adminSend(api, 'POST', `/admin/orders/${params.id}/${path}`, body);
  return result.ok ? { ok: true, message: done } : result;
}

export default function AdminOrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { order: o, messages, today } = loaderData;
  const errors = actionData && !actionData.ok ? (actionData.errors ?? {}) : {};
  const handling = orderHandling(o);
  const { shipBlocked, cancelPending } = handling;

  return (
    <>
      <PageHeader
        title={`訂單 ${o.order_number}`}
        description={
          <OrderBadges
            order={{
              ...o,
              cancel_status: o.cancel_record?.status,
              return_status: o.return_record?.status,
              refunded_at: o.refunded_at,
            }}
          />
        }
        back={{ to: '/admin/orders', label: '訂單列表' }}
      />
      <ActionNotice result={actionData} />
      <div className="bo-grid-main">
        <div>
          <RefundDueCard order={o} />
          {handling.canConfirm ? <PaymentConfirmationCard order={o} /> : null}
          {handling.canShip || o.shipment ? <EcpayShipmentCard order={o} canCreate={handling.canShip} /> : null}
          {handling.canShip && (!o.shipment || o.shipment.state === 'refused') ? (
            <ShipmentCard order={o} today={today} errors={errors} />
          ) : shipBlocked && o.status === OrderStatus.Processing && !cancelPending ? (
            <p className="bo-notice bo-notice--warn">出貨：{shipBlocked}</p>
          ) : null}
          {cancelPending || o.cancel_record?.status === CancelStatus.Approve ? (
            <CancelRequestCard order={o} handling={handling} />
          ) : null}
          {o.return_record ? <ReturnRequestCard order={o} handling={handling} errors={errors} /> : null}
          {handling.canRecordRefund ? <ManualRefundCard order={o} today={today} errors={errors} /> : null}
          <OrderLinesCard order={o} />
        </div>
        <div>
          <OrderInfoCard order={o} />
          <DeliveryCard order={o} />
          <PaymentRecordsCard order={o} />
          {o.e_invoice ? <EInvoiceCard invoice={o.e_invoice} /> : null}
          <OrderHistoryCard events={o.events} />
          <OrderMessagesCard messages={messages} />
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
