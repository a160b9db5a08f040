import { formatNtd, msg } from '@shop/domain';
import { Code39Barcode } from './code39-barcode.tsx';
import type { ReactNode } from 'react';
import { ShopLink } from '../../components/shop-link.tsx';
import { CopyableNumber } from './copyable-number.tsx';
import { EInvoiceSection } from './e-invoice-section.tsx';
import type { OrderLineView, OrderView } from './order-view.ts';
import { Fact } from './order-fact.tsx';

/** The state chips of an order: its status, payment, shipping and after-sales records (spec §4). */
export function OrderStates({ order }: { order: OrderView }) {
  const cancelled = order.statusLabel === '已取消';
  // A cancelled order says only that (and a cancel record's own word when it adds something).
  const chips = cancelled
    ? [
        { key: 'status', text: order.statusLabel, tone: 'muted' },
        ...(order.cancelLabel && order.cancelLabel !== order.statusLabel
          ? [{ key: 'cancel', text: order.cancelLabel, tone: 'warn' }]
          : []),
      ]
    : [
        { key: 'status', text: order.statusLabel, tone: 'main' },
        { key: 'pay', text: order.paymentState, tone: order.isPaid ? 'ok' : 'warn' },
        { key: 'ship', text: order.shippingState, tone: order.isShipped ? 'ok' : 'muted' },
        ...(order.cancelLabel ? [{ key: 'cancel', text: order.cancelLabel, tone: 'warn' }] : []),
        ...(order.returnLabel ? [{ key: 'return', text: order.returnLabel, tone: 'warn' }] : []),
      ];
  // A shipped order's status already says 已出貨: the shipping chip would only repeat it.
  const shown = chips.filter((chip, i) => i === 0 || chip.text !== chips[0]!.text);
  return (
    <ul className="order-states" aria-label="訂單狀態">
      {shown.map((chip) => (
        <li key={chip.key} className={`order-state order-state--${chip.tone}`}>
          {chip.text}
        </li>
      ))}
    </ul>
  );
}

