import { Form } from 'react-router';
import {
  LOGISTICS_CARRIER_NAMES,
  shipmentStateLabel,
  shopDateTime,
  shopDay,
  temperatureLabel,
  type AdminShipmentView,
} from '@shop/domain';
import type { OrderDetail } from './order-detail.ts';

/**
 * 綠界物流 (issue 17 items 2 and 3): 建立物流單 for an order that may ship, then the logistics order at
 * ECPay — its numbers, ECPay's last word or why it was refused, the status notices so far — with
 * 列印託運單, and in simulator mode the buttons that play ECPay's next notice.
 */
export function EcpayShipmentCard({ order: o, canCreate }: { order: OrderDetail; canCreate: boolean }) {
  const s = o.shipment ?? null;
  const live = s !== null && s.state !== 'refused';
  return (
    <section className="bo-card" aria-labelledby="ecpay-shipment-title">
      <h2 id="ecpay-shipment-title">綠界物流</h2>
      {s ? <ShipmentFacts shipment={s} /> : <p>尚未建立物流單。建立後由綠界產生寄貨編號，訂單即改為已出貨。</p>}
      <div className="bo-actions">
        {canCreate && !live ? (
          <Form method="post">
            <button type="submit" name="intent" value="create-shipment" className="bo-button bo-button--primary">
              {s ? '重新建立物流單' : '建立物流單'}
            </button>
          </Form>
        ) : null}
        {s?.can_print ? (
          <a className="bo-button" href={`/admin/orders/labels?order_id=${o.id}`} target="_blank" rel="noopener">
            列印託運單<span className="bo-visually-hidden">（另開新視窗）</span>
          </a>
        ) : null}
        {s?.can_simulate ? (
          <Form method="post" className="bo-actions">
            <button type="submit" name="intent" value="simulate-shipment" className="bo-button">
              模擬物流進度
            </button>
            {s.status_code === 2073 || s.status_code === 3018 ? (
              <button type="submit" name="intent" value="simulate-unclaimed" className="bo-button">
                模擬逾期未取
              </button>
            ) : null}
          </Form>
        ) : null}
      </div>
    </section>
  );
}

function ShipmentFacts({ shipment: s }: { shipment: AdminShipmentView }) {
  const word = [s.status_code, s.status_message].filter((x) => x !== null && x !== '').join(' ');
  return (
    <>
      <dl className="bo-dl">
        <dt>狀態</dt>
        <dd>
          <span
            className={`bo-badge ${s.state === 'refused' ? 'bo-badge--danger' : s.state === 'pending' ? 'bo-badge--warn' : 'bo-badge--ok'}`}
          >
            {shipmentStateLabel[s.state]}
          </span>
          {s.state === 'pending' ? <small> 綠界暫時無法連線時會自動重試</small> : null}
        </dd>
        {s.error ? (
          <>
            <dt>無法建立的原因</dt>
            <dd>
              <span className="bo-notice bo-notice--error bo-notice--inline">{s.error}</span>
            </dd>
          </>
        ) : null}
        <dt>物流</dt>
        <dd>
          {LOGISTICS_CARRIER_NAMES[s.sub_type] ?? (s.logistics_type === 'CVS' ? '超商取貨' : '宅配')}
          {s.logistics_type === 'HOME' ? `（${temperatureLabel[s.temperature] ?? s.temperature}）` : ''}
        </dd>
        {s.all_pay_logistics_id ? (
          <>
            <dt>綠界物流編號</dt>
            <dd>{s.all_pay_logistics_id}</dd>
          </>
        ) : null}
        {s.cvs_payment_no ? (
          <>
            <dt>寄貨編號</dt>
            <dd>
              {s.cvs_payment_no}
              {s.cvs_validation_no ? `（驗證碼 ${s.cvs_validation_no}）` : ''}
            </dd>
          </>
        ) : null}
        {s.booking_note ? (
          <>
            <dt>託運單號</dt>
            <dd>{s.booking_note}</dd>
          </>
        ) : null}
        {s.pickup_deadline ? (
          <>
            <dt>取貨期限</dt>
            <dd>{shopDay(s.pickup_deadline)}</dd>
          </>
        ) : null}
        <dt>綠界回覆</dt>
        <dd>{word || '—'}</dd>
        <dt>廠商交易編號</dt>
        <dd>{s.merchant_trade_no}</dd>
      </dl>
      {s.notices.length > 0 ? <ShipmentNotices notices={s.notices} /> : null}
    </>
  );
}

/** ECPay's logistics notices, oldest first. */
function ShipmentNotices({ notices }: { notices: AdminShipmentView['notices'] }) {
  return (
    <>
      <h3 id="ecpay-notices-title">物流狀態</h3>
      <ol className="bo-picker__chosen" aria-labelledby="ecpay-notices-title">
        {notices.map((n, i) => (
          <li key={`${i}-${n.code}`}>
            <span className="bo-picker__name">
              {n.message || n.code}
              <br />
              <small>
                {n.code}
                {n.at ? ` · ${shopDateTime(n.at)}` : ''}
              </small>
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}
