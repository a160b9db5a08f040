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

export async function action({ request, url, context, params }: Route.ActionArgs): Promise<ActionResult> {
  const api = staffApi({ request, url, context });
  const form = await readForm(request);
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
    case 'create-shipment': {
      const result = await adminSend<{ ok: boolean; msg: string }[]>(api, 'POST', '/admin/shipments', {
        order_ids: [Number(params.id)],
      });
      if (!result.ok) return result;
      const [one] = result.data ?? [];
      return one?.ok
        ? { ok: true, message: '已送出建立物流單，綠界建立後訂單會改為已出貨' }
        : { ok: false, message: one?.msg ?? '無法建立物流單' };
    }
    case 'simulate-shipment':
    case 'simulate-unclaimed':
      return send(
        'shipment/simulate',
        { unclaimed: intent === 'simulate-unclaimed' },
        '已模擬綠界的下一個物流狀態通知',
      );
    case 'approve-cancel':
      return send(
        'cancel-request/approve',
        { version, note },
        form.get('refund_route') === 'provider'
          ? '已核准取消，庫存與紅利已退回，款項將自動退回原付款方式'
          : '已核准取消，庫存與紅利已退回',
      );
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
    case 'record-refund':
      return send(
        'refund-record',
        {
          version,
          amount: toNumber(form.get('amount')),
          refunded_on: String(form.get('refunded_on') ?? ''),
          note: String(form.get('note') ?? ''),
        },
        '已記錄退款，訂單狀態為已退款',
      );
    case 'retry-job': {
      const job = String(form.get('job') ?? '');
      if (!/^\d+$/.test(job)) return { ok: false, message: '不支援此操作' };
      const result = await adminSend(api, 'POST', `/admin/jobs/${job}/retry`);
      return result.ok ? { ok: true, message: '已重新排入背景工作，稍後重新整理查看結果' } : result;
    }
    default:
      return { ok: false, message: '不支援此操作' };
  }
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