function Lines({ title, lines }: { title: string; lines: OrderLineView[] }) {
  if (lines.length === 0) return null;
  return (
    <table className="order-lines">
      <caption className="visually-hidden">{title}</caption>
      <thead>
        <tr>
          <th scope="col">{title}</th>
          <th scope="col">單價</th>
          <th scope="col">數量</th>
          <th scope="col">小計</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key}>
            <th scope="row">
              {line.name}
              {line.specName ? <span className="order-lines__spec">規格：{line.specName}</span> : null}
            </th>
            <td data-label="單價">{formatNtd(line.unitPrice)}</td>
            <td data-label="數量">{line.qty}</td>
            <td data-label="小計">{formatNtd(line.subtotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** spec §2 order detail totals: the free-shipping badge at NT$0 and points as a negative NT$ amount. */
export function OrderTotals({ order }: { order: OrderView }) {
  const bundles = order.bundles.length
    ? order.bundles
    : order.bundleDiscount > 0
      ? [{ key: 'b', title: '', discount: order.bundleDiscount }]
      : [];
  return (
    <dl className="order-totals">
      <div>
        <dt>商品金額</dt>
        <dd>{formatNtd(order.goodsAmount)}</dd>
      </div>
      {bundles.map((bundle) => (
        <div key={bundle.key}>
          <dt>組合優惠{bundle.title ? `：${bundle.title}` : ''}</dt>
          <dd>{formatNtd(-bundle.discount)}</dd>
        </div>
      ))}
      {order.celebrityDiscount > 0 ? (
        <div>
          <dt>網紅推薦優惠</dt>
          <dd>{formatNtd(-order.celebrityDiscount)}</dd>
        </div>
      ) : null}
      {order.levelDiscount > 0 ? (
        <div>
          <dt>會員折扣</dt>
          <dd>{formatNtd(-order.levelDiscount)}</dd>
        </div>
      ) : null}
      {order.couponDiscount > 0 ? (
        <div>
          <dt>優惠券{order.couponCode ? `（${order.couponCode}）` : ''}</dt>
          <dd>{formatNtd(-order.couponDiscount)}</dd>
        </div>
      ) : null}
      <div>
        <dt>運費</dt>
        <dd>
          {order.freeShipping ? <span className="free-badge">{msg.freeShipping}</span> : formatNtd(order.shipping)}
        </dd>
      </div>
      {order.useBonus > 0 ? (
        <div>
          <dt>紅利折抵</dt>
          <dd>{formatNtd(-order.useBonus)}</dd>
        </div>
      ) : null}
      <div className="order-totals__pay">
        <dt>應付金額</dt>
        <dd>{formatNtd(order.payAmount)}</dd>
      </div>
    </dl>
  );
}

/**
 * The tracking number and, for a carrier the domain knows, its tracking page in a new tab (issue 20
 * item 8b). A page that cannot open on the parcel gets the number pasted in, so it comes with 「複製」.
 */
function TrackingNumber({ order }: { order: OrderView }) {
  const { tracking, trackingNumber } = order;
  if (!tracking) return <>{trackingNumber}</>;
  return (
    <span className="tracking-number">
      {tracking.numberInUrl ? trackingNumber : <CopyableNumber value={trackingNumber} what="貨運單號" />}
      {/* The name says where the link goes before the shopper is taken there (WCAG 3.2.5); a hidden span
          would be read apart from the visible words, so the name is one label. */}
      <a
        className="tracking-number__link"
        href={tracking.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="查詢物流（另開新視窗）"
      >
        查詢物流<span aria-hidden="true"> ↗</span>
      </a>
      {tracking.numberInUrl ? null : <span className="tracking-number__hint">請複製單號，到物流公司網頁貼上查詢</span>}
    </span>
  );
}

/** The state of the order's payment and shipping, with the numbers the shopper pays or tracks by. */
function PaymentAndDelivery({ order }: { order: OrderView }) {
  return (
    <section className="panel order-detail__section" aria-labelledby="order-payment-title">
      <h2 id="order-payment-title">付款與配送</h2>
      <dl className="facts">
        <Fact label="付款方式">{order.paymentLabel}</Fact>
        <Fact label="付款狀態">{order.paymentState}</Fact>
        {order.virtualAccount ? (
          <>
            <Fact label="銀行代碼">{order.virtualAccount.bank}</Fact>
            <Fact label="ATM 繳費帳號">
              <CopyableNumber value={order.virtualAccount.account} what="繳費帳號" grouped />
            </Fact>
            <Fact label="繳費期限">{order.virtualAccount.expires}</Fact>
          </>
        ) : null}
        {order.paymentCode ? (
          <>
            <Fact label="超商繳費代碼">
              <CopyableNumber value={order.paymentCode.code} what="繳費代碼" />
            </Fact>
            <Fact label="繳費期限">{order.paymentCode.expires}</Fact>
          </>
        ) : null}
        {order.paymentBarcodes ? (
          <>
            <Fact label="超商繳費條碼">
              {order.paymentBarcodes.values.map((value, i) => (
                <Code39Barcode key={i} value={value} label={`第${['一', '二', '三'][i]}段條碼`} />
              ))}
            </Fact>
            <Fact label="繳費期限">{order.paymentBarcodes.expires}</Fact>
          </>
        ) : null}
        {order.lastNumberOfTransfer ? <Fact label="匯款帳號末五碼">{order.lastNumberOfTransfer}</Fact> : null}
        <Fact label="退款帳戶">{order.refundAccount}</Fact>
        <Fact label="配送方式">{order.deliveryLabel}</Fact>
        <Fact label="出貨狀態">
          {order.shippingState}
          {order.shipDate ? `（${order.shipDate} 出貨）` : ''}
        </Fact>
        {order.pickupDeadline ? <Fact label="取貨期限">{order.pickupDeadline} 前到門市取貨</Fact> : null}
        {order.receivedAt ? <Fact label="收貨時間">{order.receivedAt}</Fact> : null}
        <Fact label="物流公司">{order.freightCompany}</Fact>
        <Fact label="貨運單號">{order.trackingNumber ? <TrackingNumber order={order} /> : ''}</Fact>
        <Fact label="發票">{order.receipt}</Fact>
      </dl>
    </section>
  );
}

/** Who receives the parcel, and at which store or address. */
function Recipient({ order }: { order: OrderView }) {
  return (
    <section className="panel order-detail__section" aria-labelledby="order-recipient-title">
      <h2 id="order-recipient-title">收件資料</h2>
      <dl className="facts">
        <Fact label="收件人">{order.recvName}</Fact>
        <Fact label="手機">{order.recvCellphone}</Fact>
        {order.store ? (
          <Fact label="取貨門市">
            {[order.store.chain, order.store.name, order.store.id ? `（店號 ${order.store.id}）` : '']
              .filter(Boolean)
              .join(' ')}
            {order.store.address ? <span className="order-detail__store-address">{order.store.address}</span> : null}
          </Fact>
        ) : (
          <Fact label="地址">{order.recvAddress}</Fact>
        )}
        <Fact label="備註">{order.remark}</Fact>
      </dl>
    </section>
  );
}

/** The order's moves so far, and the pickup deadline once the parcel waits at a store. */
function OrderTimeline({ order }: { order: OrderView }) {
  if (order.timeline.length === 0) return null;
  return (
    <section className="panel order-detail__section" aria-labelledby="order-timeline-title">
      <h2 id="order-timeline-title">訂單進度</h2>
      <ol className="order-timeline">
        {order.timeline.map((step) => (
          <li key={step.key}>
            <span className="order-timeline__state">{step.label}</span> <time>{step.at}</time>
          </li>
        ))}
      </ol>
      {order.pickupDeadline ? (
        <p className="order-timeline__note">包裹已到門市，請於 {order.pickupDeadline} 前取貨，逾期將退回。</p>
      ) : null}
    </section>
  );
}

interface OrderDetailProps {
  order: OrderView;
  backHref: string;
  backLabel: string;
  /** The after-sales buttons (features/after-sales), when the viewer may use them. */
  actions?: ReactNode;
}

/**
 * spec §2 order detail: date `yyyy-MM-dd hh:mm a`, lines, free-shipping badge, points as a negative NT$
 * amount, payment and shipping state, tracking number, and a back link. The same view serves the
 * member's own order and the guest lookup's masked one.
 */
export function OrderDetail({ order, backHref, backLabel, actions }: OrderDetailProps) {
  return (
    <article className="order-detail" aria-labelledby="order-detail-title">
      <ShopLink to={backHref} className="back-link">
        <span aria-hidden="true">‹</span> {backLabel}
      </ShopLink>
      <header className="order-detail__head">
        <h1 id="order-detail-title" className="page-title">
          訂單 {order.orderNumber}
        </h1>
        <p className="order-detail__date">
          訂購時間 <time>{order.detailDate}</time>
        </p>
        <OrderStates order={order} />
      </header>
      {actions}

      <section className="panel order-detail__section" aria-labelledby="order-lines-title">
        <h2 id="order-lines-title">訂購商品</h2>
        <Lines title="商品" lines={order.lines} />
        <Lines title="組合商品" lines={order.packages} />
        <OrderTotals order={order} />
      </section>

      <OrderTimeline order={order} />

      <div className="order-detail__columns">
        <PaymentAndDelivery order={order} />
        <Recipient order={order} />
      </div>

      {order.eInvoice ? <EInvoiceSection invoice={order.eInvoice} /> : null}
    </article>
  );
}
